import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, onSessionEnded } from './client';
import { ApiError } from './errors';

type Handler = (url: string, init: RequestInit) => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let handler: Handler;
const requests: { url: string; auth: string | null }[] = [];

beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    requests.push({ url, auth: headers.authorization ?? null });
    return handler(url, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('makes one refresh for several calls that meet a 401, then retries them with the new token', async () => {
    localStorage.setItem('accessToken', 'old');
    localStorage.setItem('refreshToken', 'r1');
    handler = (url, init) => {
      if (url === '/jwt/refresh-token') {
        expect(JSON.parse(String(init.body))).toMatchObject({ refreshToken: 'r1' });
        return json(200, { accessToken: 'new', refreshToken: 'r2' });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new' ? json(200, { data: { userID: 1 } }) : json(401, { code: 401, message: 'expired' });
    };
    const results = await Promise.all([
      callApi('Common/GetDecodedUserID', {}),
      callApi('Common/GetDecodedUserID', {}),
      callApi('Common/GetDecodedUserID', {}),
    ]);
    expect(results.every((r) => r.data.userID === 1)).toBe(true);
    expect(requests.filter((r) => r.url === '/jwt/refresh-token')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe('new');
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('renews an expired token met by a public call that the signed-in use too, and asks again', async () => {
    localStorage.setItem('accessToken', 'old');
    localStorage.setItem('refreshToken', 'r1');
    handler = (url, init) => {
      if (url === '/jwt/refresh-token') return json(200, { accessToken: 'new', refreshToken: 'r2' });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new'
        ? json(200, { data: [], allData: [], total: 0, count: 0 })
        : json(401, { code: 401, message: 'this visit has no token' });
    };
    const answer = await callApi('Booking/GetPlacesForWebBooker', { text: 'Savoy' });
    expect(answer.data).toEqual([]);
    expect(requests.map((r) => r.auth)).toEqual(['Bearer old', null, 'Bearer new']);
  });

  it('asks again with the same idempotency key when a refresh’s answer was lost, and a new key after', async () => {
    localStorage.setItem('accessToken', 'old');
    localStorage.setItem('refreshToken', 'r1-0123456789abcdef');
    const sent: { refreshToken: string; idempotencyKey: string }[] = [];
    let answerLost = true;
    handler = (url, init) => {
      if (url === '/jwt/refresh-token') {
        sent.push(JSON.parse(String(init.body)) as (typeof sent)[number]);
        // The page that asked first was left before the answer came: the answer never reached it.
        if (answerLost) throw new TypeError('Failed to fetch');
        const n = sent.length;
        return json(200, { accessToken: `new-${n}`, refreshToken: `r${n}-0123456789abcdef-${n}` });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth?.startsWith('Bearer new')
        ? json(200, { data: { userID: 1 } })
        : json(401, { code: 401, message: 'x' });
    };
    await expect(callApi('Common/GetDecodedUserID', {})).rejects.toBeInstanceOf(ApiError);
    answerLost = false;
    localStorage.setItem('accessToken', 'old');
    expect((await callApi('Common/GetDecodedUserID', {})).data.userID).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.refreshToken).toBe(sent[0]!.refreshToken);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(sent[0]!.idempotencyKey.length).toBeGreaterThanOrEqual(16);

    localStorage.setItem('accessToken', 'old');
    await callApi('Common/GetDecodedUserID', {});
    expect(sent[2]!.refreshToken).toBe('r2-0123456789abcdef-2');
    expect(sent[2]!.idempotencyKey).not.toBe(sent[1]!.idempotencyKey);
  });

  it('ends the session when the refresh fails', async () => {
    localStorage.setItem('accessToken', 'old');
    localStorage.setItem('refreshToken', 'stolen');
    handler = (url) =>
      url === '/jwt/refresh-token'
        ? json(401, { code: 401, message: 'reused' })
        : json(401, { code: 401, message: 'expired' });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(callApi('Common/GetDecodedUserID', {})).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledOnce();
    stop();
  });

  it('keeps the session when the server could not answer a refresh (busy, restarting, no network)', async () => {
    localStorage.setItem('accessToken', 'old');
    localStorage.setItem('refreshToken', 'r1');
    let refreshAnswer: () => Response = () => json(503, { code: 503, message: 'The server is starting.' });
    handler = (url, init) => {
      if (url === '/jwt/refresh-token') return refreshAnswer();
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new' ? json(200, { data: { userID: 1 } }) : json(401, { code: 401, message: 'expired' });
    };
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const busy = await callApi('Common/GetDecodedUserID', {}).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(ApiError);
    expect((busy as ApiError).status).toBe(503);
    refreshAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(callApi('Common/GetDecodedUserID', {})).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('r1');

    refreshAnswer = () => json(200, { accessToken: 'new', refreshToken: 'r2' });
    expect((await callApi('Common/GetDecodedUserID', {})).data.userID).toBe(1);
    expect(ended).not.toHaveBeenCalled();
    stop();
  });

  it('carries the server’s message and field errors', async () => {
    handler = () =>
      json(400, {
        code: 400,
        message: 'email must be a valid e-mail address',
        errors: [{ field: 'email', message: 'must be a valid e-mail address' }],
      });
    const error = await callApi('UserLogin/UserSignIn', { email: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).byField).toEqual({ email: 'must be a valid e-mail address' });
  });

  it('treats a list answer that carries a code as a failure', async () => {
    localStorage.setItem('accessToken', 't');
    handler = () => json(200, { code: 500, message: 'broken list' });
    await expect(callApi('Users/GetTableSummary', {})).rejects.toMatchObject({ message: 'broken list' });
  });
});
