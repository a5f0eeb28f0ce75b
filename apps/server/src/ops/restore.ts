/**
 * `npm run restore -- FOLDER`: brings a backup back into an empty data folder (or an empty
 * `DATABASE_URL` database): the migrations make the tables, then every row, the sequences, the stored
 * files and the keys come back, and each table's rows and each file's hash are checked against the
 * manifest. docs/operations.md#backups.
 */
import { createReadStream, chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase } from '../platform/db/migrate';
import { createLogger } from '../platform/logger';
import { BACKUP_FORMAT, type Manifest, sha256Of, type TableEntry } from './backup-format';
import { databaseOf } from './database-of';

const BATCH = 1000;

class RestoreRefused extends Error {}

function notEmpty(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** Columns a row can be given (not generated ones), quoted. */
async function columnsOf(client: pg.PoolClient, table: TableEntry): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
    [table.schema, table.name],
  );
  return rows.map((r) => `"${r.name}"`).join(', ');
}

async function loadTable(client: pg.PoolClient, folder: string, table: TableEntry): Promise<void> {
  const columns = await columnsOf(client, table);
  const qualified = `"${table.schema}"."${table.name}"`;
  const insert = `insert into ${qualified} (${columns}) overriding system value
    select ${columns} from json_populate_recordset(null::${qualified}, $1::json)`;
  const lines = createInterface({ input: createReadStream(path.join(folder, 'database', table.file)) });
  let batch: string[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH) {
      await client.query(insert, [`[${batch.join(',')}]`]);
      batch = [];
    }
  }
  if (batch.length) await client.query(insert, [`[${batch.join(',')}]`]);
}

async function main(): Promise<void> {
  const from = process.argv[2];
  if (!from) throw new RestoreRefused('Name the backup folder: npm run restore -- backups/cabdesk-backup-…');
  const folder = path.resolve(from);
  const manifestFile = path.join(folder, 'manifest.json');
  if (!existsSync(manifestFile))
    throw new RestoreRefused(`${folder} holds no manifest.json: it is not a whole backup.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefused(`${folder} is not a backup this version reads.`);

  const config = loadConfig();
  const log = createLogger('warn');
  if (!config.databaseUrl && existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new RestoreRefused(`${config.dataDir} already holds a database: restore into an empty data folder.`);
  }
  if (notEmpty(path.join(config.dataDir, 'files'))) {
    throw new RestoreRefused(
      `${path.join(config.dataDir, 'files')} already holds files: restore into an empty data folder.`,
    );
  }
  mkdirSync(config.dataDir, { recursive: true });

  const database = await databaseOf(config, log);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const started = Date.now();
  try {
    await migrateDatabase(pool);
    const client = await pool.connect();
    try {
      const { rows: applied } = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      if ((applied[0]?.n ?? 0) < manifest.migrations) {
        throw new RestoreRefused(
          'The backup was made by a newer Cabdesk (more migrations): restore it with that version.',
        );
      }
      const { rows: used } = await client.query<{ n: number }>('select count(*)::int as n from companies');
      if ((used[0]?.n ?? 0) > 0)
        throw new RestoreRefused('The database already holds companies: restore into an empty one.');
      const tables = manifest.tables.filter((t) => t.schema === 'public');
      await client.query('begin');
      // Rows come back as they were: no trigger adds to them and references are whole once all are in.
      await client.query('set local session_replication_role = replica');
      await client.query(
        `truncate ${tables.map((t) => `"${t.schema}"."${t.name}"`).join(', ')} restart identity cascade`,
      );
      for (const table of tables) await loadTable(client, folder, table);
      for (const seq of manifest.sequences.filter((s) => s.schema === 'public' && s.lastValue !== null)) {
        await client.query('select setval($1, $2::bigint, true)', [`"${seq.schema}"."${seq.name}"`, seq.lastValue]);
      }
      for (const table of tables) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from "${table.schema}"."${table.name}"`,
        );
        if (rows[0]?.n !== table.rows) {
          throw new Error(
            `${table.schema}.${table.name} has ${rows[0]?.n} rows after loading, the backup ${table.rows}.`,
          );
        }
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
    await database.close();
  }

  for (const file of manifest.files) {
    const to = path.join(config.dataDir, 'files', file.path);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(folder, 'files', file.path), to);
    if (sha256Of(to) !== file.sha256) throw new Error(`${file.path} does not match its hash in the manifest.`);
  }
  for (const key of manifest.keys) {
    const to = path.join(config.dataDir, key);
    copyFileSync(path.join(folder, 'keys', key), to);
    chmodSync(to, 0o600);
  }
  const rows = manifest.tables.filter((t) => t.schema === 'public').reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored ${rows.toLocaleString('en')} rows, ${manifest.files.length} files and ${manifest.keys.length} keys of the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(
    `Restore ${error instanceof RestoreRefused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(error instanceof RestoreRefused ? 2 : 1);
});
