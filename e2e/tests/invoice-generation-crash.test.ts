/**
 * Invoice generation killed outright in the middle (issue 16): the product runs as a real process on
 * its own data folder and embedded PostgreSQL, 80 clients have validated account jobs, a run starts
 * and the server process gets SIGKILL once some clients but not all are done. Started again on the
 * same folder, the run must finish by itself, and every invoice must be whole: its lines add up to its
 * totals, no invoice without lines, no job on two lines, every job billed, the journal balanced.
 * No browser: only the server's calls and its database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../apps/server/src/domains/auth/schema';
import { bootstrapCompany } from '../../apps/server/src/domains/company/bootstrap';
import { companies } from '../../apps/server/src/domains/company/schema';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { createDb } from '../../apps/server/src/platform/db/client';
import { freePort } from '../../apps/server/src/platform/db/embedded';

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');
const CLIENTS = 80;
const JOBS_PER_CLIENT = 5;
const PERIOD = { fromDate: '2024-03-01', toDate: '2024-03-31' };
const ADMIN = { email: 'admin@crash.test', password: 'crash test password' };

interface Server {
  child: ChildProcess;
  output: () => string;
}

interface Run {
  id: number;
  status: string;
  clientsTotal: number;
  clientsDone: number;
  invoicesMade: number;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-crash-'));
let port = 0;
let pgPort = 0;
let baseUrl = '';
let server: Server | undefined;
let db: pg.Client | undefined;

function start(): Server {
  let output = '';
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CABDESK_DATA_DIR: dataDir,
      CABDESK_PG_PORT: String(pgPort),
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
      LOG_LEVEL: 'warn',
      CABDESK_DEMO_DATA: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function ready(s: Server): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`The server exited early:\n${s.output()}`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready:\n${s.output()}`);
}

async function post<T>(name: string, body: object, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function signIn(): Promise<string> {
  const res = await post<{ accessToken: string }>('UserLogin/UserSignIn', { ...ADMIN, isDriverinWebView: 'False' });
  expect(res.status).toBe(200);
  return res.body.accessToken;
}

async function runOf(token: string, id: number): Promise<Run> {
  const res = await post<{ data: Run }>('BookingInvoice/GetAutoGenerateRun', { id }, token);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: pgPort,
    user: 'postgres',
    password: 'cabdesk',
    database: 'cabdesk',
  });
  await client.connect();
  return client;
}

/** A company with its admin (no demo data: the first start stays short), answering its id. */
async function seedCompany(): Promise<number> {
  const root = createDb(`postgres://postgres:cabdesk@127.0.0.1:${pgPort}/cabdesk`, 1);
  try {
    const [company] = await root
      .insert(companies)
      .values({ shortName: 'CRASH', name: 'Crash Cabs' })
      .returning({ id: companies.id });
    if (!company) throw new Error('no company');
    await bootstrapCompany(root, company.id);
    await root.insert(users).values({
      companyId: company.id,
      kind: 'admin',
      email: ADMIN.email,
      fullName: 'Crash Admin',
      passwordHash: await hashPassword(ADMIN.password),
    });
    return company.id;
  } finally {
    await root.$client.end();
  }
}

