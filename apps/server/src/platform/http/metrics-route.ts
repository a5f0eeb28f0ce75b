import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics';

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/metrics` in the Prometheus text format. It names calls and counts, never a company's data; with
 * `METRICS_TOKEN` set it also asks for that bearer token, for a port the proxy does not close.
 */
export function installMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', async (request, reply) => {
    if (token) {
      const sent = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(sent, token)) {
        return reply.status(401).send({ code: 401, message: 'The metrics need the METRICS_TOKEN bearer token.' });
      }
    }
    const text = await metrics.text();
    return reply.type(metrics.contentType).send(text);
  });
}
