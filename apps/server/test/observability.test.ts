import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger';
import { call } from './client';
import { createCompany, PASSWORD, signIn } from './factories';
import { createTestApp } from './harness';

/** The app's log lines, kept in memory at the production level. */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger('info', sink), lines };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'request');

describe('request log, request ids and /metrics', () => {
  it('writes one line per request with the call, status, duration, company, user and request id', async () => {
    const { log, lines } = memoryLog();
    const { app, db } = await createTestApp({}, { log });
    const company = await createCompany(db);
    const admin = await signIn(app, company.adminEmail);
    const list = await app.inject({
      method: 'POST',
      url: '/Driver/GetTableSummary',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'x-request-id': 'support-ticket-42' },
      payload: {},
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-request-id']).toBe('support-ticket-42');

    const line = requestLines(lines).find((l) => l.call === '/Driver/GetTableSummary');
    expect(line).toMatchObject({
      requestId: 'support-ticket-42',
      method: 'POST',
      status: 200,
      companyId: company.id,
    });
    expect(typeof line?.userId).toBe('number');
    expect(typeof line?.ms).toBe('number');
    const signInLine = requestLines(lines).find((l) => l.call === '/UserLogin/UserSignIn');
    expect(signInLine).toMatchObject({ status: 200 });
    expect(signInLine?.companyId).toBeUndefined();
  });

  it('gives a request without a usable id a new one, in the header and the line', async () => {
    const { log, lines } = memoryLog();
    const { app } = await createTestApp({}, { log });
    const res = await app.inject({
      method: 'POST',
      url: '/Driver/GetTableSummary',
      headers: { 'x-request-id': 'a b<c>' },
    });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(lines).find((l) => l.requestId === id)).toMatchObject({ status: 401 });
  });

  it('keeps passwords and tokens out of the log, even at the most detailed level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { app, db } = await createTestApp({}, { log: createLogger('trace', sink) });
    const company = await createCompany(db);
    await call(app, 'UserLogin/UserSignIn', {
      email: company.adminEmail,
      password: 'not the password',
      isDriverinWebView: 'False',
    });
    const admin = await signIn(app, company.adminEmail);
    await call(
      app,
      'ProfileSettings/UpdatePassword',
      {
        currentPassword: PASSWORD,
        newPassword: 'a brand new secret phrase',
        confirmPassword: 'a brand new secret phrase',
      },
      admin.accessToken,
    );
    const text = lines.join('');
    expect(text).toContain('/ProfileSettings/UpdatePassword');
    for (const secret of [
      PASSWORD,
      'not the password',
      'a brand new secret phrase',
      admin.accessToken,
      admin.refreshToken,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('serves the Prometheus figures: calls, errors, pool, sockets, queue, positions, offer time-outs', async () => {
    const { app, db } = await createTestApp();
    const company = await createCompany(db);
    const admin = await signIn(app, company.adminEmail);
    await call(app, 'Driver/GetTableSummary', {}, admin.accessToken);
    await call(app, 'Driver/GetTableSummary', {});
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/cabdesk_http_requests_total\{call="\/Driver\/GetTableSummary",status="200"\} 1/);
    expect(text).toMatch(/cabdesk_http_requests_total\{call="\/Driver\/GetTableSummary",status="401"\} 1/);
    expect(text).toMatch(/cabdesk_http_errors_total\{status="401"\} 1/);
    expect(text).toMatch(/cabdesk_http_request_duration_seconds_count\{call="\/UserLogin\/UserSignIn"\} 1/);
    expect(text).toMatch(/cabdesk_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/cabdesk_websocket_connections 0/);
    expect(text).toContain('cabdesk_job_queue_depth');
    expect(text).toMatch(/cabdesk_positions_stored_total 0/);
    expect(text).toMatch(/cabdesk_offer_timeouts_total 0/);
    expect(text).toContain('cabdesk_process_cpu_seconds_total');
  });

  it('asks for the metrics token when one is set', async () => {
    const token = 'metrics-token-0123456789';
    const { app } = await createTestApp({ METRICS_TOKEN: token });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('cabdesk_http_requests_total');
  });

  it('refuses a 50 MB body with 413 from its length, before reading it', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/UserLogin/UserSignIn',
      headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
      payload: '{}',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: 'The body is too large.' });
  });
});
