import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnyBuiltCall,
  type AnyCall,
  allCalls,
  describeFieldErrors,
  fieldErrors,
  inPeopleWords,
  type Permission,
} from '@cabdesk/contract';
import type { AppAbility } from '../auth/abilities';
import type { Session } from '../auth/tokens';
import type { Db } from '../db/client';
import type { Services } from '../services';
import type { CallContext, Handlers } from './context';
import { AppError, badRequest, forbidden, notImplemented, unauthorized } from './errors';

type AnyHandler = (input: unknown, ctx: CallContext<Session | null>) => Promise<unknown>;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

async function authenticate(call: AnyCall, request: FastifyRequest, services: Services) {
  const token = bearer(request);
  if (!token) {
    if (call.isPublic) return { session: null, ...{ ability: services.abilities.anonymous(), rules: [] } };
    throw unauthorized();
  }
  try {
    const session = await services.tokens.verifyAccess(token);
    return { session, ...(await services.abilities.forSession(session)) };
  } catch (error) {
    // A stale token on a public call (the sign-in page) is simply ignored.
    if (call.isPublic && error instanceof AppError && error.status === 401) {
      return { session: null, ability: services.abilities.anonymous(), rules: [] };
    }
    throw error;
  }
}

function parseInput(call: AnyBuiltCall, raw: unknown): unknown {
  const parsed = call.input.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const errors = inPeopleWords(fieldErrors(parsed.error));
  throw badRequest(describeFieldErrors(errors), errors);
}

/**
 * A multipart/form-data body becomes the same object a JSON body would be: text fields as they are,
 * the file as {fileName, mimeType, content (base64)} under the call's upload field.
 */
async function multipartInput(call: AnyCall, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!call.upload) throw badRequest('This call takes a JSON body, not a form upload.');
  const input: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      // A form with an empty file input still sends a part: no name and no bytes means no file.
      if (!part.filename && bytes.length === 0) continue;
      input[call.upload] = { fileName: part.filename, mimeType: part.mimetype, content: bytes.toString('base64') };
    } else {
      input[part.fieldname] = part.value;
    }
  }
  return input;
}

const messages = { create: 'Created.', update: 'Saved.', delete: 'Deleted.', read: 'OK.' } as const;

/** Wraps a handler's result in the envelope of the call's kind (docs/api-conventions.md). */
function envelope(call: AnyBuiltCall, result: unknown): unknown {
  switch (call.kind) {
    case 'list':
      return result;
    case 'read':
      return { data: result };
    case 'mutation': {
      const { data, message } = result as { data: unknown; message?: string };
      return { code: 200, message: message ?? messages[call.verb], data };
    }
    case 'flat': {
      const body = result as Record<string, unknown>;
      return { ...body, code: 200, message: messages[call.verb], data: body };
    }
    default:
      return result;
  }
}

/** In tests every answer is checked against the contract, so the contract cannot drift from the code. */
function checkOutput(call: AnyBuiltCall, result: unknown): void {
  const values =
    call.kind === 'list'
      ? (result as { data: unknown[]; allData: unknown[] }).data
      : [call.kind === 'mutation' ? (result as { data: unknown }).data : result];
  for (const value of values) {
    const parsed = call.output.safeParse(value);
    if (!parsed.success) {
      throw new Error(`${call.name} answered outside its contract: ${describeFieldErrors(fieldErrors(parsed.error))}`);
    }
  }
  if (call.kind === 'list' && call.extra) {
    const parsed = call.extra.safeParse(result);
    if (!parsed.success) {
      throw new Error(`${call.name} answered outside its contract: ${describeFieldErrors(fieldErrors(parsed.error))}`);
    }
  }
}

/**
 * The one permission check, for every road into the product (calls, exports, imports, the live
 * socket): the declared verb on the subject, or on the second subject a call is also open to.
 */
export function permits(ability: AppAbility, permission: Permission): boolean {
  return (
    ability.can(permission.verb, permission.subject) ||
    (permission.alsoFor !== undefined && ability.can(permission.verb, permission.alsoFor))
  );
}

async function run(call: AnyCall, handler: AnyHandler, request: FastifyRequest, services: Services): Promise<unknown> {
  if (call.kind === 'planned') throw notImplemented(call.name);
  const auth = await authenticate(call, request, services);
  if (auth.session) request.caller = { companyId: auth.session.companyId, userId: auth.session.userId };
  if (!call.isPublic && !permits(auth.ability, call)) {
    throw auth.session ? forbidden() : unauthorized();
  }
  const raw =
    request.method === 'GET'
      ? request.query
      : request.isMultipart()
        ? await multipartInput(call, request)
        : request.body;
  const input = parseInput(call, raw);
  const effects: Effect[] = [];
  const failureEffects: Effect[] = [];
  const context = (db: Db): CallContext<Session | null> => ({
    db,
    session: auth.session,
    ability: auth.ability,
    rules: auth.rules,
    services,
    request: { ip: request.ip, userAgent: request.headers['user-agent'] },
    afterCommit: (effect) => effects.push(effect),
    afterRollback: (effect) => failureEffects.push(effect),
  });
  const writes = call.kind === 'mutation' || call.kind === 'flat';
  let result: unknown;
  try {
    result = writes
      ? await services.db.transaction((tx) => handler(input, context(tx)))
      : await handler(input, context(services.db));
  } catch (error) {
    await runEffects(failureEffects, request, call, 'after-rollback');
    throw error;
  }
  if (services.checkOutputs) checkOutput(call, result);
  await runEffects(effects, request, call, 'after-commit');
  return envelope(call, result);
}

type Effect = () => void | Promise<void>;

/** Effects run one after another; a failing one is logged and never changes the call's answer. */
async function runEffects(effects: Effect[], request: FastifyRequest, call: AnyCall, when: string): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      request.log.error({ err: error, call: call.name }, `${when} effect failed`);
    }
  }
}

/**
 * One route per contract entry. Every call takes this road: planned → 501, authentication,
 * permission (CASL verb on the call's subject, or on its alsoFor), input parsing, the handler (in a transaction when
 * it changes data), then the envelope.
 */
export function registerCalls(app: FastifyInstance, services: Services, handlers: Partial<Handlers>): void {
  for (const call of allCalls) {
    const handler = (handlers as Record<string, AnyHandler>)[call.name];
    if (call.kind !== 'planned' && !handler) {
      throw new Error(`${call.name} has a contract but no handler`);
    }
    for (const method of call.methods) {
      app.route({
        method,
        url: call.path,
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const body = await run(call, handler as AnyHandler, request, services);
          return reply.send(body);
        },
      });
    }
  }
}
