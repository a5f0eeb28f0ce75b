import { closedLoop, type LoadFigures, poster } from '../load';
import type { BenchContext } from './context';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A month of each per-row report, varied as an owner looks: by revenue, a page on, a client's month. */
function monthFilters(ctx: BenchContext, i: number, sortColumn: string): Record<string, unknown> {
  const end = -((i % 6) * 30);
  const views: Record<string, unknown>[] = [
    {},
    { page: 1 },
    { clientID: ctx.clientIds[i % ctx.clientIds.length] },
    { sortColumn, sortType: 'desc' },
  ];
  return { fromDate: day(end - 30), toDate: day(end), perPage: 25, ...views[i % views.length] };
}

const monthly = [
  'Reports/GetReportsDataBooking',
  'Reports/GetReportsDataClient',
  'Reports/GetReportsDataDriver',
  'Reports/GetReportsDataPassenger',
  'Reports/GetReportsDataVehicleType',
] as const;

/**
 * The Reports calls over the million-booking company, one caller at a time (the owner's wait):
 * a year of bookings totals, then each other report over a month.
 */
export async function reports(ctx: BenchContext): Promise<{ totalsYear: LoadFigures; months: LoadFigures[] }> {
  const call = poster(ctx.appUrl, ctx.officeToken);
  const options = { concurrency: 1, seconds: ctx.seconds, warmupSeconds: 2 };
  const totalsYear = await closedLoop(
    'Reports/GetReportsDataBookingsTotals, a year',
    async (_w, i) =>
      (await call('/Reports/GetReportsDataBookingsTotals', { fromDate: day(-365 + (i % 3)), toDate: day(i % 3) })).ok,
    options,
  );
  const months: LoadFigures[] = [];
  for (const name of monthly) {
    months.push(
      await closedLoop(
        `${name}, a month`,
        async (_w, i) =>
          (await call(`/${name}`, monthFilters(ctx, i, name.endsWith('Booking') ? 'price' : 'bookings'))).ok,
        {
          ...options,
          seconds: Math.max(3, Math.round(ctx.seconds / 2)),
        },
      ),
    );
  }
  return { totalsYear, months };
}
