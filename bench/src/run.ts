/**
 * `npm run bench`: one authenticated list call through the whole product, against the same SQL on a
 * bare Fastify + pg route, in the same run on the same database. Prints req/s, p99 and the ratio.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDb } from '../../apps/server/src/platform/db/client';
import { freePort, startEmbeddedPostgres } from '../../apps/server/src/platform/db/embedded';
import { migrateDatabase } from '../../apps/server/src/platform/db/migrate';
import { createLogger } from '../../apps/server/src/platform/logger';
import { BENCH_ADMIN, seedBench } from './seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROWS = Number(process.env.BENCH_ROWS ?? 2000);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, url: string, body: object, headers: Record<string, string> = {}): Promise<Figures> {
  const options = {
    url,
    method: 'POST' as const,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  };
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main() {
  const log = createLogger('warn');
  let stopDb = async () => {};
  let url = process.env.BENCH_DATABASE_URL;
  let dataDir: string | undefined;
  if (!url) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-bench-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), database: 'bench', log });
    url = embedded.url;
    stopDb = () => embedded.stop();
  }
  const db = createDb(url, 4);
  await migrateDatabase(db.$client);
  console.log(`Seeding ${ROWS} accounts per company…`);
  const companyId = await seedBench(db, ROWS);
  await db.$client.query('analyze');
  await db.$client.end();

  const [appPort, basePort] = [await freePort(), await freePort()];
  const server = fork(path.join(here, 'serve.ts'), [url, String(appPort), String(basePort), String(companyId)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });

  try {
    const signIn = await fetch(`http://127.0.0.1:${appPort}/UserLogin/UserSignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...BENCH_ADMIN, isDriverinWebView: 'False' }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const body = { page: 3, perPage: 10, sortColumn: 'fullName', sortType: 'asc' };
    console.log(`Load: ${CONNECTIONS} connections, ${DURATION} s each (plus 2 s warm-up).`);
    const product = await load(
      'Users/GetTableSummary (product)',
      `http://127.0.0.1:${appPort}/Users/GetTableSummary`,
      body,
      {
        authorization: `Bearer ${accessToken}`,
      },
    );
    const baseline = await load('same SQL, bare Fastify + pg', `http://127.0.0.1:${basePort}/baseline/users`, body);
    const ratio = product.requestsPerSecond / baseline.requestsPerSecond;
    console.table([product, baseline]);
    console.log(
      `Throughput ratio product/baseline: ${ratio.toFixed(2)} (target ≥ 0.5) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`,
    );
    const out = path.join(here, '../results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'list-call.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          rows: ROWS,
          connections: CONNECTIONS,
          duration: DURATION,
          product,
          baseline,
          ratio,
        },
        null,
        2,
      ),
    );
    if (product.errors || product.non2xx) throw new Error('the product answered errors under load');
  } finally {
    server.kill('SIGTERM');
    await stopDb();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
