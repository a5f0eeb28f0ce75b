import autocannon from 'autocannon';
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

async function load(name: string, url: string, body: object, headers: Record<string, string> = {}) {
  const options = {
    url,
    method: 'POST' as const,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  };
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({
    ...options,
    connections: CONNECTIONS,
    duration: Number(process.env.BENCH_SECONDS ?? 10),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  } satisfies ThroughputFigures;
}

/** One authenticated list call through the whole product vs. the same SQL on a bare route: throughput. */
export async function usersList(ctx: BenchContext) {
  const body = { page: 3, perPage: 10, sortColumn: 'fullName', sortType: 'asc' };
  const product = await load('Users/GetTableSummary (product)', `${ctx.appUrl}/Users/GetTableSummary`, body, {
    authorization: `Bearer ${ctx.officeToken}`,
  });
  const baseline = await load('same SQL, bare Fastify + pg', `${ctx.baselineUrl}/baseline/users`, body);
  if (product.errors || product.non2xx) throw new Error('the product answered errors under load');
  return { product, baseline };
}
