import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { companyFacts } from '../bookings/company';
import { driverJobRowsWhere } from './job-rows';
import { bookings } from '../bookings/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';
import { daysBetween, driverEarnings } from './lists-earnings';

const DAY = 86_400_000;

/** The Monday of the ISO week holding a calendar day (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Booking/GetTableSummaryBookingDriverAppPerWeek */
export async function driverWeek(ctx: Ctx, input: z.output<typeof schemas.driverWeekInput>) {
  const driverId = signedInDriverId(ctx);
  const { timezone: tz } = await companyFacts(ctx);
  const today = await ctx.db.execute<{ d: string }>(sql`select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as d`);
  const fromDate = mondayOf(input.date ?? today.rows[0]?.d ?? new Date().toISOString().slice(0, 10));
  const toDate = plusDays(fromDate, 6);
  const local = sql<string>`to_char(${bookings.pickupAt} at time zone ${tz}, 'YYYY-MM-DD')`;
  const rows = await driverJobRowsWhere(
    ctx,
    and(
      eq(bookings.companyId, ctx.session.companyId),
      eq(bookings.driverId, driverId),
      notInArray(bookings.status, ['cancelled', 'rejected']),
      sql`${bookings.pickupAt} >= ((${fromDate}::date)::timestamp at time zone ${tz})`,
      sql`${bookings.pickupAt} < ((${toDate}::date + 1)::timestamp at time zone ${tz})`,
    ),
    [asc(bookings.pickupAt), asc(bookings.id)],
    500,
  );
  const dayOf = new Map<number, string>();
  if (rows.length) {
    const days = await ctx.db
      .select({ id: bookings.id, day: local })
      .from(bookings)
      .where(
        and(
          eq(bookings.companyId, ctx.session.companyId),
          eq(bookings.driverId, driverId),
          inArray(
            bookings.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    for (const d of days) dayOf.set(d.id, d.day);
  }
  return {
    fromDate,
    toDate,
    days: daysBetween(fromDate, toDate).map((date) => ({ date, jobs: rows.filter((r) => dayOf.get(r.id) === date) })),
  };
}

/** Driver/GetDriverEarningsAverage */
export async function driverEarningsAverage(ctx: Ctx, period: z.output<typeof schemas.driverPeriodInput>) {
  const e = await driverEarnings(ctx, period);
  const worked = e.days.filter((d) => d.jobs > 0).length;
  const avg = (n: number) => (n ? Math.round(e.totalMinor / n) : 0);
  return {
    fromDate: e.fromDate,
    toDate: e.toDate,
    currency: e.currency,
    jobs: e.jobs,
    totalMinor: e.totalMinor,
    onStatementMinor: e.onStatementMinor,
    estimatedMinor: e.estimatedMinor,
    perJobMinor: avg(e.jobs),
    perDayMinor: avg(e.days.length),
    perWorkedDayMinor: avg(worked),
  };
}
