import { driverHoldsStatuses, type BookingMove, type schemas } from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { AppError, conflict, fieldError } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { lockBooking, moveBooking } from '../bookings/moves';
import type { bookings } from '../bookings/schema';
import { drivers, vendors } from '../drivers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { companyTimezone } from './board';
import { expiredPapersOf } from './compliance';
import { bookingRuleFacts, driverRuleFacts } from './driver-facts';
import {
  clashWords,
  clockTime,
  type DriverRuleFacts,
  OVERLAP_BUFFER_MINUTES,
  type Refusal,
  refusalsOf,
  type RuleVehicle,
} from './rules';
import { describeHolder, holderOf } from './holder';
import { type DispatchRow, dispatchRowOf } from './rows';

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
  return driver;
}

/** The vehicle the dispatcher named: the company's, switched on. Its type is a rule (rules.ts). */
async function namedVehicle(ctx: Ctx, vehicleId: number | null): Promise<Omit<RuleVehicle, 'chosen'> | null> {
  if (!vehicleId) return null;
  const [vehicle] = await ctx.db
    .select({
      id: vehicles.id,
      isActive: vehicles.isActive,
      registration: vehicles.registration,
      vehicleTypeId: vehicles.vehicleTypeId,
      vehicleTypeName: vehicleTypes.name,
    })
    .from(vehicles)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
    .where(and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.id, vehicleId)));
  if (!vehicle) throw missing('vehicleId', `Vehicle ${vehicleId}`);
  if (!vehicle.isActive) throw fieldError('vehicleId', 'is switched off');
  return vehicle;
}

/** The first refusal of the rules, as the call's 4xx: the same words the driver list shows. */
function refuse(refusals: Refusal[], facts: DriverRuleFacts): void {
  const first = refusals[0];
  if (!first) return;
  if (first.rule === 'expiredDocuments') {
    throw new AppError(
      422,
      first.message,
      facts.expired.map((d) => ({
        field: d.ownerType === 'driver' ? 'driverId' : 'vehicleId',
        message: `${d.documentTypeName} expired on ${d.expiryDate}`,
      })),
      { expiredDocuments: facts.expired },
    );
  }
  throw new AppError(first.status, first.message, [{ field: first.field, message: first.message }]);
}

/**
 * Checks a driver against the booking by the dispatch rules: refusals are 400/422, a clash with a
 * job the driver holds is 409 naming it unless the dispatcher confirmed (`allowOverlap`). Answers the
 * vehicle to give the booking (the named one, else the open shift's).
 */
async function checkRules(
  ctx: Ctx,
  booking: Booking,
  driverId: number,
  vehicleId: number | null,
  allowOverlap: boolean,
): Promise<number | null> {
  const chosen = await namedVehicle(ctx, vehicleId);
  const rules = await bookingRuleFacts(ctx, booking);
  const facts = (await driverRuleFacts(ctx, rules, [driverId], chosen)).get(driverId)!;
  refuse(refusalsOf(facts, rules), facts);
  if (facts.clashes.length && !allowOverlap) {
    const timezone = await companyTimezone(ctx);
    const words = facts.clashes.map((c) => clashWords(c, timezone).replace(/^Has/, 'has'));
    throw conflict(
      `${facts.firstName} ${words.join(' and ')}, which overlaps this booking (pick-up ${clockTime(booking.pickupAt, timezone)}, ` +
        `with ${OVERLAP_BUFFER_MINUTES} minutes between jobs); allocate anyway to give it to ${facts.firstName} as well.`,
      {
        currentStatus: booking.status,
        version: booking.version,
        clashes: facts.clashes.map((c) => ({
          bookingId: c.bookingId,
          pickupAt: c.pickupAt.toISOString(),
          endsAt: c.endsAt.toISOString(),
        })),
      },
    );
  }
  return facts.vehicle?.id ?? null;
}

/** A subcontractor (with or without one of its drivers) by the same rules, without the overlap. */
async function checkSubcontractRules(
  ctx: Ctx,
  booking: Booking,
  driverId: number | null,
  vendorName: string,
  vehicleId: number | null,
): Promise<number | null> {
  if (driverId) return checkRules(ctx, booking, driverId, vehicleId, true);
  const chosen = await namedVehicle(ctx, vehicleId);
  const rules = await bookingRuleFacts(ctx, booking);
  const vehicle = chosen ? { ...chosen, chosen: true } : null;
  const expired = vehicle ? await expiredPapersOf(ctx, [], [vehicle.id]) : [];
  const facts: DriverRuleFacts = { firstName: vendorName, lastName: '', isActive: true, vehicle, expired, clashes: [] };
  refuse(refusalsOf(facts, rules), facts);
  return vehicle?.id ?? null;
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
  await refuseIfHeld(
    ctx,
    booking,
    { driverId: driver.id, vendorId: driver.vendorId },
    { reallocate: true, version: input.version, move: 'offer' },
  );
  const vehicleId = await checkRules(ctx, booking, driver.id, input.vehicleId, input.allowOverlap);
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
  const vehicleId = await checkRules(ctx, booking, driver.id, input.vehicleId, input.allowOverlap);
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
  const vehicleId = await checkSubcontractRules(ctx, booking, driver?.id ?? null, vendor.name, input.vehicleId);
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
