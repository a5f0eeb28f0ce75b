import { type schemas } from '@cabdesk/contract';
import { and, count, desc, eq, gte, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import { AppError, conflict, fieldError } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import { companyToday } from '../documents/owner-documents';
import { drivers } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';
import { companyTimezone } from './board';
import { availabilityName, driverBoardQuery, toAllocationRow } from './driver-board';
import { dispatchRowQuery, toDispatchRow } from './rows';
import { driverShifts } from './schema';

type Ctx = CallContext<Session>;
type Driver = typeof drivers.$inferSelect;

const AVAILABLE = 1;
const OFFLINE = 3;

const missing = (field: string, what: string) =>
  new AppError(404, `${what} was not found.`, [{ field, message: 'was not found' }]);

/** Locks the driver row: status and shift changes of one driver happen one at a time. */
async function lockDriver(ctx: Ctx, driverId: number): Promise<Driver> {
  // Whoever is let in only through the driver app (call `alsoFor`) acts for their own driver; anyone
  // else's id does not exist for them.
  const actsForSelfOnly = ctx.session.kind === 'driver' || !ctx.ability.can('update', 'Dispatch');
  if (actsForSelfOnly && ctx.session.personId !== driverId) throw missing('driverId', `Driver ${driverId}`);
  const [driver] = await ctx.db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driverId)))
    .for('update');
  if (!driver) throw missing('driverId', `Driver ${driverId}`);
  return driver;
}

async function openShiftOf(ctx: Ctx, driverId: number) {
  const [shift] = await ctx.db
    .select()
    .from(driverShifts)
    .where(
      and(
        eq(driverShifts.companyId, ctx.session.companyId),
        eq(driverShifts.driverId, driverId),
        isNull(driverShifts.endedAt),
      ),
    )
    .orderBy(desc(driverShifts.startedAt))
    .limit(1);
  return shift ?? null;
}

/** Tells the office screens and the driver's own app. */
async function announce(ctx: Ctx, driverId: number, availability: number, onShift: boolean, extra = {}) {
  await emit(ctx, {
    type: 'driver.status',
    payload: { driverId, availability, availabilityName: availabilityName(availability), onShift, ...extra },
    driverId,
  });
}

export async function updateDriverStatus(ctx: Ctx, input: z.output<typeof schemas.driverStatusInput>) {
  const driver = await lockDriver(ctx, input.driverId);
  if (!driver.isActive && input.availability !== OFFLINE) {
    throw fieldError('driverId', 'is switched off; only offline is allowed');
  }
  const shift = await openShiftOf(ctx, driver.id);
  if (driver.availability !== input.availability) {
    await ctx.db
      .update(drivers)
      .set({ availability: input.availability, updatedAt: new Date() })
      .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driver.id)));
    await recordAudit(ctx, {
      entityType: 'driver',
      entityId: driver.id,
      action: 'availability_changed',
      source: ctx.session.kind === 'driver' ? 'driver' : 'office',
      changes: { availability: { before: driver.availability, after: input.availability } },
    });
    await announce(ctx, driver.id, input.availability, !!shift);
  }
  return {
    data: {
      driverId: driver.id,
      availability: input.availability,
      availabilityName: availabilityName(input.availability),
      onShift: !!shift,
    },
    message: `${driver.firstName} ${driver.lastName} is ${availabilityName(input.availability).toLowerCase()}.`,
  };
}

/**
 * Starts a shift (with the vehicle driven; an offline driver becomes available) or ends the open
 * one (the driver goes offline). One open shift per driver; one open shift per vehicle.
 */
export async function addDriverShift(ctx: Ctx, input: z.output<typeof schemas.driverShiftInput>) {
  const driver = await lockDriver(ctx, input.driverId);
  const open = await openShiftOf(ctx, driver.id);
  const now = new Date();
  let shift: typeof driverShifts.$inferSelect;
  let availability = driver.availability;
  if (input.action === 'start') {
    if (!driver.isActive) throw fieldError('driverId', 'is switched off; switch the driver on first');
    if (open) throw conflict(`The driver has been on shift since ${open.startedAt.toISOString()}; end it first.`);
    let registration: string | null = null;
    if (input.vehicleId) {
      const [vehicle] = await ctx.db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.id, input.vehicleId)));
      if (!vehicle) throw missing('vehicleId', `Vehicle ${input.vehicleId}`);
      if (!vehicle.isActive) throw fieldError('vehicleId', 'is switched off');
      const [taken] = await ctx.db
        .select({ firstName: drivers.firstName, lastName: drivers.lastName })
        .from(driverShifts)
        .innerJoin(drivers, eq(drivers.id, driverShifts.driverId))
        .where(
          and(
            eq(driverShifts.companyId, ctx.session.companyId),
            eq(driverShifts.vehicleId, vehicle.id),
            isNull(driverShifts.endedAt),
          ),
        );
      if (taken) throw conflict(`${vehicle.registration} is on shift with ${taken.firstName} ${taken.lastName}.`);
      registration = vehicle.registration;
    }
    [shift] = (await ctx.db
      .insert(driverShifts)
      .values({ companyId: ctx.session.companyId, driverId: driver.id, vehicleId: input.vehicleId, startedAt: now })
      .returning()) as [typeof driverShifts.$inferSelect];
    if (availability === OFFLINE) availability = AVAILABLE;
    await afterShift(ctx, driver, availability, 'shift_started', { vehicleId: input.vehicleId }, true);
    return { data: shiftRow(shift, registration, availability), message: 'Shift started.' };
  }
  if (!open) throw conflict(`${driver.firstName} ${driver.lastName} is not on shift.`);
  [shift] = (await ctx.db
    .update(driverShifts)
    .set({ endedAt: now })
    .where(and(eq(driverShifts.companyId, ctx.session.companyId), eq(driverShifts.id, open.id)))
    .returning()) as [typeof driverShifts.$inferSelect];
  availability = OFFLINE;
  await afterShift(ctx, driver, availability, 'shift_ended', { vehicleId: open.vehicleId }, false);
  const [vehicle] = open.vehicleId
    ? await ctx.db.select({ registration: vehicles.registration }).from(vehicles).where(eq(vehicles.id, open.vehicleId))
    : [];
  return { data: shiftRow(shift, vehicle?.registration ?? null, availability), message: 'Shift ended.' };
}

