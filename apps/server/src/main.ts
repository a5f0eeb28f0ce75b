import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemo, demoSignIns } from './demo/seed';
import { startupSetupLink } from './domains/auth/setup';
import { createDb } from './platform/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded';
import { migrateDatabase } from './platform/db/migrate';
import { answerWhileStarting } from './platform/http/starting-answer';
import { createLogger } from './platform/logger';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  mkdirSync(config.dataDir, { recursive: true });
  // The port answers 503 "starting" until the app takes it over (platform/http/starting-answer.ts).
  const releasePort = await answerWhileStarting(config);

  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      database: 'cabdesk',
      log,
    });
    url = embedded.url;
    log.info({ port: embedded.port }, 'embedded PostgreSQL started');
  }
  const db = createDb(url);
  await migrateDatabase(db.$client);
  if (config.demoData) await seedDemo(db, log);

  // No admin anywhere (a fresh installation without demo data): nobody has a known password, and a
  // one-time link, printed below, lets the operator create the first company and its admin.
  const setupLink = await startupSetupLink(db, config);

  const { app } = await buildApp({ config, db, log });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await app.close().catch(() => undefined);
    await db.$client.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await releasePort();
  await app.listen({ port: config.port, host: config.host });
  const scheme = config.tls ? 'https' : 'http';
  const lines = [
    '',
    `  Cabdesk is running at ${scheme}://localhost:${config.port}`,
    `  API documentation:    ${scheme}://localhost:${config.port}/docs`,
    config.host === '127.0.0.1'
      ? '  Listening on 127.0.0.1 only: the demo passwords below are public (HOST=0.0.0.0 opens it to the network).'
      : `  Listening on ${config.host}, port ${config.port}.`,
    embedded
      ? `  Database:             embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')} (port ${embedded.port})`
      : '  Database:             DATABASE_URL',
  ];
  if (config.demoData) {
    lines.push('', '  Demo sign-ins (password cabdesk-demo):');
    for (const s of demoSignIns) lines.push(`    ${s.email.padEnd(26)} ${s.description}`);
  }
  if (setupLink) {
    lines.push(
      '',
      '  No admin yet. Create the first company and its admin with this one-time link (24 hours, works once;',
      '  a new one is printed at each start until an admin exists):',
      `    ${setupLink}`,
      '  or run: npm run create-admin -- --company SHORTNAME --email you@example.com',
    );
  }
  lines.push('', '  Ctrl-C stops the server (and the embedded database).', '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
