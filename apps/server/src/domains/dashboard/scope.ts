import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { bookings } from '../bookings/schema';
import { companies } from '../company/schema';
import { todayIn } from '../documents/expiry';

type Ctx = CallContext<Session>;
export type DashboardFilters = z.output<typeof schemas.dashboardFilters>;

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day of the month a YYYY-MM-DD date falls in. */
export function lastDayOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Everything a panel needs: the company's clock and goals, the resolved range, the bookings' WHERE. */
export interface DashboardScope {
  filters: DashboardFilters;
  timezone: string;
  currency: string;
  today: string;
  fromDate: string;
  toDate: string;
  goals: { bookings: number | null; revenueMinor: number | null };
  /** The company's bookings picked up within the range that match the filters. */
  where: SQL;
  /** The same without the range, for panels with a period of their own (this month). */
  between(fromDate: string, toDate: string): SQL;
}

/** An instant bound of a company day: midnight at the start of `date` on the company's clock. */
const midnight = (date: string, timezone: string) => sql`(${date}::date::timestamp at time zone ${timezone})`;

/**
 * Resolves the filter bar: missing dates mean the last 30 days up to today on the company's clock
 * (`defaultMonths`: that many whole months instead). The bounds become instants, so the pick-up
 * index serves every panel.
 */
export async function dashboardScope(
  ctx: Ctx,
  filters: DashboardFilters,
  opts: { defaultMonths?: number; maxDays?: number } = {},
): Promise<DashboardScope> {
  const [company] = await ctx.db
    .select({
      timezone: companies.timezone,
      currency: companies.currency,
      bookingsGoal: companies.monthlyBookingsGoal,
      revenueGoalMinor: companies.monthlyRevenueGoalMinor,
    })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  const timezone = company?.timezone ?? 'UTC';
  const today = todayIn(timezone);
  const toDate = filters.toDate ?? (filters.fromDate && filters.fromDate > today ? filters.fromDate : today);
  let fromDate = filters.fromDate;
  if (!fromDate && opts.defaultMonths) {
    const d = new Date(`${toDate.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - (opts.defaultMonths - 1));
    fromDate = d.toISOString().slice(0, 10);
  }
  fromDate ??= addDays(toDate, -29);
  if (fromDate > toDate) throw fieldError('toDate', 'must be on or after fromDate');
  const maxDays = opts.maxDays ?? schemas.DASHBOARD_MAX_DAYS;
  if (daysBetween(fromDate, toDate) >= maxDays) {
    throw fieldError('fromDate', `must be at most ${maxDays} days before toDate`);
  }
  const between = (from: string, to: string) =>
    and(
      eq(bookings.companyId, ctx.session.companyId),
      gte(bookings.pickupAt, midnight(from, timezone)),
      lt(bookings.pickupAt, midnight(addDays(to, 1), timezone)),
      filters.clientId ? eq(bookings.clientId, filters.clientId) : undefined,
      filters.driverId ? eq(bookings.driverId, filters.driverId) : undefined,
      filters.vehicleTypeId ? eq(bookings.vehicleTypeId, filters.vehicleTypeId) : undefined,
      filters.source ? eq(bookings.source, filters.source) : undefined,
    ) as SQL;
  return {
    filters,
    timezone,
    currency: company?.currency ?? 'GBP',
    today,
    fromDate,
    toDate,
    goals: { bookings: company?.bookingsGoal ?? null, revenueMinor: company?.revenueGoalMinor ?? null },
    where: between(fromDate, toDate),
    between,
  };
}

/** The company day of a booking's pick-up, as YYYY-MM-DD. */
export const localDay = (timezone: string) =>
  sql<string>`to_char(${bookings.pickupAt} at time zone ${timezone}, 'YYYY-MM-DD')`;

/** Jobs that count as done (a no-show is paid as one) and the revenue they bring. */
export const done = sql`${bookings.status} in ('completed', 'no_show')`;
export const doneCount = sql<number>`(count(*) filter (where ${done}))::int`;
export const revenue = sql<number>`coalesce(sum(${bookings.priceMinor}) filter (where ${done}), 0)::bigint`;
export const statusCount = (status: string) =>
  sql<number>`(count(*) filter (where ${bookings.status} = ${status}))::int`;
