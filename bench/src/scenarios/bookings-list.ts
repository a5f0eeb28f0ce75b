import { closedLoop, type LoadFigures, poster } from '../load';
import type { BenchContext } from './context';

/** The filters an office uses most: a recent range, a status, a client, a search, the default view. */
function typicalFilters(ctx: BenchContext, i: number): Record<string, unknown> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const views: Record<string, unknown>[] = [
    { fromDate: day(-7), toDate: day(0), sortColumn: 'pickupAt', sortType: 'desc' },
    { fromDate: day(-30), toDate: day(0), status: 'completed', sortColumn: 'pickupAt', sortType: 'desc' },
    { fromDate: day(-90), toDate: day(0), clientId: ctx.clientIds[i % ctx.clientIds.length] },
    // A passenger by name, as the office types it (a few people share a name prefix).
    { q: `Pax${1000 + ((i * 37) % 19000)}` },
    { fromDate: day(0), toDate: day(0), sortColumn: 'pickupAt', sortType: 'asc' },
    { sortColumn: 'pickupAt', sortType: 'desc' },
    {
      fromDate: day(-365),
      toDate: day(60),
      statuses: ['pending', 'confirmed'],
      sortColumn: 'pickupAt',
      sortType: 'asc',
    },
  ];
  return { page: i % 3, perPage: 25, ...views[i % views.length] };
}

export async function bookingsList(
  ctx: BenchContext,
): Promise<{ single: LoadFigures; product: LoadFigures; baseline: LoadFigures }> {
  const call = poster(ctx.appUrl, ctx.officeToken);
  const raw = poster(ctx.baselineUrl);
  const options = { concurrency: ctx.concurrency, seconds: ctx.seconds, warmupSeconds: 2 };
  // One caller: the wait a dispatcher sees. Then several at once: the same with queueing on two cores.
  const single = await closedLoop(
    'Booking/GetTableSummary, one dispatcher at a time',
    async (_w, i) => (await call('/Booking/GetTableSummary', typicalFilters(ctx, i))).ok,
    { ...options, concurrency: 1 },
  );
  const product = await closedLoop(
    'Booking/GetTableSummary (product)',
    async (_w, i) => (await call('/Booking/GetTableSummary', typicalFilters(ctx, i))).ok,
    options,
  );
  const baseline = await closedLoop(
    'same filters, hand-written SQL on bare Fastify + pg',
    async (_w, i) => (await raw('/baseline/bookings', typicalFilters(ctx, i))).ok,
    options,
  );
  return { single, product, baseline };
}
