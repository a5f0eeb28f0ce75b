import path from 'node:path';
import type { Config } from '../config';
import { type EmbeddedDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from '../platform/db/embedded';
import type { Logger } from '../platform/logger';

export interface OpenDatabase {
  url: string;
  /** Stops the embedded PostgreSQL when this command started it (not when a server runs on it). */
  close(): Promise<void>;
}

/**
 * The installation's database as the server finds it: `DATABASE_URL`, else the embedded PostgreSQL of
 * the data folder — the running one (its port is in `postmaster.pid`), or started for this command.
 */
export async function databaseOf(config: Config, log: Logger): Promise<OpenDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined };
  const dataDir = path.join(config.dataDir, 'postgres');
  const running = runningEmbeddedUrl(dataDir, 'cabdesk');
  if (running) return { url: running, close: async () => undefined };
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, database: 'cabdesk', log });
  return { url: embedded.url, close: () => embedded.stop() };
}
