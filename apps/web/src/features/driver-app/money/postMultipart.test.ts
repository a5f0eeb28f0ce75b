import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { postMultipart } from './postMultipart';

const fetchMock = vi.fn();

beforeEach(() => {
  localStorage.setItem('accessToken', 'token-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('postMultipart', () => {
  it('sends the fields as text and the file under the call’s upload field, with the token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'Created.', data: { id: 5 } }));
    const receipt = new File(['%PDF-1.4'], 'parking.pdf', { type: 'application/pdf' });
    const answer = await postMultipart(
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: '3', amountMinor: 1250, bookingId: null, note: '' },
      receipt,
    );
    expect(answer.data).toEqual({ id: 5 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/Driver/AddDriverExpenseFromDriverApp');
    expect(init.headers).toEqual({ authorization: 'Bearer token-1' });
    const form = init.body as FormData;
    expect(form.get('expenseTypeId')).toBe('3');
    expect(form.get('amountMinor')).toBe('1250');
    expect(form.has('bookingId')).toBe(false);
    expect(form.has('note')).toBe(false);
    expect((form.get('receipt') as File).name).toBe('parking.pdf');
  });

  it('renews the token once on 401 and sends again', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { code: 401, message: 'Expired.' }));
    fetchMock.mockResolvedValueOnce(json(200, { accessToken: 'token-2', refreshToken: 'refresh-2' }));
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'Created.', data: { id: 6 } }));
    const answer = await postMultipart(
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: 1, amountMinor: 100 },
      null,
    );
    expect(answer.data).toEqual({ id: 6 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/Driver/AddDriverExpenseFromDriverApp',
      '/jwt/refresh-token',
      '/Driver/AddDriverExpenseFromDriverApp',
    ]);
    expect((fetchMock.mock.calls[2]![1] as RequestInit).headers).toEqual({ authorization: 'Bearer token-2' });
  });

  it('turns a refusal into an ApiError naming the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { code: 400, message: 'receipt is required', errors: [{ field: 'receipt', message: 'is required' }] }),
    );
    const error = await postMultipart(
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: 1, amountMinor: 100 },
      null,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).byField).toEqual({ receipt: 'is required' });
  });
});
