import { companyFacts } from '../company/facts';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { schemas, type ParsedInput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { bookingRowColumns } from '../bookings/rows';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { bookingDriverName, bookingPassengerName, lostItemQuery, toLostItemRow, type LostItemRow } from './rows';
import { lostItems } from './schema';

type Ctx = CallContext<Session>;

const BOOKING_CHOICES = 50;

/** A number typed into a search box names a booking (or an item) directly. */
const numberIn = (q: string): number | null =>
  /^#?\d{1,9}$/.test(q.trim()) ? Number(q.trim().replace('#', '')) : null;

const categoryWords = sql`case ${lostItems.category} ${sql.join(
  schemas.lostItemCategories.map(([code, label]) => sql`when ${code} then ${label}`),
  sql` `,
)} else ${lostItems.category} end`;

const timezoneOf = async (ctx: Ctx): Promise<string> => (await companyFacts(ctx)).timezone;

/** Midnight at the start of a company day, as an instant: the found-at index serves the range. */
const midnight = (date: string, timezone: string) => sql`(${date}::date::timestamp at time zone ${timezone})`;

/** LostandFound/GetTableSummary: newest find first; the dashboard panel asks for a date range. */
export async function listLostItems(ctx: Ctx, input: ParsedInput<'LostandFound/GetTableSummary'>) {
  const timezone = input.fromDate || input.toDate ? await timezoneOf(ctx) : 'UTC';
  const digits = numberIn(input.q);
  const search = searchAny(input.q, [lostItems.description, lostItems.notes, categoryWords]);
  const where = and(
    eq(lostItems.companyId, ctx.session.companyId),
    input.id ? eq(lostItems.id, input.id) : undefined,
    input.fromDate ? gte(lostItems.foundAt, midnight(input.fromDate, timezone)) : undefined,
    input.toDate ? lt(lostItems.foundAt, sql`${midnight(input.toDate, timezone)} + interval '1 day'`) : undefined,
    input.bookingId ? eq(lostItems.bookingId, input.bookingId) : undefined,
    input.category ? eq(lostItems.category, input.category) : undefined,
    input.status === undefined
      ? undefined
      : input.status
        ? eq(lostItems.status, 'held')
        : inArray(lostItems.status, ['returned', 'disposed']),
    search && digits !== null ? or(search, eq(lostItems.bookingId, digits)) : search,
  );
  const order = orderFrom(
    input,
    {
      foundAt: lostItems.foundAt,
      bookingID: lostItems.bookingId,
      categoryName: sql`lower(${categoryWords})`,
      status: sql`${lostItems.status} = 'held'`,
    },
    { column: 'foundAt', type: 'desc' },
    lostItems.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(lostItems).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await lostItemQuery(ctx.db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toLostItemRow),
  });
}

/** Statuses after which someone has ridden in the car: where items get left behind. */
const rodeStatuses = ['on_board', 'completed'] as const;

/** LostandFound/GetBookingsIDForLostItems: a short list to pick a booking from, latest first. */
export async function bookingChoices(ctx: Ctx, input: ParsedInput<'LostandFound/GetBookingsIDForLostItems'>) {
  const digits = numberIn(input.q);
  const search = searchAny(input.q, [
    bookingRowColumns.pickup,
    sql`${bookingRowColumns.dropoff}`,
    bookingDriverName,
    bookingPassengerName,
  ]);
  const where = and(
    eq(bookings.companyId, ctx.session.companyId),
    input.id ? eq(bookings.id, input.id) : undefined,
    input.allBookings ? undefined : and(inArray(bookings.status, [...rodeStatuses]), isNotNull(bookings.driverId)),
    search && digits !== null ? or(search, eq(bookings.id, digits)) : search,
  );
  const limit = input.perPage === 0 ? BOOKING_CHOICES : Math.min(input.perPage, BOOKING_CHOICES);
  const rows = await ctx.db
    .select({
      id: bookings.id,
      pickupAt: bookings.pickupAt,
      pickUp: bookingRowColumns.pickup,
      dropOff: bookingRowColumns.dropoff,
      status: bookings.status,
      driverName: bookingDriverName,
      passengerName: bookingPassengerName,
    })
    .from(bookings)
    .leftJoin(drivers, and(eq(drivers.companyId, bookings.companyId), eq(drivers.id, bookings.driverId)))
    .leftJoin(passengers, and(eq(passengers.companyId, bookings.companyId), eq(passengers.id, bookings.passengerId)))
    .where(where)
    .orderBy(desc(bookings.pickupAt), desc(bookings.id))
    .limit(limit)
    .offset(input.perPage === 0 ? 0 : input.page * limit);
  const data = rows.map(({ pickupAt, ...r }) => ({
    ...r,
    name: `#${r.id} · ${r.pickUp ?? '—'}${r.dropOff ? ` → ${r.dropOff}` : ''}`,
    bookingDate: pickupAt.toISOString(),
  }));
  return { data, allData: data, total: data.length ? 1 : 0, count: data.length };
}

export async function lostItemOf(ctx: Ctx, id: number): Promise<LostItemRow> {
  const [row] = await lostItemQuery(ctx.db).where(
    and(eq(lostItems.companyId, ctx.session.companyId), eq(lostItems.id, id)),
  );
  if (!row) throw notFound(`Lost item ${id}`);
  return toLostItemRow(row);
}

/** LostandFound/Create: held at the office from the moment it is recorded. */
export async function createLostItem(ctx: Ctx, input: ParsedInput<'LostandFound/Create'>): Promise<LostItemRow> {
  const [booking] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, input.bookingId)));
  if (!booking) throw fieldError('bookingId', 'must be a booking of your company');
  const [row] = await ctx.db
    .insert(lostItems)
    .values({
      companyId: ctx.session.companyId,
      bookingId: input.bookingId,
      category: input.category,
      description: input.description,
      notes: input.notes || null,
      ...(input.foundAt ? { foundAt: new Date(input.foundAt) } : {}),
      createdBy: ctx.session.userId,
    })
    .returning({ id: lostItems.id });
  const id = row!.id;
  await recordAudit(ctx, {
    entityType: 'lost_item',
    entityId: id,
    action: 'created',
    changes: {
      bookingId: { before: null, after: input.bookingId },
      category: { before: null, after: input.category },
    },
  });
  await emit(ctx, { type: 'lostfound.created', officeOnly: true, payload: { id, bookingID: input.bookingId } });
  return lostItemOf(ctx, id);
}
