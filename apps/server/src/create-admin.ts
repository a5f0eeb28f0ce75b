// `npm run create-admin -- --company UKCB --email boss@example.com [--name "UK Cab Bookings"]`:
// prints a one-time link with which that person becomes an admin of the company (made when the link
// is used, if it does not exist yet) with a password of their own choosing. Nothing is created now and
// no password ever passes through the terminal.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config';
import { adminSetupLink } from './domains/auth/setup';
import { createDb } from './platform/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded';
import { migrateDatabase } from './platform/db/migrate';
import { createLogger } from './platform/logger';

const usage =
  'Usage: npm run create-admin -- --company SHORTNAME --email you@example.com [--name "Company name"]\n' +
  '  SHORTNAME is the company of the sign-in page /login?SHORTNAME (letters and digits); a new one is\n' +
  '  created with --name (default: the short name) when the link is used.';

const argsSchema = z.object({
  company: z.string().regex(/^[A-Za-z0-9]{1,40}$/, '--company must be 1–40 letters and digits'),
  email: z.email('--email must be an e-mail address').max(254),
  name: z.string().trim().min(1).max(120).optional(),
});

/** The embedded PostgreSQL of a server that is running on this data folder, if one is. */
function runningEmbedded(dataDir: string): string | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port, socketDir] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return socketDir?.trim()
    ? `postgres://postgres:cabdesk@localhost:${port}/cabdesk?host=${encodeURIComponent(socketDir.trim())}`
    : `postgres://postgres:cabdesk@127.0.0.1:${port}/cabdesk`;
}

async function main(): Promise<void> {
  let args;
  try {
    const { values } = parseArgs({
      options: { company: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
    });
    args = argsSchema.parse(values);
  } catch (error) {
    const reason = error instanceof z.ZodError ? error.issues.map((i) => i.message).join('; ') : String(error);
    console.error(`${reason}\n\n${usage}`);
    process.exit(2);
  }
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
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl ?? runningEmbedded(config.dataDir);
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      database: 'cabdesk',
      log,
    });
    url = embedded.url;
  }
  const db = createDb(url, 2);
  try {
    await migrateDatabase(db.$client);
    const link = await adminSetupLink(db, config, {
      companyShortName: args.company,
      companyName: args.name,
      email: args.email,
    });
    console.log(
      [
        '',
        `  ${args.email} becomes an admin of ${args.company} by opening this link (works once, for 24 hours):`,
        `    ${link}`,
        '  The page asks for their name and a password of their own.',
        '',
      ].join('\n'),
    );
  } finally {
    await db.$client.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
