import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics';

/** Who made a request, once the token said so (set by the router; null for public calls). */
export interface Caller {
  companyId: number;
  userId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** A request id a proxy or client sent is kept when it is a plain token; anything else gets a new one. */
const PLAIN_ID = /^[\w.:-]{1,64}$/;

export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && PLAIN_ID.test(sent) ? sent : randomUUID();
}

/** Probes are asked every few seconds: their lines would drown the calls people make. */
const QUIET = new Set(['/health', '/ready', '/metrics']);

const callOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unrouted';

/**
 * One JSON line per answered request — call, status, duration, company and user, request id — and
 * the same answer counted in the metrics. The id goes back in the `x-request-id` header, and in the
 * body of a failure on our side, so a person's report leads to its line.
 */
export function installRequestLog(app: FastifyInstance, metrics: Metrics): void {
  app.decorateRequest('caller', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const call = callOf(request);
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    metrics.requests.inc({ call, status });
    metrics.duration.observe({ call }, seconds);
    if (status >= 400) metrics.errors.inc({ status });
    const line = {
      call,
      method: request.method,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      companyId: request.caller?.companyId,
      userId: request.caller?.userId,
    };
    if (QUIET.has(call) && status < 400) request.log.debug(line, 'request');
    else if (status >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
  });
}
