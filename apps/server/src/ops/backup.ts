/**
 * `npm run backup [-- --to FOLDER]`: a consistent copy of the installation — every row of the
 * product's tables from one snapshot, the stored files and the data folder's keys — in a dated folder.
 * Works while the server runs. docs/operations.md#backups.
 */
import {
  chmodSync,
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { loadConfig } from '../config';
import { createLogger } from '../platform/logger';
import {
  BACKED_UP_SCHEMAS,
  BACKUP_FORMAT,
  type FileEntry,
  KEY_FILES,
  type Manifest,
  sha256Of,
  type TableEntry,
} from './backup-format';
import { databaseOf } from './database-of';

const BATCH = 2000;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** Every row of a table as JSON lines, read through a cursor so a large table never sits in memory. */
async function dumpTable(client: pg.Client, schema: string, name: string, file: string): Promise<number> {
  const out = createWriteStream(file);
  const cursor = `dump_${schema}_${name}`.replace(/\W/g, '_');
  await client.query(
    `declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from "${schema}"."${name}" t`,
  );
  let rows = 0;
  for (;;) {
    const { rows: batch } = await client.query<{ j: string }>(`fetch ${BATCH} from ${cursor}`);
    if (!batch.length) break;
    rows += batch.length;
    if (!out.write(batch.map((r) => r.j).join('\n') + '\n')) await once(out, 'drain');
  }
  await client.query(`close ${cursor}`);
  out.end();
  await once(out, 'finish');
  return rows;
}

function filesUnder(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger('warn');
  const createdAt = new Date();
  const target = path.resolve(argument('--to') ?? 'backups');
  const name = `cabdesk-backup-${createdAt.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
  const folder = path.join(target, name);
  // Written under another name and renamed at the end: a folder with the backup's name is whole.
  const partial = `${folder}.partial`;
  mkdirSync(path.join(partial, 'database'), { recursive: true });

  const database = await databaseOf(config, log);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const tables: TableEntry[] = [];
  let sequences: Manifest['sequences'];
  try {
    // One snapshot for every table: the copy is the database as it was at one moment.
    await client.query('begin isolation level repeatable read read only');
    const { rows: listed } = await client.query<{ schema: string; name: string }>(
      `select schemaname as schema, tablename as name from pg_tables where schemaname = any($1) order by 1, 2`,
      [BACKED_UP_SCHEMAS],
    );
    for (const { schema, name: table } of listed) {
      const file = `${schema}.${table}.jsonl`;
      const rows = await dumpTable(client, schema, table, path.join(partial, 'database', file));
      tables.push({ schema, name: table, rows, file });
    }
    const { rows: seqs } = await client.query<{ schema: string; name: string; lastValue: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text as "lastValue"
         from pg_sequences where schemaname = any($1) order by 1, 2`,
      [BACKED_UP_SCHEMAS],
    );
    sequences = seqs;
    await client.query('commit');
  } finally {
    await client.end();
    await database.close();
  }

  const files: FileEntry[] = [];
  const filesDir = path.join(config.dataDir, 'files');
  for (const relative of filesUnder(filesDir)) {
    const from = path.join(filesDir, relative);
    const to = path.join(partial, 'files', relative);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    files.push({ path: relative, bytes: readFileSync(to).length, sha256: sha256Of(to) });
  }
  const keys: string[] = [];
  for (const key of KEY_FILES) {
    const from = path.join(config.dataDir, key);
    if (!existsSync(from)) continue;
    mkdirSync(path.join(partial, 'keys'), { recursive: true, mode: 0o700 });
    copyFileSync(from, path.join(partial, 'keys', key));
    chmodSync(path.join(partial, 'keys', key), 0o600);
    keys.push(key);
  }

  const migrations = tables.find((t) => t.schema === 'drizzle')?.rows ?? 0;
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: createdAt.toISOString(),
    migrations,
    tables,
    sequences,
    files,
    keys,
  };
  writeFileSync(path.join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2));
  renameSync(partial, folder);
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backed up ${rows.toLocaleString('en')} rows of ${tables.length} tables, ${files.length} files and ${keys.length} keys to\n${folder}`,
  );
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
