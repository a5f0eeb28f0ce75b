/**
 * `npm run backup` and `npm run restore` with real processes: the product runs on demo data with a
 * stored file, a backup is taken while it runs, restored into a new empty data folder, and the product
 * started on that folder holds every row and every file; a second restore into it is refused.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/src/platform/db/embedded';
import { post, type ProductProcess, startProduct, untilReady } from '../support/product-process';

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-backup-test-'));
const original = path.join(work, 'original');
const restored = path.join(work, 'restored');
const backups = path.join(work, 'backups');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const DEMO = { email: 'admin@ukcb.test', password: 'cabdesk-demo', isDriverinWebView: 'False' };
const running: ProductProcess[] = [];
/** Tables the running demo keeps adding to (its drivers on shift send positions). */
const LIVE = new Set(['driver_positions', 'driver_locations']);

async function start(dataDir: string, pgPort: number): Promise<ProductProcess> {
  const p = startProduct(await freePort(), {
    CABDESK_DATA_DIR: dataDir,
    CABDESK_PG_PORT: String(pgPort),
    CABDESK_DEMO_DATA: 'true',
  });
  running.push(p);
  await untilReady(p, 300_000);
  return p;
}

/** `npm run backup` / `restore` as an operator types them, with the data folder in the environment. */
function ops(script: 'backup' | 'restore', dataDir: string, args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const run = spawnSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: root,
    env: { ...env, CABDESK_DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every table's rows of the running product's embedded database, and a few rows in full. */
async function contents(pgPort: number) {
  const client = new pg.Client({ connectionString: `postgres://postgres:cabdesk@127.0.0.1:${pgPort}/cabdesk` });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = (await client.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]!.n;
    }
    const sample = await client.query(
      `select id, company_id, status, price_minor, pickup_at from bookings order by id desc limit 20`,
    );
    const ledger = await client.query(`select sum(amount_minor)::text as s, count(*)::int as n from journal_lines`);
    return { counts, sample: sample.rows, ledger: ledger.rows[0] };
  } finally {
    await client.end();
  }
}

function filesOf(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'files');
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

let originalPgPort = 0;
let restoredPgPort = 0;
let before: Awaited<ReturnType<typeof contents>>;
let beforeFiles: Record<string, string>;
let folder = '';

describe('backup and restore', () => {
  beforeAll(async () => {
    originalPgPort = await freePort();
    restoredPgPort = await freePort();
  });

  afterAll(async () => {
    for (const p of running) await p.stop();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('backs up the running product, with a stored file, into a dated folder', async () => {
    const server = await start(original, originalPgPort);
    const signIn = await post<{ accessToken: string }>(server, 'UserLogin/UserSignIn', DEMO);
    expect(signIn.status).toBe(200);
    const logo = await post(
      server,
      'BasicSettings/Update',
      { companyImage: { fileName: 'logo.png', mimeType: 'image/png', content: PNG.toString('base64') } },
      signIn.body.accessToken,
    );
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    beforeFiles = filesOf(original);
    expect(Object.keys(beforeFiles).length).toBeGreaterThan(0);

    const backup = ops('backup', original, ['--to', backups]);
    expect(backup.status, backup.output).toBe(0);
    folder = path.join(backups, readdirSync(backups)[0]!);
    expect(path.basename(folder)).toMatch(/^cabdesk-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(backup.output).toContain(folder);
    // Nothing changes between the backup and this look: the demo is written once, at start.
    before = await contents(originalPgPort);
    expect(before.counts.bookings).toBeGreaterThan(100);
    await server.stop();
  }, 400_000);

  it('restores into an empty folder, and the product started there holds every row and file', async () => {
    const restore = ops('restore', restored, [folder]);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toMatch(/^Restored [\d,]+ rows, \d+ files and 2 keys/m);

    const server = await start(restored, restoredPgPort);
    const after = await contents(restoredPgPort);
    // The demo's drivers on shift keep sending positions while the product runs; every other table
    // is exactly as backed up (the demo is not added again), and so it was when the backup was taken.
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
      tables: { schema: string; name: string; rows: number }[];
    };
    const backedUp = Object.fromEntries(
      manifest.tables.filter((t) => t.schema === 'public').map((t) => [t.name, t.rows]),
    );
    for (const [table, rows] of Object.entries(backedUp)) {
      if (LIVE.has(table)) {
        expect(after.counts[table], table).toBeGreaterThanOrEqual(rows);
      } else {
        expect(after.counts[table], table).toBe(rows);
        expect(before.counts[table], table).toBe(rows);
      }
    }
    expect(Object.keys(after.counts).sort()).toEqual(Object.keys(backedUp).sort());
    expect(after.sample).toEqual(before.sample);
    expect(after.ledger).toEqual(before.ledger);
    expect(filesOf(restored)).toEqual(beforeFiles);

    const signIn = await post<{ accessToken: string }>(server, 'UserLogin/UserSignIn', DEMO);
    expect(signIn.status).toBe(200);
    const logos = await post<{ mainLogo: string }>(server, 'Common/GetSystemLogo', { userType: 'Admin', companyID: 1 });
    const served = await fetch(`${server.baseUrl}${logos.body.mainLogo}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    await server.stop();
  }, 400_000);

  it('refuses to restore over a folder that holds data, changing nothing', async () => {
    const again = ops('restore', restored, [folder]);
    expect(again.status).toBe(2);
    expect(again.output).toContain('already holds a database: restore into an empty data folder.');
    expect(ops('restore', path.join(work, 'elsewhere'), [path.join(work, 'no-such-backup')]).output).toContain(
      'holds no manifest.json',
    );
  });
});
