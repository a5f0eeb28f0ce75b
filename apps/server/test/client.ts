import { type BuiltName, type CallInput, type Failure, type ResponseOf, contract } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The body of a typed call: the call's own answer on success. A test of a refusal reads `code`,
 * `message` and `errors` (docs/api-conventions.md, "Answers") off the same body, so they are there
 * too, optional (a list answer has none). A 409 may add fields of its own (the booking's version);
 * `toMatchObject` checks those without a cast.
 */
export type Answer<K extends BuiltName> = ResponseOf<K> & Partial<Failure>;

export interface CallResult<T> {
  status: number;
  body: T;
}

type Method = 'POST' | 'GET';

/** An untyped answer: any keys, with a failure's fields typed when they are there. */
export type RawAnswer = Partial<Failure> & Record<string, unknown>;

async function send(
  app: FastifyInstance,
  url: string,
  method: Method,
  body: unknown,
  token: string | undefined,
): Promise<CallResult<unknown>> {
  const response = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'POST' && body !== undefined ? { payload: body as object } : {}),
    ...(method === 'GET' && body ? { query: body as Record<string, string> } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A GET call's input travels in the query string, where every value is text. */
function asQuery(input: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * Makes a call the way a client does, typed by the contract: the input must be what the call takes
 * and the body is what it answers. The method and path come from the contract's entry (POST when
 * the call takes it, GET for the GET-only calls); a call declared for both can be asked for GET.
 */
export async function call<K extends BuiltName>(
  app: FastifyInstance,
  name: K,
  input: CallInput<K>,
  token?: string,
  method: Method = contract[name].methods.includes('POST') ? 'POST' : 'GET',
): Promise<CallResult<Answer<K>>> {
  const entry = contract[name];
  if (!entry.methods.includes(method)) throw new Error(`${name} is not a ${method} call; callRaw sends it anyway`);
  const body = method === 'GET' ? asQuery(input as object) : input;
  return (await send(app, entry.path, method, body, token)) as CallResult<Answer<K>>;
}

/**
 * An untyped call, for tests that send what no client should (a wrong body, an unknown name, the
 * wrong method) and for names known only at run time (every look-up of the contract). The answer is
 * whatever came back.
 */
export async function callRaw(
  app: FastifyInstance,
  name: string,
  body?: unknown,
  token?: string,
  method: Method = 'POST',
): Promise<CallResult<RawAnswer>> {
  return (await send(app, `/${name}`, method, body, token)) as CallResult<RawAnswer>;
}

/** What a call answers under `data`: the page of a list, the record of a read, the result of a change. */
export type DataOf<K extends BuiltName> = ResponseOf<K> extends { data: infer D } ? D : never;

/**
 * Makes a call that must succeed and answers its `data`; any other status throws with the body, so a
 * set-up step that fails says why instead of failing later on an undefined row.
 */
export async function callData<K extends BuiltName>(
  app: FastifyInstance,
  name: K,
  input: CallInput<K>,
  token?: string,
): Promise<DataOf<K>> {
  const res = await call(app, name, input, token);
  if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { data: DataOf<K> }).data;
}
