import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded';
import { migrateDatabase } from '../src/platform/db/migrate';
import { createLogger } from '../src/platform/logger';
import { leaksIn } from './log-capture';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDatabase: string;
    testLogDir: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * One PostgreSQL for the run: the embedded one, or TEST_DATABASE_URL. A template database is
 * migrated once; every test file clones it (test/harness.ts).
 */
export default async function setup(project: TestProject) {
  const log = createLogger('warn');
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = path.join(os.tmpdir(), `cabdesk-test-pg-${process.pid}`);
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      database: 'postgres',
      log,
      throwAway: true,
    });
    adminUrl = embedded.url;
  }
  const template = `cabdesk_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 2 });
  await migrateDatabase(pool);
  await pool.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', template);
  const logDir = path.join(os.tmpdir(), `cabdesk-test-logs-${process.pid}`);
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  project.provide('testLogDir', logDir);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'cabdesk_t_${process.pid}_%' or datname = $1`,
      [template],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
    await admin.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    const leaks = leaksIn(logDir);
    if (leaks.length) {
      const shown = leaks.slice(0, 20).map((l) => `  ${l.file}:${l.line} holds ${l.secret}`);
      // A teardown's error is printed but does not fail the run by itself.
      console.error(`The logs of this run hold secrets (${leaks.length} lines):\n${shown.join('\n')}`);
      process.exitCode = 1;
      return;
    }
    rmSync(logDir, { recursive: true, force: true });
  };
}
