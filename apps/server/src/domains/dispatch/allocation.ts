import { driverHoldsStatuses, type BookingMove, type schemas } from '@cabdesk/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { AppError, conflict, fieldError } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { lockBooking, moveBooking } from '../bookings/moves';
import type { bookings } from '../bookings/schema';
import { drivers, vendors } from '../drivers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { assertCompliant } from './compliance';
import { describeHolder, holderOf } from './holder';
import { type DispatchRow, dispatchRowOf } from './rows';
import { driverShifts } from './schema';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;
type Answer = Promise<{ data: DispatchRow; message: string }>;

/** 404 naming the field: another company's row does not exist for this caller. */
const missing = (field: string, what: string) =>
  new AppError(404, `${what} was not found.`, [{ field, message: 'was not found' }]);

async function driverFor(ctx: Ctx, driverId: number) {
  const [driver] = await ctx.db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driverId)));
  if (!driver) throw missing('driverId', `Driver ${driverId}`);
  if (!driver.isActive) throw fieldError('driverId', 'is switched off; switch the driver on first');
  return driver;
}

/** The vehicle sent, or else the one of the driver's open shift, checked against the booking's type. */
async function vehicleFor(ctx: Ctx, booking: Booking, vehicleId: number | null, driverId: number | null) {
  let id = vehicleId;
  if (!id && driverId) {
    const [shift] = await ctx.db
      .select({ vehicleId: driverShifts.vehicleId })
      .from(driverShifts)
      .where(
        and(
          eq(driverShifts.companyId, ctx.session.companyId),
          eq(driverShifts.driverId, driverId),
          isNull(driverShifts.endedAt),
        ),
      );
    id = shift?.vehicleId ?? null;
  }
  if (!id) return null;
  const [vehicle] = await ctx.db
    .select({
      id: vehicles.id,
      isActive: vehicles.isActive,
      vehicleTypeId: vehicles.vehicleTypeId,
      typeName: vehicleTypes.name,
    })
    .from(vehicles)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
    .where(and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.id, id)));
  if (!vehicle) throw missing('vehicleId', `Vehicle ${id}`);
  if (!vehicle.isActive) throw fieldError('vehicleId', 'is switched off');
  if (booking.vehicleTypeId && vehicle.vehicleTypeId !== booking.vehicleTypeId) {
    const [wanted] = await ctx.db
      .select({ name: vehicleTypes.name })
      .from(vehicleTypes)
      .where(eq(vehicleTypes.id, booking.vehicleTypeId));
    throw fieldError('vehicleId', `is a ${vehicle.typeName}; the booking asks for a ${wanted?.name ?? 'other type'}`);
  }
  return vehicle.id;
}

const holds = (b: Booking) => driverHoldsStatuses.includes(b.status) && (b.driverId !== null || b.vendorId !== null);

/**
 * Refuses to take a booking from whoever holds it. Two dispatchers allocating at once queue on the
 * row lock; the second one finds the first one's driver here and is told who it is. Taking over
 * needs `reallocate` with the version the dispatcher saw (or unallocating first).
 */
async function refuseIfHeld(
  ctx: Ctx,
  booking: Booking,
  next: { driverId: number | null; vendorId: number | null },
  opts: { reallocate: boolean; version: number | undefined; move: BookingMove },
): Promise<void> {
  if (!holds(booking)) return;
  const sameHolder = booking.driverId === next.driverId && booking.vendorId === next.vendorId;
  // An offer taken up by the same driver as a hard allocation is not a conflict.
  if (sameHolder && booking.status === 'offered' && opts.move === 'allocate') return;
  if (opts.reallocate && opts.version !== undefined && opts.version === booking.version) return;
  const holder = await holderOf(ctx, booking);
  const hint = opts.reallocate
    ? 'send the version you saw to take it over'
    : 'unallocate it first, or send reallocate with its version';
  throw conflict(`Booking ${booking.id} is already held by ${describeHolder(holder)}; ${hint}.`, {
    currentStatus: booking.status,
    version: booking.version,
    holder,
  });
}

function offerExpiry(ctx: Ctx): Date {
  return new Date(Date.now() + ctx.services.config.offerTimeoutSeconds * 1000);
}

type OfferInput = z.output<typeof schemas.offerInput>;
type AllocateInput = z.output<typeof schemas.allocateInput>;
type SubInput = z.output<typeof schemas.allocateSubcontractorInput>;
type ActionInput = z.output<typeof schemas.bookingActionInput>;
type DecisionInput = z.output<typeof schemas.driverAllocationDecisionInput>;

async function answer(ctx: Ctx, id: number, message: string): Answer {
  return { data: await dispatchRowOf(ctx.db, ctx.session.companyId, id), message };
}

/** Soft allocation: the driver is offered the job until the offer times out. */
export async function offerBooking(ctx: Ctx, input: OfferInput): Answer {
  const driver = await driverFor(ctx, input.driverId);
  const booking = await lockBooking(ctx, input.bookingId);
  const vehicleId = await vehicleFor(ctx, booking, input.vehicleId, driver.id);
  await refuseIfHeld(
    ctx,
    booking,
    { driverId: driver.id, vendorId: driver.vendorId },
    { reallocate: true, version: input.version, move: 'offer' },
  );
  await moveBooking(ctx, booking.id, 'offer', {
    patch: {
      driverId: driver.id,
      vehicleId,
      vendorId: driver.vendorId,
      offerExpiresAt: offerExpiry(ctx),
      allocatedAt: null,
    },
    expectVersion: input.version,
    note: input.note,
  });
  return answer(ctx, booking.id, `Offered to ${driver.firstName} ${driver.lastName}.`);
}

