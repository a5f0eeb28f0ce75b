import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { bookingSourceLabels, bookingSources, type CallOutput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { iso } from '../../platform/http/crud';
import { bookings } from '../bookings/schema';
import { clients } from '../clients/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import {
  addDays,
  daysBetween,
  lastDayOfMonth,
  doneCount,
  localDay,
  revenue,
  statusCount,
  type DashboardScope,
} from './scope';

type Ctx = CallContext<Session>;
type All = CallOutput<'Dashboard/GetDashboardAllData'>;

const TOP_LIMIT = 10;
const PENDING_ROWS = 20;

/** The busiest drivers or clients of the range: done jobs, then revenue; those without a done job are left out. */
export async function topOf(ctx: Ctx, scope: DashboardScope, who: 'driver' | 'client'): Promise<All['topDrivers']> {
  const column = who === 'driver' ? bookings.driverId : bookings.clientId;
  const join =
    who === 'driver'
      ? {
          table: drivers,
          on: and(eq(drivers.companyId, bookings.companyId), eq(drivers.id, bookings.driverId)),
          name: sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`,
        }
      : {
          table: clients,
          on: and(eq(clients.companyId, bookings.companyId), eq(clients.id, bookings.clientId)),
          name: sql<string>`${clients.name}`,
        };
  const rows = await ctx.db
    .select({ id: sql<number>`${column}`, name: join.name, bookings: doneCount, revenueMinor: revenue })
    .from(bookings)
    .innerJoin(join.table, join.on)
    .where(scope.where)
    .groupBy(column, join.name)
    .having(sql`count(*) filter (where ${bookings.status} in ('completed', 'no_show')) > 0`)
    .orderBy(desc(doneCount), desc(revenue), asc(column))
    .limit(TOP_LIMIT);
  return rows.map((r, i) => ({ rank: i + 1, ...r, revenueMinor: Number(r.revenueMinor) }));
}

/** Bookings per company day; every day of the range is present. Grouped by position: the day's expression carries the time zone. */
export async function bookingsGraph(ctx: Ctx, scope: DashboardScope): Promise<All['bookingsGraph']> {
  const rows = await ctx.db
    .select({
      date: localDay(scope.timezone),
      bookings: sql<number>`count(*)::int`,
      completed: statusCount('completed'),
      cancelled: statusCount('cancelled'),
      revenueMinor: revenue,
    })
    .from(bookings)
    .where(scope.where)
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const days = daysBetween(scope.fromDate, scope.toDate);
  return Array.from({ length: days + 1 }, (_, i) => {
    const date = addDays(scope.fromDate, i);
    const r = byDay.get(date);
    return {
      date,
      bookings: r?.bookings ?? 0,
      completed: r?.completed ?? 0,
      cancelled: r?.cancelled ?? 0,
      revenueMinor: Number(r?.revenueMinor ?? 0),
    };
  });
}

const basisPoints = (part: number, whole: number) => (whole ? Math.round((part * 10_000) / whole) : 0);

/** This month so far on the company's clock (the range is not used; the other filters are). */
export async function goalOverview(ctx: Ctx, scope: DashboardScope): Promise<All['goalOverview']> {
  const month = scope.today.slice(0, 7);
  const daysInMonth = Number(lastDayOfMonth(scope.today).slice(8, 10));
  const daysElapsed = Number(scope.today.slice(8, 10));
  const [row] = await ctx.db
    .select({
      bookings: sql<number>`count(*)::int`,
      completed: statusCount('completed'),
      cancelled: statusCount('cancelled'),
      revenueMinor: revenue,
    })
    .from(bookings)
    .where(scope.between(`${month}-01`, scope.today));
  const total = row?.bookings ?? 0;
  const revenueMinor = Number(row?.revenueMinor ?? 0);
  return {
    month,
    bookings: total,
    bookingsGoal: scope.goals.bookings,
    revenueMinor,
    revenueGoalMinor: scope.goals.revenueMinor,
    currency: scope.currency,
    completionRate: basisPoints(row?.completed ?? 0, total),
    cancellationRate: basisPoints(row?.cancelled ?? 0, total),
    daysElapsed,
    daysInMonth,
    projectedBookings: Math.round((total * daysInMonth) / daysElapsed),
    projectedRevenueMinor: Math.round((revenueMinor * daysInMonth) / daysElapsed),
  };
}

/** Completed bookings of the range still unpaid: their total and the oldest ones. */
export async function pendingPayments(ctx: Ctx, scope: DashboardScope): Promise<All['pendingPayments']> {
  const where = and(scope.where, eq(bookings.status, 'completed'), eq(bookings.paymentStatus, 'unpaid'));
  const [[totals], rows] = await Promise.all([
    ctx.db
      .select({ count: count(), totalMinor: sql<number>`coalesce(sum(${bookings.priceMinor}), 0)::bigint` })
      .from(bookings)
      .where(where),
    ctx.db
      .select({
        id: bookings.id,
        pickupAt: bookings.pickupAt,
        day: localDay(scope.timezone),
        passengerName: sql<string | null>`${passengers.firstName} || ' ' || ${passengers.surname}`,
        clientName: clients.name,
        priceMinor: bookings.priceMinor,
        currency: bookings.currency,
        paymentMethod: bookings.paymentMethod,
      })
      .from(bookings)
      .leftJoin(passengers, and(eq(passengers.companyId, bookings.companyId), eq(passengers.id, bookings.passengerId)))
      .leftJoin(clients, and(eq(clients.companyId, bookings.companyId), eq(clients.id, bookings.clientId)))
      .where(where)
      .orderBy(asc(bookings.pickupAt), asc(bookings.id))
      .limit(PENDING_ROWS),
  ]);
  return {
    totalMinor: Number(totals?.totalMinor ?? 0),
    count: totals?.count ?? 0,
    currency: scope.currency,
    rows: rows.map(({ day, ...r }) => ({
      ...r,
      pickupAt: iso(r.pickupAt) ?? '',
      priceMinor: r.priceMinor ?? 0,
      daysOutstanding: Math.max(0, daysBetween(day, scope.today)),
    })),
  };
}

/** Bookings and revenue per source; every source is present. */
export async function sourcesOf(ctx: Ctx, scope: DashboardScope): Promise<All['sources']> {
  const rows = await ctx.db
    .select({ source: bookings.source, bookings: sql<number>`count(*)::int`, revenueMinor: revenue })
    .from(bookings)
    .where(scope.where)
    .groupBy(bookings.source);
  return bookingSources.map((source) => {
    const r = rows.find((x) => x.source === source);
    return {
      source,
      name: bookingSourceLabels[source],
      bookings: r?.bookings ?? 0,
      revenueMinor: Number(r?.revenueMinor ?? 0),
    };
  });
}

const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Bookings per month of the range, every month present (Common/GetAllBookingTrends). */
export async function trendsOf(ctx: Ctx, scope: DashboardScope): Promise<CallOutput<'Common/GetAllBookingTrends'>> {
  const rows = await ctx.db
    .select({
      period: sql<string>`to_char(${bookings.pickupAt} at time zone ${scope.timezone}, 'YYYY-MM')`,
      bookings: sql<number>`count(*)::int`,
      completed: statusCount('completed'),
      cancelled: statusCount('cancelled'),
      revenueMinor: revenue,
    })
    .from(bookings)
    .where(scope.where)
    .groupBy(sql`1`);
  const out: CallOutput<'Common/GetAllBookingTrends'> = [];
  const d = new Date(`${scope.fromDate.slice(0, 7)}-01T00:00:00Z`);
  const end = scope.toDate.slice(0, 7);
  while (d.toISOString().slice(0, 7) <= end) {
    const period = d.toISOString().slice(0, 7);
    const r = rows.find((x) => x.period === period);
    out.push({
      period,
      name: monthLabel.format(d),
      bookings: r?.bookings ?? 0,
      completed: r?.completed ?? 0,
      cancelled: r?.cancelled ?? 0,
      revenueMinor: Number(r?.revenueMinor ?? 0),
    });
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}
