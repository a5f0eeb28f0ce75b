import autocannon from 'autocannon';
import { percentile } from '../load';
import type { BenchContext } from './context';

export interface ThroughputFigures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Rounds of product then baseline; the ratio is the median of the rounds' ratios. */
const ROUNDS = 5;

interface Target {
  name: string;
  url: string;
  body: object;
  headers?: Record<string, string>;
}

interface Round {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(target: Target, seconds: number): Promise<Round> {
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    body: JSON.stringify(target.body),
    headers: { 'content-type': 'application/json', ...target.headers },
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

function figures(name: string, rounds: Round[], seconds: number): ThroughputFigures {
  const sum = (pick: (r: Round) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  return {
    name,
    requestsPerSecond: Math.round(sum((r) => r.requests) / (seconds * rounds.length)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
  };
}

/**
 * A call through the whole product vs. the same work on a bare route: throughput. The two take turns
 * in short rounds, so whatever else the machine does in the meantime weighs on both alike (one long
 * run of each swung the ratio from 0.39 to 0.55 between two runs).
 */
export async function compareThroughput(ctx: BenchContext, product: Target, baseline: Target) {
  await load(product, 2); // warm-up
  await load(baseline, 2);
  const seconds = Math.max(1, Math.round(ctx.seconds / ROUNDS));
  const rounds: { product: Round; baseline: Round }[] = [];
  for (let i = 0; i < ROUNDS; i++)
    rounds.push({ product: await load(product, seconds), baseline: await load(baseline, seconds) });
  const result = {
    product: figures(
      product.name,
      rounds.map((r) => r.product),
      seconds,
    ),
    baseline: figures(
      baseline.name,
      rounds.map((r) => r.baseline),
      seconds,
    ),
    ratio: median(rounds.map((r) => r.product.requests / Math.max(1, r.baseline.requests))),
  };
  if (result.product.errors || result.product.non2xx) throw new Error(`${product.name} answered errors under load`);
  if (result.baseline.errors || result.baseline.non2xx) throw new Error(`${baseline.name} answered errors under load`);
  return result;
}

/** One authenticated list call through the whole product vs. the same SQL on a bare route. */
export async function usersList(ctx: BenchContext) {
  const body = { page: 3, perPage: 10, sortColumn: 'fullName', sortType: 'asc' };
  return compareThroughput(
    ctx,
    {
      name: 'Users/GetTableSummary (product)',
      url: `${ctx.appUrl}/Users/GetTableSummary`,
      body,
      headers: { authorization: `Bearer ${ctx.officeToken}` },
    },
    { name: 'same SQL, bare Fastify + pg', url: `${ctx.baselineUrl}/baseline/users`, body },
  );
}
