import { companyFacts } from '../company/facts';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { bookings } from '../bookings/schema';

type Ctx = CallContext<Session>;

/** What a statistic is about: the booking column that names the driver, passenger, client… */
export type Dimension = 'driver' | 'passenger' | 'client' | 'vehicle' | 'creator';

const columns: Record<Dimension, AnyPgColumn> = {
  driver: bookings.driverId,
  passenger: bookings.passengerId,
  client: bookings.clientId,
  vehicle: bookings.vehicleId,
  creator: bookings.createdBy,
};

export interface Range {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const done = sql`${bookings.status} in ('completed', 'no_show')`;
const revenue = sql<number>`coalesce(sum(${bookings.priceMinor}) filter (where ${done}), 0)::bigint`;

/** Pick-up time on the company's own clock. */
const localTime = (tz: string) => sql`(${bookings.pickupAt} at time zone ${tz})`;

/** The WHERE of a statistic: the company, the dimension's row, the range read in local dates. */
function scope(ctx: Ctx, tz: string, dimension: Dimension | null, id: number | null, range: Range): SQL | undefined {
  return and(
    eq(bookings.companyId, ctx.session.companyId),
    dimension && id !== null ? eq(columns[dimension], id) : undefined,
    range.fromDate ? gte(localTime(tz), sql`${range.fromDate}::date`) : undefined,
    range.toDate ? lt(localTime(tz), sql`(${range.toDate}::date + 1)`) : undefined,
  );
}

export async function statisticsOf(ctx: Ctx, dimension: Dimension, id: number, range: Range) {
  const { timezone, currency } = await companyFacts(ctx);
  const [row] = await ctx.db
    .select({
      totalBookings: sql<number>`count(*)::int`,
      completedBookings: sql<number>`count(*) filter (where ${bookings.status} = 'completed')::int`,
      cancelledBookings: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')::int`,
      noShowBookings: sql<number>`count(*) filter (where ${bookings.status} = 'no_show')::int`,
      upcomingBookings: sql<number>`count(*) filter (where ${bookings.pickupAt} > now() and ${bookings.status} not in ('completed', 'no_show', 'cancelled', 'rejected'))::int`,
      revenueMinor: revenue,
      doneCount: sql<number>`count(*) filter (where ${done})::int`,
      firstBookingAt: sql<Date | null>`min(${bookings.pickupAt})`,
      lastBookingAt: sql<Date | null>`max(${bookings.pickupAt})`,
    })
    .from(bookings)
    .where(scope(ctx, timezone, dimension, id, range));
  const revenueMinor = Number(row?.revenueMinor ?? 0);
  const doneCount = row?.doneCount ?? 0;
  return {
    totalBookings: row?.totalBookings ?? 0,
    completedBookings: row?.completedBookings ?? 0,
    cancelledBookings: row?.cancelledBookings ?? 0,
    noShowBookings: row?.noShowBookings ?? 0,
    upcomingBookings: row?.upcomingBookings ?? 0,
    revenueMinor,
    averageFareMinor: doneCount ? Math.round(revenueMinor / doneCount) : 0,
    currency,
    firstBookingAt: row?.firstBookingAt ? new Date(row.firstBookingAt).toISOString() : null,
    lastBookingAt: row?.lastBookingAt ? new Date(row.lastBookingAt).toISOString() : null,
  };
}

export async function bookingCountsOf(ctx: Ctx, dimension: Dimension | null, id: number | null) {
  const { timezone } = await companyFacts(ctx);
  const local = localTime(timezone);
  const now = sql`(now() at time zone ${timezone})`;
  const since = (unit: string) =>
    sql`${local} >= date_trunc(${unit}, ${now}) and ${local} < date_trunc(${unit}, ${now}) + ${`1 ${unit}`}::interval`;
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`count(*) filter (where ${since('day')})::int`,
      thisWeek: sql<number>`count(*) filter (where ${since('week')})::int`,
      thisMonth: sql<number>`count(*) filter (where ${since('month')})::int`,
      thisYear: sql<number>`count(*) filter (where ${since('year')})::int`,
      upcoming: sql<number>`count(*) filter (where ${bookings.pickupAt} > now() and ${bookings.status} not in ('completed', 'no_show', 'cancelled', 'rejected'))::int`,
    })
    .from(bookings)
    .where(scope(ctx, timezone, dimension, id, {}));
  return row ?? { total: 0, today: 0, thisWeek: 0, thisMonth: 0, thisYear: 0, upcoming: 0 };
}

