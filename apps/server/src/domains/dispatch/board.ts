import { companyFacts } from '../company/facts';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  type DispatchTab,
  dispatchTabNames,
  dispatchTabs,
  type BookingStatus,
  type ListResponse,
  type schemas,
} from '@cabdesk/contract';
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { HEAVY_ALL_DATA_LIMIT, listPage, orderFrom, searchAny } from '../../platform/http/list';
import { bookings, bookingStops } from '../bookings/schema';
import { clients } from '../clients/schema';
import { todayIn } from '../documents/expiry';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { vehicles } from '../vehicles/schema';
import { nearPickups } from './near-pickup';
import { type DispatchRow, dispatchRowQuery, inTab, tabOf, tabSql, toDispatchRow } from './rows';

type Ctx = CallContext<Session>;
type BoardInput = z.output<typeof schemas.dispatchBoardInput>;
type ListInput = z.output<typeof schemas.dispatchListInput>;
type Board = z.output<typeof schemas.dispatchBoard>;
type Filters = Omit<BoardInput, 'tab'>;

const tabNames: Record<DispatchTab, string> = {
  unallocated: 'Unallocated',
  offered: 'Offered',
  allocated: 'Allocated',
  active: 'Active',
  done: 'Done',
  cancelled: 'Cancelled',
};

export const companyTimezone = async (ctx: Ctx): Promise<string> => (await companyFacts(ctx)).timezone;

const sortColumns = {
  pickupAt: bookings.pickupAt,
  createdAt: bookings.createdAt,
  status: bookings.status,
  priceMinor: bookings.priceMinor,
  id: bookings.id,
};

const pickupAddress = sql<string>`(select s.address from ${bookingStops} s where s.booking_id = ${bookings.id} and s.company_id = ${bookings.companyId} order by s.seq limit 1)`;

/**
 * The day's bookings after the filters. The day runs midnight to midnight in the company's time
 * zone, so the range is computed in SQL from the date and zone and the (company, pickup) index serves it.
 */
function boardWhere(ctx: Ctx, date: string, timezone: string, f: Filters): SQL {
  const from = sql`(${date}::date)::timestamp at time zone ${timezone}`;
  const to = sql`(${date}::date + 1)::timestamp at time zone ${timezone}`;
  return and(
    eq(bookings.companyId, ctx.session.companyId),
    gte(bookings.pickupAt, from),
    lt(bookings.pickupAt, to),
    f.vehicleTypeId ? eq(bookings.vehicleTypeId, f.vehicleTypeId) : undefined,
    f.driverId ? eq(bookings.driverId, f.driverId) : undefined,
    f.clientId ? eq(bookings.clientId, f.clientId) : undefined,
    searchAny(f.q, [
      sql`${bookings.id}::text`,
      sql`concat_ws(' ', ${passengers.firstName}, ${passengers.surname})`,
      sql`coalesce(${passengers.mobile}, ${passengers.phone}, '')`,
      clients.name,
      sql`concat_ws(' ', ${drivers.callsign}, ${drivers.firstName}, ${drivers.lastName})`,
      sql`coalesce(${vehicles.registration}, '')`,
      sql`coalesce(${bookings.flightNumber}, '')`,
      pickupAddress,
    ]),
  )!;
}

/**
 * The joins the free-text search reads; without a search the day's bookings are counted and ranked
 * from the bookings table alone (four joins over a busy day's rows cost more than the count itself).
 */
function withSearchJoins<Q extends PgSelect>(query: Q, searching: boolean): Q {
  if (!searching) return query;
  return query
    .leftJoin(passengers, eq(passengers.id, bookings.passengerId))
    .leftJoin(clients, eq(clients.id, bookings.clientId))
    .leftJoin(drivers, eq(drivers.id, bookings.driverId))
    .leftJoin(vehicles, eq(vehicles.id, bookings.vehicleId)) as unknown as Q;
}

const ordering = (f: Filters): SQL[] => orderFrom(f, sortColumns, { column: 'pickupAt', type: 'asc' }, bookings.id);

/** Counts per tab of the filtered day, and the urgent ones, in one grouped query. */
async function countsByTab(
  ctx: Ctx,
  where: SQL,
  searching: boolean,
): Promise<Record<DispatchTab, number> & { urgent: number }> {
  const counting = ctx.db
    .select({
      status: bookings.status,
      n: count(),
      soon: sql<number>`(count(*) filter (where ${bookings.pickupAt} < now() + interval '1 hour'))::int`,
    })
    .from(bookings)
    .$dynamic();
  const grouped = await withSearchJoins(counting, searching).where(where).groupBy(bookings.status);
  const out = {
    ...(Object.fromEntries(dispatchTabNames.map((t) => [t, 0])) as Record<DispatchTab, number>),
    urgent: 0,
  };
  for (const g of grouped) {
    const tab = tabOf(g.status);
    out[tab] += g.n;
    if (tab === 'unallocated') out.urgent += g.soon;
  }
  return out;
}

