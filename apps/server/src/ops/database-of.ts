import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/db/embedded';
import type { Logger } from '../platform/logger';

export interface OpenDatabase {
  url: string;
  /** Stops the embedded PostgreSQL when this command started it (not when a server runs on it). */
  close(): Promise<void>;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The installation's database as the server finds it: `DATABASE_URL`, else the embedded PostgreSQL of
 * the data folder — the running one (its port is in `postmaster.pid`), or started for this command.
 */
export async function databaseOf(config: Config, log: Logger): Promise<OpenDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined };
  const dataDir = path.join(config.dataDir, 'postgres');
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid && port && processAlive(pid)) {
      return { url: `postgres://postgres:cabdesk@127.0.0.1:${port}/cabdesk`, close: async () => undefined };
    }
  }
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, database: 'cabdesk', log });
  return { url: embedded.url, close: () => embedded.stop() };
}
