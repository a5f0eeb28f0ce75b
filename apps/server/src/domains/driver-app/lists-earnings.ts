import { and, eq, inArray, sql } from 'drizzle-orm';
import { doneStatuses, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { companyFacts } from '../bookings/company';
import { bookings } from '../bookings/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

type Period = z.output<typeof schemas.driverPeriodInput>;

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The driver's pay for done jobs (completed, no-show) picked up in a period, cut into the company's
 * calendar days; a job without a driver price counts as a job earning 0.
 */
export async function driverEarnings(ctx: Ctx, period: Period) {
  const driverId = signedInDriverId(ctx);
  const { timezone: tz, currency } = await companyFacts(ctx);
  const local = sql`(${bookings.pickupAt} at time zone ${tz})`;
  const day = sql<string>`to_char(${local}, 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      date: day,
      jobs: sql<number>`count(*)::int`,
      earningsMinor: sql<number>`coalesce(sum(${bookings.driverPriceMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        eq(bookings.driverId, driverId),
        inArray(bookings.status, [...doneStatuses]),
        sql`${local} >= ${period.fromDate}::date`,
        sql`${local} < (${period.toDate}::date + 1)`,
      ),
    )
    // By position: the time zone is a parameter, and a second copy of it would not match the select's.
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const days = daysBetween(period.fromDate, period.toDate).map((date) => ({
    date,
    jobs: byDay.get(date)?.jobs ?? 0,
    earningsMinor: byDay.get(date)?.earningsMinor ?? 0,
  }));
  return {
    fromDate: period.fromDate,
    toDate: period.toDate,
    currency,
    jobs: days.reduce((s, d) => s + d.jobs, 0),
    totalMinor: days.reduce((s, d) => s + d.earningsMinor, 0),
    days,
  };
}
