import type { BuiltName, CallInput, ResponseOf } from '@cabdesk/contract';
import { callMeta } from './call-meta';
import { ApiError } from './errors';
import { storage } from './session';

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** Called when the session cannot be renewed; the app signs out. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

let refreshing: Promise<boolean> | null = null;

/**
 * The idempotency key goes into storage before the request: a page left while the refresh is under
 * way loses its answer, and the next page asks again with the same token and key, which the server
 * answers with the same new token instead of taking it for a stolen one.
 */
async function postRefresh(refreshToken: string): Promise<boolean> {
  const idempotencyKey = storage.refreshKeyFor(refreshToken);
  let response: Response;
  try {
    response = await fetch('/jwt/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken, idempotencyKey }),
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached to renew your session. It is tried again.', []);
  }
  if (sessionIsOver(response.status)) return false;
  // A busy or restarting server, a lost answer: the session is still good, only this try failed.
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { accessToken: string; refreshToken: string };
  storage.setTokens(body.accessToken, body.refreshToken);
  return true;
}

/**
 * Whether a refresh's answer ends the session: the server refused the token (401, or a malformed one,
 * 400). A server error, a time-out or a rate limit says nothing of the session: signing the person out
 * then (a dispatcher mid-shift, on a server that restarts) would be the product's fault.
 */
const sessionIsOver = (status: number) => status === 401 || status === 400;

/**
 * One refresh for any number of calls that met a 401 at once: the first starts it, the others wait
 * for it and retry with the new token. Across tabs a Web Lock serialises refreshes; a tab that finds
 * the token already renewed by another tab uses that one. Answers whether the session goes on; fails
 * (with the reason) when the server could not say, which leaves the session as it is.
 */
export function refreshOnce(failedWith: string | null): Promise<boolean> {
  refreshing ??= (async () => {
    const run = async () => {
      const current = storage.refreshToken;
      if (!current) return false;
      if (failedWith !== storage.accessToken && storage.accessToken) return true;
      return postRefresh(current);
    };
    try {
      return typeof navigator !== 'undefined' && navigator.locks
        ? await navigator.locks.request('cabdesk-refresh', run)
        : await run();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function send(name: BuiltName, input: unknown, token: string | null): Promise<Response> {
  const call = callMeta(name);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (call.methods.includes('POST')) {
    headers['content-type'] = 'application/json';
    return fetch(call.path, { method: 'POST', headers, body: JSON.stringify(input ?? {}) });
  }
  const query = new URLSearchParams(
    Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  return fetch(`${call.path}${query.size ? `?${query}` : ''}`, { headers });
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { message?: string; errors?: ApiError['errors'] } | null;
  return new ApiError(
    response.status,
    body?.message ?? `The server answered ${response.status}.`,
    body?.errors ?? [],
    body,
  );
}

/** Sends, renews the token once on 401 (or ends the session), and reads the answer or the failure. */
async function exchange<K extends BuiltName>(
  name: K,
  sendWith: (token: string | null) => Promise<Response>,
): Promise<ResponseOf<K>> {
  const token = storage.accessToken;
  let response = await sendWith(token);
  // A public call that also serves the signed-in (the passenger's own booking form) reads an expired
  // token as no token and refuses: it is renewed like any other.
  if (response.status === 401 && (token || !callMeta(name).isPublic) && storage.refreshToken) {
    if (await refreshOnce(token)) {
      response = await sendWith(storage.accessToken);
    } else {
      for (const listener of sessionEndedListeners) listener();
      throw await failure(response);
    }
  }
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as ResponseOf<K> & { code?: number; message?: string };
  // Spec 000 §5: a list that carries a code has failed.
  if (callMeta(name).kind === 'list' && body.code !== undefined) {
    throw new ApiError(body.code, body.message ?? 'The list could not be loaded.', [], body);
  }
  return body;
}

/** Calls the server through the contract: typed input and answer, one refresh on 401. */
export function callApi<K extends BuiltName>(name: K, input: CallInput<K>): Promise<ResponseOf<K>> {
  return exchange(name, (token) => send(name, input, token));
}

/**
 * A call with a file, as multipart/form-data (a phone's photo would grow by a third as base64 in
 * JSON, and JSON bodies stop at 2 MB). Same answers and failures as `callApi`.
 */
export function callApiWithForm<K extends BuiltName>(name: K, form: FormData): Promise<ResponseOf<K>> {
  return exchange(name, (token) =>
    // No content-type header: the browser writes the multipart boundary itself.
    fetch(callMeta(name).path, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    }),
  );
}

export const api = { call: callApi };

/**
 * A call with a token of its own instead of the signed-in session's (the web booker's visitor
 * token): no refresh, a 401 is the caller's to handle.
 */
export async function callWithToken<K extends BuiltName>(
  name: K,
  input: CallInput<K>,
  token: string | null,
): Promise<ResponseOf<K>> {
  const response = await send(name, input, token);
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as ResponseOf<K> & { code?: number; message?: string };
  if (callMeta(name).kind === 'list' && body.code !== undefined) {
    throw new ApiError(body.code, body.message ?? 'The list could not be loaded.', [], body);
  }
  return body;
}