const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Bookings per day of the week (Monday first), every day present even when empty. */
export async function weekDaysOf(ctx: Ctx, dimension: Dimension | null, id: number | null, range: Range) {
  const { timezone } = await companyFacts(ctx);
  const day = sql<number>`extract(isodow from ${localTime(timezone)})::int`;
  const rows = await ctx.db
    .select({ day, bookings: sql<number>`count(*)::int`, revenueMinor: revenue })
    .from(bookings)
    .where(scope(ctx, timezone, dimension, id, range))
    .groupBy(sql`1`);
  return dayNames.map((name, i) => {
    const found = rows.find((r) => r.day === i + 1);
    return { day: i + 1, name, bookings: found?.bookings ?? 0, revenueMinor: Number(found?.revenueMinor ?? 0) };
  });
}

const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  const end = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
  while (d <= end && out.length < 120) {
    out.push(d.toISOString().slice(0, 7));
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** Bookings per month over the range (default: the last twelve months), every month present. */
export async function trendsOf(ctx: Ctx, dimension: Dimension | null, id: number | null, range: Range) {
  const { timezone } = await companyFacts(ctx);
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date();
  start.setUTCMonth(start.getUTCMonth() - 11, 1);
  const from = range.fromDate ?? start.toISOString().slice(0, 10);
  const to = range.toDate ?? today;
  const period = sql<string>`to_char(${localTime(timezone)}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({
      period,
      bookings: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')::int`,
      cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')::int`,
      revenueMinor: revenue,
    })
    .from(bookings)
    .where(scope(ctx, timezone, dimension, id, { fromDate: from, toDate: to }))
    .groupBy(sql`1`);
  return monthsBetween(from, to).map((p) => {
    const found = rows.find((r) => r.period === p);
    return {
      period: p,
      name: monthLabel.format(new Date(`${p}-01T00:00:00Z`)),
      bookings: found?.bookings ?? 0,
      completed: found?.completed ?? 0,
      cancelled: found?.cancelled ?? 0,
      revenueMinor: Number(found?.revenueMinor ?? 0),
    };
  });
}

/**
 * The busiest drivers, clients, passengers or vehicles over the range, by done bookings then
 * revenue. `name` is an SQL expression over the joined table.
 */
export async function topOf(
  ctx: Ctx,
  dimension: Exclude<Dimension, 'creator'>,
  join: { table: Parameters<ReturnType<Ctx['db']['select']>['from']>[0] & { id: AnyPgColumn }; name: SQL<string> },
  range: Range,
  limit: number,
) {
  const { timezone } = await companyFacts(ctx);
  const column = columns[dimension];
  const rows = await ctx.db
    .select({
      id: sql<number>`${column}`,
      name: join.name,
      bookings: sql<number>`count(*) filter (where ${done})::int`,
      revenueMinor: revenue,
    })
    .from(bookings)
    .innerJoin(join.table, and(eq(join.table.id, column)))
    .where(scope(ctx, timezone, null, null, range))
    .groupBy(column, join.name)
    .orderBy(sql`count(*) filter (where ${done}) desc`, sql`${revenue} desc`, column)
    .limit(limit);
  return rows.map((r, i) => ({
    rank: i + 1,
    id: r.id,
    name: r.name,
    bookings: r.bookings,
    revenueMinor: Number(r.revenueMinor),
  }));
}
