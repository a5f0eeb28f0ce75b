import { and, count, eq, sql } from 'drizzle-orm';
import { schemas, type ParsedInput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { incidentDriverName, incidentPassengerName, incidentQuery, toIncidentRow, type IncidentRow } from './rows';
import { incidents } from './schema';

type Ctx = CallContext<Session>;

/** Category words in SQL, so the table sorts by what it shows. */
const categoryWords = sql`case ${incidents.category} ${sql.join(
  schemas.incidentCategories.map((c) => sql`when ${c} then ${schemas.incidentCategoryLabels[c]}`),
  sql` `,
)} else ${incidents.category} end`;

/** Incident/GetTableSummary: newest first; sorts on every column the table shows but Actions. */
export async function listIncidents(ctx: Ctx, input: ParsedInput<'Incident/GetTableSummary'>) {
  const digits = /^#?\d{1,9}$/.test(input.q.trim()) ? Number(input.q.trim().replace('#', '')) : null;
  const search = searchAny(input.q, [
    incidents.description,
    incidents.actionTaken,
    categoryWords,
    incidentDriverName,
    incidentPassengerName,
  ]);
  const where = and(
    eq(incidents.companyId, ctx.session.companyId),
    input.bookingId ? eq(incidents.bookingId, input.bookingId) : undefined,
    input.status === undefined ? undefined : eq(incidents.isOpen, input.status),
    input.category ? eq(incidents.category, input.category) : undefined,
    search && digits !== null
      ? sql`(${search} or ${incidents.bookingId} = ${digits} or ${incidents.id} = ${digits})`
      : search,
  );
  const order = orderFrom(
    input,
    {
      entryDate: incidents.createdAt,
      categoryDescription: sql`lower(${categoryWords})`,
      bookingID: incidents.bookingId,
      driverName: sql`lower(${incidentDriverName})`,
      passengerName: sql`lower(${incidentPassengerName})`,
      status: incidents.isOpen,
    },
    { column: 'entryDate', type: 'desc' },
    incidents.id,
  );
  const counted = ctx.db
    .select({ n: count() })
    .from(incidents)
    .leftJoin(drivers, and(eq(drivers.companyId, incidents.companyId), eq(drivers.id, incidents.driverId)))
    .leftJoin(passengers, and(eq(passengers.companyId, incidents.companyId), eq(passengers.id, incidents.passengerId)))
    .where(where);
  return listPage(input, {
    count: async () => (await counted)[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await incidentQuery(ctx.db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toIncidentRow),
  });
}

export async function incidentOf(ctx: Ctx, id: number): Promise<IncidentRow> {
  const [row] = await incidentQuery(ctx.db).where(
    and(eq(incidents.companyId, ctx.session.companyId), eq(incidents.id, id)),
  );
  if (!row) throw notFound(`Incident ${id}`);
  return toIncidentRow(row);
}

/** Incident/Create: the driver and passenger come from the booking as it stands now. */
export async function createIncident(ctx: Ctx, input: ParsedInput<'Incident/Create'>): Promise<IncidentRow> {
  const [booking] = await ctx.db
    .select({ driverId: bookings.driverId, passengerId: bookings.passengerId })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, input.bookingId)));
  if (!booking) throw fieldError('bookingId', 'must be a booking of your company');
  const [row] = await ctx.db
    .insert(incidents)
    .values({
      companyId: ctx.session.companyId,
      category: input.category,
      description: input.description,
      bookingId: input.bookingId,
      driverId: booking.driverId,
      passengerId: booking.passengerId,
      createdBy: ctx.session.userId,
    })
    .returning({ id: incidents.id });
  const id = row!.id;
  await recordAudit(ctx, {
    entityType: 'incident',
    entityId: id,
    action: 'created',
    changes: {
      category: { before: null, after: input.category },
      bookingId: { before: null, after: input.bookingId },
    },
  });
  const incident = await incidentOf(ctx, id);
  await emit(ctx, {
    type: 'incident.created',
    officeOnly: true,
    payload: { incidentID: id, bookingID: input.bookingId },
  });
  return incident;
}

/** Incident/Close: open → closed, once; the row is locked so two closers cannot both win. */
export async function closeIncident(ctx: Ctx, input: ParsedInput<'Incident/Close'>): Promise<IncidentRow> {
  const [current] = await ctx.db
    .select({ isOpen: incidents.isOpen })
    .from(incidents)
    .where(and(eq(incidents.companyId, ctx.session.companyId), eq(incidents.id, input.id)))
    .for('update');
  if (!current) throw notFound(`Incident ${input.id}`);
  if (!current.isOpen) throw conflict(`Incident ${input.id} is already closed.`, { currentStatus: false });
  await ctx.db
    .update(incidents)
    .set({
      isOpen: false,
      closedBy: ctx.session.userId,
      closedAt: new Date(),
      actionTaken: input.actionTaken,
      updatedAt: new Date(),
    })
    .where(and(eq(incidents.companyId, ctx.session.companyId), eq(incidents.id, input.id)));
  await recordAudit(ctx, {
    entityType: 'incident',
    entityId: input.id,
    action: 'closed',
    changes: { status: { before: true, after: false }, actionTaken: { before: null, after: input.actionTaken } },
  });
  await emit(ctx, { type: 'incident.closed', officeOnly: true, payload: { incidentID: input.id } });
  return incidentOf(ctx, input.id);
}
