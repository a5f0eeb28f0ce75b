import { sql, type SQL } from 'drizzle-orm';
import { bookingStatuses, bookingStatusLabels, type BookingStatus } from '@cabdesk/contract';
import {
  bookingWhere,
  type Ctx,
  type ReportFilter,
  type Scope,
  scopeOf,
  shiftSeconds,
  shiftsApply,
  shiftWhere,
} from './filter';
import {
  addRaw,
  aggregates,
  counts,
  emptyRaw,
  mileageKpis,
  offerCounts,
  offerKpis,
  pickup,
  type Raw,
  shiftKpis,
} from './measures';
import { cancelSource } from './cancelled-by';
import { trendOf } from './trend';
import { cancelSources } from './rollup/day-sums';
import { rolledUpDays, rollupServes, type RolledUpDay } from './rollup/read';

/** Reports/GetReportsDataBookingsTotals: one pass over the period grouped by company day and status. */
export async function bookingsTotals(ctx: Ctx, input: ReportFilter) {
  const scope = await scopeOf(ctx, input);
  const where = bookingWhere(scope);
  const shiftQuery = shiftsApply(input)
    ? ctx.db.execute<{ seconds: number }>(
        sql`select coalesce(sum(${shiftSeconds(scope)}), 0)::float8 as seconds from driver_shifts s where ${shiftWhere(scope)}`,
      )
    : Promise.resolve(null);
  const [days, shifts] = await Promise.all([
    rollupServes(scope) ? rolledUpDays(ctx, scope) : Promise.resolve(null),
    shiftQuery,
  ]);
  const { grouped, cancelledBy, offerRow } = days ? fromRollup(days) : await fromBookings(ctx, scope, where);
  let all = emptyRaw;
  const byStatus = new Map<BookingStatus, Raw>();
  const byDay = new Map<string, Raw>();
  for (const row of grouped) {
    all = addRaw(all, row);
    byStatus.set(row.status, addRaw(byStatus.get(row.status) ?? emptyRaw, row));
    byDay.set(row.day, addRaw(byDay.get(row.day) ?? emptyRaw, row));
  }
  const shiftSecondsInPeriod = shifts ? Number(shifts.rows[0]?.seconds ?? 0) : null;
  return {
    fromDate: scope.fromDate,
    toDate: scope.toDate,
    currency: scope.currency,
    summary: counts(all),
    byStatus: bookingStatuses
      .filter((s) => byStatus.has(s))
      .map((status) => {
        const r = byStatus.get(status) as Raw;
        return { status, label: bookingStatusLabels[status], bookings: r.bookings, amountMinor: Number(r.amount) };
      }),
    cancelledBy,
    kpis: {
      ...pickup(all),
      ...shiftKpis(all, shiftSecondsInPeriod),
      ...offerKpis(offerRow.offers, offerRow.declines),
      averageAllocateSeconds: all.allocations ? Math.round(all.allocate_seconds / all.allocations) : null,
      ...mileageKpis(all),
    },
    trend: trendOf(byDay, scope.fromDate, scope.toDate),
  };
}

type DayStatus = Raw & { day: string; status: BookingStatus };
type CancelledBy = Record<(typeof cancelSources)[number], number>;

/** The period's sums read from the bookings: a company without a rollup yet, or a filter it cannot serve. */
async function fromBookings(ctx: Ctx, scope: Scope, where: SQL) {
  const day = sql`((b.pickup_at at time zone ${scope.timezone})::date)::text`;
  const [grouped, cancels, offers] = await Promise.all([
    ctx.db.execute<DayStatus>(
      sql`select ${day} as day, b.status, ${aggregates} from bookings b where ${where} group by 1, 2`,
    ),
    ctx.db.execute<{ by: string; n: number }>(
      sql`select ${cancelSource} as by, count(*)::int as n from bookings b where ${where} and b.status = 'cancelled' group by 1`,
    ),
    ctx.db.execute<{ offers: number; declines: number }>(offerCounts(where, false, scope.input.driverID)),
  ]);
  const cancelledBy = Object.fromEntries(cancelSources.map((s) => [s, 0])) as CancelledBy;
  for (const row of cancels.rows) cancelledBy[row.by as keyof CancelledBy] += row.n;
  return { grouped: grouped.rows, cancelledBy, offerRow: offers.rows[0] ?? { offers: 0, declines: 0 } };
}

/** The same sums from the rollup's days. */
function fromRollup(days: RolledUpDay[]) {
  const cancelledBy = Object.fromEntries(cancelSources.map((s) => [s, 0])) as CancelledBy;
  const offerRow = { offers: 0, declines: 0 };
  for (const d of days) {
    for (const s of cancelSources) cancelledBy[s] += d[`cancel_${s}`];
    offerRow.offers += d.offers;
    offerRow.declines += d.declines;
  }
  return { grouped: days as DayStatus[], cancelledBy, offerRow };
}
