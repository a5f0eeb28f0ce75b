import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import { allCalls } from '@cabdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'driver'>;

beforeAll(async () => {
  w = await world({ roles: ['driver'] });
});

describe('the action router', () => {
  // Once every call is built nothing answers 501 any more: the test is then skipped, not passed.
  const waiting = allCalls.find((c) => c.kind === 'planned' && c.methods.includes('POST'));
  it.skipIf(!waiting)('answers 501 for a declared call that is not built yet', async () => {
    if (!waiting) throw new Error('no planned call');
    const res = await callRaw(w.app, waiting.name, {}, w.admin.token);
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ code: 501, message: `${waiting.name} is not implemented yet.` });
  });

  it('answers 404 for a name the contract does not know', async () => {
    const res = await callRaw(w.app, 'Driver/GetEverything', {}, w.admin.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });

  it('answers 405 when a call is used with the wrong method', async () => {
    const res = await callRaw(w.app, 'Users/GetTableSummary', undefined, w.admin.token, 'GET');
    expect(res.status).toBe(405);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await w.app.inject({
      method: 'POST',
      url: '/Users/GetTableSummary',
      headers: { authorization: `Bearer ${w.admin.token}`, 'content-type': 'application/json' },
      payload: '{"page": 0,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'The body is not valid JSON.' });
  });

  it('treats a POST without a body as an empty object', async () => {
    const res = await w.app.inject({
      method: 'POST',
      url: '/Users/GetTableSummary',
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('data');
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expect((await call(w.app, 'Users/GetTableSummary', {})).status).toBe(401);
    expect((await call(w.app, 'Users/GetTableSummary', {}, 'not.a.token')).status).toBe(401);
    const forged = await new SignJWT({ cid: 1, knd: 'admin', rid: 0, pid: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some other secret that is long enough'));
    expect((await call(w.app, 'Users/GetTableSummary', {}, forged)).status).toBe(401);
    const expired = await new SignJWT({ cid: 1, knd: 'admin', rid: 0, pid: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(w.services.config.jwtSecret ?? readSecret()));
    const res = await call(w.app, 'Users/GetTableSummary', {}, expired);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
  });

  it('answers 403 when the role lacks the permission', async () => {
    const res = await call(w.app, 'Users/GetTableSummary', {}, w.as.driver.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, message: 'Your role does not allow this.' });
  });

  it('answers 400 naming each field and its rule', async () => {
    const res = await call(w.app, 'Users/GetTableSummary', { perPage: 'ten', sortType: 'sideways' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'perPage', message: 'Rows per page must be a whole number', rule: 'must be a whole number' },
      { field: 'sortType', message: 'Sort order must be asc or desc', rule: 'must be asc or desc' },
    ]);
    expect(res.body.message).toContain('Rows per page must be a whole number');
  });

  it('serves the OpenAPI document at /docs', async () => {
    const res = await w.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/UserLogin/UserSignIn']).toBeDefined();
  });

  it('answers health and readiness', async () => {
    expect((await w.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await w.app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ready' });
  });
});

function readSecret(): string {
  // The test app keeps its generated secret in its data folder.
  return readFileSync(`${w.config.dataDir}/jwt-secret`, 'utf8').trim();
}

describe('pages', () => {
  it('answers the web app (or its stand-in) for page addresses and the root, JSON 404 for unknown calls', async () => {
    for (const url of ['/', '/dashboard', '/login?UKCB', '/settings/users']) {
      const res = await w.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
    const api = await w.app.inject({ method: 'GET', url: '/Nope/Nothing', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
  });
});
