import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDb, type RootDb } from '../src/platform/db/client';
import type { Logger } from '../src/platform/logger';
import { capturedLogger } from './log-capture';
import { closeWhenFileEnds } from './file-end';
import type { Services } from '../src/platform/services';

export interface TestApp {
  app: FastifyInstance;
  db: RootDb;
  services: Services;
  config: Config;
  databaseUrl: string;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function cloneTemplate(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('templateDatabase');
  const name = `${template.replace('cabdesk_template_', 'cabdesk_t_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        // A test's commits need not wait for the disk: nothing outlives the run, and on the CI
        // machine's disk the flush of every commit was a large share of a file's time.
        await admin.query(`alter database "${name}" set synchronous_commit = off`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant can collide; the next try succeeds.
        if (attempt > 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  await admin.end();
}

/**
 * A real app on a fresh database cloned from the migrated template, closed after the file.
 * Answers are checked against the contract (checkOutputs).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { sharing?: TestApp; log?: Logger } = {},
): Promise<TestApp> {
  // A second app on the same database stands for a second server process.
  const databaseUrl = options.sharing?.databaseUrl ?? (await cloneTemplate());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-test-data-'));
  const config = loadConfig({ CABDESK_DATA_DIR: dataDir, CABDESK_DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...env });
  const db = createDb(databaseUrl, 5);
  const log = options.log ?? capturedLogger(inject('testLogDir'));
  const { app, services } = await buildApp({ config, db, log, checkOutputs: true });
  await app.ready();
  closeWhenFileEnds(async () => {
    await app.close();
    await db.$client.end();
    if (!options.sharing) await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, db, services, config, databaseUrl };
}
