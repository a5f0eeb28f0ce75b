import { and, asc, count, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { CallOutput, ParsedInput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { listPage, searchAny } from '../../platform/http/list';
import { diff, recordAudit } from '../audit/record';
import { companyDay } from '../documents/owners';
import { drivers } from '../drivers/schema';
import { addDays, lastDayOfMonth } from '../dashboard/scope';
import { driverEvents } from './schema';

type Ctx = CallContext<Session>;
type EventRow = CallOutput<'Dashboard/GetDriverEventsList'>;

const driverName = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;

/** The instants a range of company days covers: from the first midnight to the one after the last day. */
async function instantsOf(ctx: Ctx, fromDate: string, toDate: string) {
  const { timezone } = await companyDay(ctx);
  const at = (date: string) => sql`(${date}::date::timestamp at time zone ${timezone})`;
  return { start: at(fromDate), end: at(addDays(toDate, 1)) };
}

/** Events that overlap the range: they start before it ends and end after it starts. */
const overlapping = (range: { start: SQL; end: SQL }) =>
  and(lt(driverEvents.startsAt, range.end), gt(driverEvents.endsAt, range.start));

function eventQuery(ctx: Ctx) {
  return ctx.db
    .select({
      id: driverEvents.id,
      driverId: driverEvents.driverId,
      driverName,
      title: driverEvents.title,
      kind: driverEvents.kind,
      startsAt: driverEvents.startsAt,
      endsAt: driverEvents.endsAt,
      allDay: driverEvents.allDay,
      notes: driverEvents.notes,
    })
    .from(driverEvents)
    .innerJoin(drivers, and(eq(drivers.companyId, driverEvents.companyId), eq(drivers.id, driverEvents.driverId)))
    .$dynamic();
}

const toRow = (r: Awaited<ReturnType<ReturnType<typeof eventQuery>['execute']>>[number]): EventRow => ({
  ...r,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});

async function eventById(ctx: Ctx, id: number): Promise<EventRow> {
  const [row] = await eventQuery(ctx)
    .where(and(eq(driverEvents.companyId, ctx.session.companyId), eq(driverEvents.id, id)))
    .limit(1);
  if (!row) throw notFound(`Event ${id}`);
  return toRow(row);
}

/** Dashboard/GetDriverList: active drivers, with their events in the range (this month by default). */
export async function calendarDrivers(ctx: Ctx, input: ParsedInput<'Dashboard/GetDriverList'>) {
  const { today } = await companyDay(ctx);
  const fromDate = input.fromDate ?? `${today.slice(0, 7)}-01`;
  const toDate = input.toDate ?? lastDayOfMonth(today);
  const range = await instantsOf(ctx, fromDate, toDate);
  // A join (not a correlated sub-select) keeps every column qualified in the generated SQL.
  const eventsCount = sql<number>`count(${driverEvents.id})::int`;
  const eventsInRange = and(
    eq(driverEvents.companyId, drivers.companyId),
    eq(driverEvents.driverId, drivers.id),
    overlapping(range),
  );
  const where = and(
    eq(drivers.companyId, ctx.session.companyId),
    eq(drivers.isActive, true),
    searchAny(input.q, [driverName, drivers.callsign]),
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(drivers).where(where))[0]?.n ?? 0,
    rows: (limit, offset) =>
      ctx.db
        .select({ id: drivers.id, name: driverName, callsign: drivers.callsign, eventsCount })
        .from(drivers)
        .leftJoin(driverEvents, eventsInRange)
        .where(where)
        .groupBy(drivers.id)
        .orderBy(asc(drivers.firstName), asc(drivers.lastName), asc(drivers.id))
        .limit(limit)
        .offset(offset),
  });
}

/** Dashboard/GetDriverEventsList. */
export async function listEvents(ctx: Ctx, input: ParsedInput<'Dashboard/GetDriverEventsList'>) {
  const range = await instantsOf(ctx, input.fromDate, input.toDate);
  const where = and(
    eq(driverEvents.companyId, ctx.session.companyId),
    input.driverId ? eq(driverEvents.driverId, input.driverId) : undefined,
    overlapping(range),
    searchAny(input.q, [driverEvents.title, driverEvents.notes]),
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(driverEvents).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await eventQuery(ctx)
          .where(where)
          .orderBy(asc(driverEvents.startsAt), asc(driverEvents.id))
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

type Fields = ParsedInput<'Dashboard/AddEvent'>;
const valuesOf = (input: Fields) => ({
  driverId: input.driverId,
  title: input.title,
  kind: input.kind,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
  allDay: input.allDay,
  notes: input.notes,
});

export async function addEvent(ctx: Ctx, input: Fields) {
  const [created] = await ctx.db
    .insert(driverEvents)
    .values({ ...valuesOf(input), companyId: ctx.session.companyId, createdBy: ctx.session.userId })
    .returning({ id: driverEvents.id });
  const row = await eventById(ctx, created?.id ?? 0);
  await recordAudit(ctx, { entityType: 'driver_event', entityId: row.id, action: 'created' });
  return { data: row, message: `${row.title} added to ${row.driverName}'s calendar.` };
}

export async function updateEvent(ctx: Ctx, input: ParsedInput<'Dashboard/UpdateEvent'>) {
  const before = await eventById(ctx, input.id);
  await ctx.db
    .update(driverEvents)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(and(eq(driverEvents.companyId, ctx.session.companyId), eq(driverEvents.id, input.id)));
  const after = await eventById(ctx, input.id);
  await recordAudit(ctx, {
    entityType: 'driver_event',
    entityId: input.id,
    action: 'updated',
    changes: diff(before, after),
  });
  return { data: after, message: `${after.title} saved.` };
}

export async function deleteEvent(ctx: Ctx, input: { id: number }) {
  const before = await eventById(ctx, input.id);
  await ctx.db
    .delete(driverEvents)
    .where(and(eq(driverEvents.companyId, ctx.session.companyId), eq(driverEvents.id, input.id)));
  await recordAudit(ctx, {
    entityType: 'driver_event',
    entityId: input.id,
    action: 'deleted',
    changes: Object.fromEntries(Object.entries(before).map(([k, v]) => [k, { before: v, after: null }])),
  });
  return { data: { id: input.id }, message: `${before.title} deleted.` };
}