/** 200 clients on account, each with 5 completed, validated account jobs in March 2024. */
async function seedJobs(client: pg.Client, companyId: number): Promise<number[]> {
  const vt = await client.query<{ id: number }>(
    `insert into vehicle_types (company_id, name) values ($1, 'Saloon') returning id`,
    [companyId],
  );
  const clientIds = (
    await client.query<{ id: number }>(
      `insert into clients (company_id, name) select $1, 'Crash client ' || g from generate_series(1, $2) g returning id`,
      [companyId, CLIENTS],
    )
  ).rows.map((r) => r.id);
  const bookingIds = (
    await client.query<{ id: number }>(
      `insert into bookings (company_id, status, payment_status, pickup_at, client_id, vehicle_type_id, price_minor,
         currency, source, payment_method, completed_at)
       select $1, 'completed', 'unpaid', t, c, $3, 1000 + (c % 7) * 135 + j * 17, 'GBP', 'office', 'account',
         t + interval '40 minutes'
       from unnest($2::int[]) c, generate_series(1, $4) j,
         lateral (select timestamptz '2024-03-02 09:00Z' + (j * 5 + c % 5) * interval '1 day' as t) x
       returning id`,
      [companyId, clientIds, vt.rows[0]?.id ?? null, JOBS_PER_CLIENT],
    )
  ).rows.map((r) => r.id);
  await client.query(
    `insert into booking_stops (company_id, booking_id, seq, kind, address)
     select $1, b, s.seq, s.kind, s.kind || ' ' || b || ' High Street'
     from unnest($2::int[]) b cross join (values (0, 'pickup'), (1, 'dropoff')) s(seq, kind)`,
    [companyId, bookingIds],
  );
  await client.query(
    `insert into booking_validations (company_id, booking_id, status, accepted_minor)
     select b.company_id, b.id, 'validated', b.price_minor from bookings b where b.company_id = $1 and b.id = any($2::int[])`,
    [companyId, bookingIds],
  );
  return bookingIds;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('invoice generation killed in the middle', () => {
  beforeAll(async () => {
    [port, pgPort] = [await freePort(), await freePort()];
    baseUrl = `http://127.0.0.1:${port}`;
    server = start();
    await ready(server);
    db = await connect();
  });

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGINT');
      await new Promise((r) => server?.child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the run after a restart, every invoice whole and every job billed once', async () => {
    const companyId = await seedCompany();
    let token = await signIn();
    const jobs = await seedJobs(db!, companyId);
    expect(jobs).toHaveLength(CLIENTS * JOBS_PER_CLIENT);

    const started = await post<{ data: Run }>('BookingInvoice/CreateAutoGenerate', PERIOD, token);
    expect(started.status).toBe(200);
    const runId = started.body.data.id;
    expect(started.body.data.clientsTotal).toBe(CLIENTS);

    // Kill the server process, and only it, once some clients but not all are done.
    let seen: Run = started.body.data;
    const deadline = Date.now() + 30_000;
    while (seen.clientsDone < 10 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await runOf(token, runId);
    }
    const postmaster = await postmasterPid(db!);
    server!.child.kill('SIGKILL');
    await new Promise((r) => server?.child.once('exit', r));
    await db!.end().catch(() => undefined);
    db = undefined;
    expect(seen.status).toBe('running');
    expect(seen.clientsDone).toBeGreaterThan(0);
    expect(seen.clientsDone).toBeLessThan(CLIENTS);
    // The embedded PostgreSQL, a child of the server, outlives it: the restart stops that orphan.
    const orphanLived = alive(postmaster);

    server = start();
    await ready(server);
    expect(alive(postmaster)).toBe(false);
    db = await connect();
    token = await signIn();
    const afterCrash = await db.query<{ clients_done: number; status: string }>(
      'select clients_done, status from invoice_runs where id = $1',
      [runId],
    );
    // Some clients were done when the process died; the run itself was left running.
    expect(afterCrash.rows[0]?.clients_done).toBeGreaterThanOrEqual(seen.clientsDone);

    let run = await runOf(token, runId);
    // Each client is a transaction of its own: on a CI machine busy with two browsers the rest of the
    // run has taken over 40 s. The wait ends as soon as the run is done.
    const finish = Date.now() + 120_000;
    while (run.status === 'running' && Date.now() < finish) {
      await new Promise((r) => setTimeout(r, 200));
      run = await runOf(token, runId);
    }
    expect(run.status).toBe('done');
    expect(run.clientsDone).toBe(CLIENTS);

    // Every invoice whole: lines there, and adding up to its totals.
    const invoices = await db.query<{
      id: number;
      lines: number;
      net: number;
      vat: number;
      gross: number;
      net_minor: number;
      vat_minor: number;
      gross_minor: number;
    }>(
      `select i.id, count(l.id)::int as lines, coalesce(sum(l.net_minor), 0)::bigint as net,
         coalesce(sum(l.vat_minor), 0)::bigint as vat, coalesce(sum(l.gross_minor), 0)::bigint as gross,
         i.net_minor, i.vat_minor, i.gross_minor
       from invoices i left join invoice_lines l on l.company_id = i.company_id and l.invoice_id = i.id
       where i.company_id = $1 and i.run_id = $2 group by i.id`,
      [companyId, runId],
    );
    expect(invoices.rows).toHaveLength(CLIENTS);
    expect(run.invoicesMade).toBe(CLIENTS);
    for (const i of invoices.rows) {
      expect(i.lines, `invoice ${i.id} has lines`).toBeGreaterThan(0);
      expect([i.net, i.vat, i.gross], `invoice ${i.id} adds up`).toEqual([i.net_minor, i.vat_minor, i.gross_minor]);
    }
    // Every job on exactly one line, each client on one invoice.
    const billed = await db.query<{ booking_id: number; lines: number }>(
      `select b, count(l.id)::int as lines from unnest($2::int[]) b
       left join invoice_lines l on l.company_id = $1 and l.booking_id = b group by b`,
      [companyId, jobs],
    );
    expect(billed.rows.filter((r) => r.lines !== 1)).toEqual([]);
    const perClient = await db.query<{ n: number }>(
      `select count(*)::int as n from (select client_id from invoices where company_id = $1 and run_id = $2
         group by client_id having count(*) > 1) x`,
      [companyId, runId],
    );
    expect(perClient.rows[0]?.n).toBe(0);
    // The journal balances, entry by entry.
    const unbalanced = await db.query(
      `select entry_id from journal_lines where company_id = $1 group by entry_id having sum(amount_minor) <> 0`,
      [companyId],
    );
    expect(unbalanced.rows).toEqual([]);

    // Generating again makes nothing: no job is billed twice.
    const again = await post<{ message: string }>('BookingInvoice/CreateAutoGenerate', PERIOD, token);
    expect(again.status).toBe(409);
    console.log(
      `killed at ${seen.clientsDone} of ${CLIENTS} clients; the embedded PostgreSQL ${orphanLived ? 'outlived' : 'died with'} the server`,
    );
  }, 240_000); // two starts and the run's clients on a machine shared with two browsers
});

/** The embedded PostgreSQL's main process (the parent of this connection's backend). */
async function postmasterPid(client: pg.Client): Promise<number> {
  const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  const stat = readFileSync(`/proc/${backend}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
