import { sql } from 'drizzle-orm';
import { bookingStatuses, bookingStatusLabels, type BookingStatus } from '@cabdesk/contract';
import { bookingWhere, type Ctx, type ReportFilter, scopeOf, shiftSeconds, shiftsApply, shiftWhere } from './filter';
import { addRaw, aggregates, counts, emptyRaw, offerCounts, offerKpis, pickup, type Raw, shiftKpis } from './measures';
import { cancelSource } from './cancelled-by';
import { trendOf } from './trend';

/** Reports/GetReportsDataBookingsTotals: one pass over the period grouped by company day and status. */
export async function bookingsTotals(ctx: Ctx, input: ReportFilter) {
  const scope = await scopeOf(ctx, input);
  const where = bookingWhere(scope);
  const day = sql`((b.pickup_at at time zone ${scope.timezone})::date)::text`;
  const [grouped, cancels, offers, shifts] = await Promise.all([
    ctx.db.execute<Raw & { day: string; status: BookingStatus }>(
      sql`select ${day} as day, b.status, ${aggregates} from bookings b where ${where} group by 1, 2`,
    ),
    ctx.db.execute<{ by: string; n: number }>(
      sql`select ${cancelSource} as by, count(*)::int as n from bookings b where ${where} and b.status = 'cancelled' group by 1`,
    ),
    ctx.db.execute<{ offers: number; declines: number }>(offerCounts(where, false, input.driverID)),
    shiftsApply(input)
      ? ctx.db.execute<{ seconds: number }>(
          sql`select coalesce(sum(${shiftSeconds(scope)}), 0)::float8 as seconds from driver_shifts s where ${shiftWhere(scope)}`,
        )
      : Promise.resolve(null),
  ]);
  let all = emptyRaw;
  const byStatus = new Map<BookingStatus, Raw>();
  const byDay = new Map<string, Raw>();
  for (const row of grouped.rows) {
    all = addRaw(all, row);
    byStatus.set(row.status, addRaw(byStatus.get(row.status) ?? emptyRaw, row));
    byDay.set(row.day, addRaw(byDay.get(row.day) ?? emptyRaw, row));
  }
  const cancelledBy = { office: 0, driver: 0, customer: 0, system: 0, unknown: 0 };
  for (const row of cancels.rows) cancelledBy[row.by as keyof typeof cancelledBy] += row.n;
  const offerRow = offers.rows[0] ?? { offers: 0, declines: 0 };
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
    },
    trend: trendOf(byDay, scope.fromDate, scope.toDate),
  };
}