async function dayOf(ctx: Ctx, date: string | undefined): Promise<{ date: string; timezone: string }> {
  const timezone = await companyTimezone(ctx);
  return { date: date ?? todayIn(timezone), timezone };
}

/** Booking/GetTableSummaryDispatchBookingsTest: one tab of a day, server-paged. */
export async function listDispatchTab(ctx: Ctx, input: ListInput): Promise<ListResponse<DispatchRow>> {
  const { date, timezone } = await dayOf(ctx, input.date);
  const where = and(boardWhere(ctx, date, timezone, input), inTab(input.tab))!;
  const searching = Boolean(input.q?.trim());
  const order = ordering(input);
  return listPage(
    input,
    {
      count: async () => (await countsByTab(ctx, where, searching))[input.tab],
      rows: async (limit, offset) =>
        (
          await withSearchJoins(dispatchRowQuery(ctx.db), searching)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset)
        ).map(toDispatchRow),
    },
    HEAVY_ALL_DATA_LIMIT,
  );
}

const boardStatuses = dispatchTabNames.flatMap((tab) => [...dispatchTabs[tab]]) as BookingStatus[];

/**
 * The bookings that can be on the first page of their tab: each status's first `perPage` in the
 * board's order. Ranking these few hundred instead of the whole day (ten thousand rows on a busy
 * one) gives the same first pages; each status is read along the (company, status, pick-up) index.
 */
function inFirstPages(where: SQL, order: SQL[], perPage: number): SQL {
  const firstOfEach = boardStatuses.map(
    (status) =>
      sql`(select ${bookings.id} from ${bookings} where ${and(where, eq(bookings.status, status))} order by ${sql.join(order, sql`, `)} limit ${perPage})`,
  );
  return sql`${bookings.id} in (${sql.join(firstOfEach, sql` union all `)})`;
}

/**
 * Booking/GetBookingDispatch: the board of a day. Without a tab every tab answers its first page
 * (each status's first bookings ranked by tab in one windowed pass, then the lines of just those);
 * with a tab only that tab answers rows, at `page`. The counts of every tab come from one grouped
 * query either way.
 */
export async function dispatchBoard(ctx: Ctx, input: BoardInput): Promise<Board> {
  const { date, timezone } = await dayOf(ctx, input.date);
  const where = boardWhere(ctx, date, timezone, input);
  const searching = Boolean(input.q?.trim());
  const counts = await countsByTab(ctx, where, searching);
  const order = ordering(input);
  const { perPage } = input;
  const page = input.tab ? input.page : 0;
  const byTab = new Map<DispatchTab, DispatchRow[]>(dispatchTabNames.map((t) => [t, []]));

  if (input.tab) {
    const rows = await withSearchJoins(dispatchRowQuery(ctx.db), searching)
      .where(and(where, inTab(input.tab)))
      .orderBy(...order)
      .limit(perPage)
      .offset(page * perPage);
    byTab.set(input.tab, rows.map(toDispatchRow));
  } else {
    const ranking = ctx.db
      .select({
        id: bookings.id,
        rn: sql<number>`row_number() over (partition by ${tabSql} order by ${sql.join(order, sql`, `)})`.as('rn'),
      })
      .from(bookings)
      .$dynamic();
    const ranked = withSearchJoins(ranking, searching)
      .where(
        searching ? where : and(eq(bookings.companyId, ctx.session.companyId), inFirstPages(where, order, perPage)),
      )
      .as('ranked');
    const ids = (
      await ctx.db
        .select({ id: ranked.id })
        .from(ranked)
        .where(sql`${ranked.rn} <= ${perPage}`)
    ).map((r) => r.id);
    if (ids.length) {
      const rows = await dispatchRowQuery(ctx.db)
        .where(and(eq(bookings.companyId, ctx.session.companyId), inArray(bookings.id, ids)))
        .orderBy(...order);
      for (const raw of rows) byTab.get(tabOf(raw.status))!.push(toDispatchRow(raw));
    }
  }

  const total = dispatchTabNames.reduce((n, t) => n + counts[t], 0);
  const near = await nearPickups(ctx);
  return {
    date,
    timezone,
    tab: input.tab ?? null,
    page,
    perPage,
    tabs: dispatchTabNames.map((tab) => ({
      tab,
      name: tabNames[tab],
      statuses: [...dispatchTabs[tab]] as BookingStatus[],
      count: counts[tab],
      total: Math.ceil(counts[tab] / perPage),
      data: byTab.get(tab) ?? [],
    })),
    near,
    totals: { count: total, ...counts },
  };
}
