/**
 * PostgreSQL stops under a running server and comes back: while it is away, calls answer 503 with
 * words and a request id and /ready says 503; once it is back the same server answers again, with
 * no restart. The server runs on an embedded PostgreSQL of its own that the test stops and starts.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb } from '../src/platform/db/client';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded';
import { migrateDatabase } from '../src/platform/db/migrate';
import { createLogger } from '../src/platform/logger';
import { createCompany, signIn } from './factories';

const folder = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-away-'));
mkdirSync(path.join(folder, 'data'));
const log = createLogger('silent');
let database: EmbeddedDatabase | undefined;

afterAll(async () => {
  await database?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const startDatabase = (port: number) =>
  startEmbeddedPostgres({ dataDir: path.join(folder, 'pg'), port, database: 'cabdesk', log, throwAway: true });

describe('the database goes away and comes back', () => {
  it('answers 503 while it is away and recovers by itself', { timeout: 120_000 }, async () => {
    const port = await freePort();
    database = await startDatabase(port);
    const db = createDb(database.url, 4);
    await migrateDatabase(db.$client);
    const config = loadConfig({ CABDESK_DATA_DIR: path.join(folder, 'data'), CABDESK_DEMO_DATA: 'false' });
    const { app } = await buildApp({ config, db, log });
    await app.ready();
    try {
      const company = await createCompany(db);
      const admin = await signIn(app, company.adminEmail);
      const ask = () =>
        app.inject({
          method: 'POST',
          url: '/Driver/GetTableSummary',
          headers: { authorization: `Bearer ${admin.accessToken}` },
          payload: {},
        });
      expect((await ask()).statusCode).toBe(200);

      await database.stop();
      const away = await ask();
      expect(away.statusCode).toBe(503);
      expect(away.json()).toMatchObject({
        code: 503,
        message: 'The database is not reachable right now. Try again in a moment.',
        requestId: away.headers['x-request-id'],
      });
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);

      database = await startDatabase(port);
      let back = await ask();
      // The pool may hand out a connection that died with the old server once; the next call is fresh.
      for (let i = 0; i < 5 && back.statusCode !== 200; i++) back = await ask();
      expect(back.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.$client.end();
    }
  });
});
