/** The benched servers, in a process of their own so the load generator does not share their CPU. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/platform/db/client';
import { createLogger } from '../../apps/server/src/platform/logger';
import { startBaseline } from './baseline';

const [url, appPort, basePort, companyId] = process.argv.slice(2);
if (!url || !appPort || !basePort || !companyId)
  throw new Error('usage: serve <db url> <app port> <baseline port> <company>');

const db = createDb(url, 20);
const config = loadConfig({
  CABDESK_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cabdesk-bench-data-')),
  CABDESK_DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  PORT: appPort,
  JWT_SECRET: process.env.JWT_SECRET,
  // Set for the processes of a several-process scenario, which share live changes through it.
  REDIS_URL: process.env.REDIS_URL,
});
const { app } = await buildApp({ config, db, log: createLogger('warn') });
await app.listen({ port: Number(appPort), host: '127.0.0.1' });
await startBaseline(db.$client, Number(companyId), Number(basePort));
// A normal exit, so a CPU profile asked for (BENCH_SERVER_PROFILE) is written.
process.once('SIGTERM', () => process.exit(0));
process.send?.('ready');
