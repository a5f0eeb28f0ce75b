import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** What `npm run backup` writes and `npm run restore` reads (docs/operations.md#backups). */
export const BACKUP_FORMAT = 'cabdesk-backup-1';

/** The schemas a backup holds: the product's tables and the record of applied migrations. */
export const BACKED_UP_SCHEMAS = ['public', 'drizzle'] as const;

export interface TableEntry {
  schema: string;
  name: string;
  rows: number;
  /** The file of its rows (JSON lines) inside `database/`. */
  file: string;
}

export interface FileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  migrations: number;
  tables: TableEntry[];
  sequences: { schema: string; name: string; lastValue: string | null }[];
  files: FileEntry[];
  keys: string[];
}

/** Files of the data folder without which a restored installation cannot read what it stored. */
export const KEY_FILES = ['jwt-secret', 'secrets-key'] as const;

export function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