async function afterShift(
  ctx: Ctx,
  driver: Driver,
  availability: number,
  action: string,
  detail: { vehicleId: number | null },
  onShift: boolean,
) {
  if (availability !== driver.availability) {
    await ctx.db
      .update(drivers)
      .set({ availability, updatedAt: new Date() })
      .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driver.id)));
  }
  await recordAudit(ctx, {
    entityType: 'driver',
    entityId: driver.id,
    action,
    source: ctx.session.kind === 'driver' ? 'driver' : 'office',
    changes: {
      availability: { before: driver.availability, after: availability },
      vehicleId: { before: null, after: detail.vehicleId },
    },
  });
  await announce(ctx, driver.id, availability, onShift, { vehicleId: detail.vehicleId });
}

function shiftRow(shift: typeof driverShifts.$inferSelect, registration: string | null, availability: number) {
  return {
    id: shift.id,
    driverId: shift.driverId,
    vehicleId: shift.vehicleId,
    vehicleRegistration: registration,
    startedAt: shift.startedAt.toISOString(),
    endedAt: shift.endedAt?.toISOString() ?? null,
    availability,
    availabilityName: availabilityName(availability),
  };
}

/** Active drivers counted by availability, and how many are on shift. */
export async function availabilitySums(ctx: Ctx) {
  const rows = await ctx.db
    .select({
      availability: drivers.availability,
      n: count(),
      onShift: sql<number>`(count(*) filter (where exists (select 1 from driver_shifts s
        where s.company_id = "drivers"."company_id" and s.driver_id = "drivers"."id" and s.ended_at is null)))::int`,
    })
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.isActive, true)))
    .groupBy(drivers.availability);
  const by = (a: number) => rows.find((r) => r.availability === a)?.n ?? 0;
  return {
    available: by(1),
    busy: by(2),
    offline: by(3),
    onBreak: by(4),
    onShift: rows.reduce((n, r) => n + r.onShift, 0),
    total: rows.reduce((n, r) => n + r.n, 0),
  };
}

/** One driver's dispatch details, by id or by callsign as typed on the board. */
export async function findDriverDetail(ctx: Ctx, input: z.output<typeof schemas.findDriverInput>) {
  const today = await companyToday(ctx);
  const [raw] = await driverBoardQuery(ctx, today).where(
    and(
      eq(drivers.companyId, ctx.session.companyId),
      input.driverId
        ? eq(drivers.id, input.driverId)
        : sql`lower(${drivers.callsign}) = lower(${input.callsign ?? ''})`,
    ),
  );
  if (!raw) {
    throw input.driverId
      ? missing('driverId', `Driver ${input.driverId}`)
      : missing('callsign', `A driver with callsign ${input.callsign}`);
  }
  const row = toAllocationRow(raw);
  const timezone = await companyTimezone(ctx);
  const upcoming = (
    await dispatchRowQuery(ctx.db)
      .where(
        and(
          eq(bookings.companyId, ctx.session.companyId),
          eq(bookings.driverId, row.id),
          sql`${bookings.status} in ('offered', 'allocated', 'accepted', 'on_route', 'arrived', 'on_board')`,
          gte(bookings.pickupAt, sql`now() - interval '1 day'`),
        ),
      )
      .orderBy(bookings.pickupAt, bookings.id)
      .limit(20)
  ).map(toDispatchRow);
  const [jobs] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        eq(bookings.driverId, row.id),
        gte(bookings.pickupAt, sql`(${today}::date)::timestamp at time zone ${timezone}`),
        lt(bookings.pickupAt, sql`(${today}::date + 1)::timestamp at time zone ${timezone}`),
        notInArray(bookings.status, ['cancelled', 'rejected']),
      ),
    );
  return {
    ...row,
    currentBooking: upcoming.find((b) => b.id === row.currentBookingId) ?? null,
    upcoming,
    jobsToday: jobs?.n ?? 0,
  };
}