/** Hard allocation to one of the company's drivers with valid papers. */
export async function allocateBooking(ctx: Ctx, input: AllocateInput): Answer {
  const driver = await driverFor(ctx, input.driverId);
  const booking = await lockBooking(ctx, input.bookingId);
  await refuseIfHeld(
    ctx,
    booking,
    { driverId: driver.id, vendorId: driver.vendorId },
    { reallocate: input.reallocate, version: input.version, move: 'allocate' },
  );
  const vehicleId = await vehicleFor(ctx, booking, input.vehicleId, driver.id);
  await assertCompliant(ctx, { driverId: driver.id, vehicleId });
  await moveBooking(ctx, booking.id, 'allocate', {
    patch: { driverId: driver.id, vehicleId, vendorId: driver.vendorId, offerExpiresAt: null, acceptedAt: null },
    expectVersion: input.version,
    note: input.note,
  });
  return answer(ctx, booking.id, `Allocated to ${driver.firstName} ${driver.lastName}.`);
}

/** Hard allocation to a subcontractor, or to one of its drivers. */
export async function allocateToSubcontractor(ctx: Ctx, input: SubInput): Answer {
  const driver = input.driverId ? await driverFor(ctx, input.driverId) : null;
  if (driver && !driver.vendorId) {
    throw fieldError('driverId', "is not a subcontractor's driver; use a hard allocation instead");
  }
  if (driver && input.vendorId && driver.vendorId !== input.vendorId) {
    throw fieldError('driverId', 'works for another subcontractor');
  }
  const vendorId = input.vendorId ?? driver!.vendorId!;
  const [vendor] = await ctx.db
    .select()
    .from(vendors)
    .where(and(eq(vendors.companyId, ctx.session.companyId), eq(vendors.id, vendorId)));
  if (!vendor) throw missing('vendorId', `Subcontractor ${vendorId}`);
  if (!vendor.isActive) throw fieldError('vendorId', 'is switched off');
  const booking = await lockBooking(ctx, input.bookingId);
  await refuseIfHeld(
    ctx,
    booking,
    { driverId: driver?.id ?? null, vendorId },
    { reallocate: input.reallocate, version: input.version, move: 'allocate' },
  );
  const vehicleId = await vehicleFor(ctx, booking, input.vehicleId, driver?.id ?? null);
  await assertCompliant(ctx, { driverId: driver?.id ?? null, vehicleId });
  await moveBooking(ctx, booking.id, 'allocate', {
    patch: { driverId: driver?.id ?? null, vehicleId, vendorId, offerExpiresAt: null, acceptedAt: null },
    expectVersion: input.version,
    note: input.note,
  });
  const to = driver ? `${driver.firstName} ${driver.lastName} of ${vendor.name}` : vendor.name;
  return answer(ctx, booking.id, `Allocated to ${to}.`);
}

/** The decision on a driver's allocation must be about the driver who holds the booking now. */
async function heldBy(ctx: Ctx, input: DecisionInput): Promise<Booking> {
  const booking = await lockBooking(ctx, input.bookingId);
  if (booking.driverId !== input.driverId) {
    const holder = await holderOf(ctx, booking);
    throw conflict(
      `Booking ${booking.id} is not held by driver ${input.driverId}; it is held by ${describeHolder(holder)}.`,
      { currentStatus: booking.status, version: booking.version, holder },
    );
  }
  return booking;
}

/** The office approves the driver's take of the job (offered or allocated → accepted). */
export async function approveAllocation(ctx: Ctx, input: DecisionInput): Answer {
  const booking = await heldBy(ctx, input);
  await moveBooking(ctx, booking.id, 'accept', {
    expectVersion: input.version,
    note: input.note ?? "Driver's allocation approved by the office",
  });
  return answer(ctx, booking.id, 'Allocation approved.');
}

/** The office turns the driver's take of the job down: the job goes back to dispatch. */
export async function rejectAllocation(ctx: Ctx, input: DecisionInput): Answer {
  const booking = await heldBy(ctx, input);
  await moveBooking(ctx, booking.id, 'decline', {
    expectVersion: input.version,
    note: input.note ?? "Driver's allocation rejected by the office",
  });
  return answer(ctx, booking.id, 'Allocation rejected; the booking is back in dispatch.');
}

/** The office accepts on the driver's behalf (the driver phoned in). */
export async function confirmAllocation(ctx: Ctx, input: ActionInput): Answer {
  const booking = await lockBooking(ctx, input.bookingId);
  if (holds(booking) || !['offered', 'allocated'].includes(booking.status)) {
    await moveBooking(ctx, booking.id, 'accept', {
      expectVersion: input.version,
      note: input.note ?? "Confirmed by the office on the driver's behalf",
    });
    return answer(ctx, booking.id, 'Allocation confirmed.');
  }
  throw conflict(`Booking ${booking.id} has no driver to confirm; allocate it first.`, {
    currentStatus: booking.status,
    version: booking.version,
  });
}

export async function unallocateBooking(ctx: Ctx, input: ActionInput): Answer {
  await moveBooking(ctx, input.bookingId, 'unallocate', { expectVersion: input.version, note: input.note });
  return answer(ctx, input.bookingId, 'Unallocated; the booking is back in dispatch.');
}

export async function resetBooking(ctx: Ctx, input: ActionInput): Answer {
  await moveBooking(ctx, input.bookingId, 'reset', { expectVersion: input.version, note: input.note });
  return answer(ctx, input.bookingId, 'Reset; the booking is back at the start of dispatch.');
}
