import { schemas } from '@cabdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { metresBetween } from '../../platform/geo';
import { bookings, bookingStops } from '../bookings/schema';
import { companyToday } from '../documents/owner-documents';
import { drivers } from '../drivers/schema';
import { companyTimezone } from './board';
import { driverBoardQuery, toAllocationRow } from './driver-board';
import { bookingRuleFacts, driverRuleFacts } from './driver-facts';
import { clashWords, refusalsOf } from './rules';

type Ctx = CallContext<Session>;
type Answer = z.output<typeof schemas.driverChoices>;
type Choice = z.output<typeof schemas.driverChoice>;

/** The list is every active driver; a fleet larger than this is searched by name on the board. */
const MAX_DRIVERS = 500;

const stateOfAvailability: Record<number, Choice['state']> = { 1: 'available', 2: 'busy', 3: 'offline', 4: 'on_break' };
const stateOrder: Choice['state'][] = ['available', 'busy', 'on_break', 'offline', 'blocked'];

/** The booking's pick-up point, or null when it has no coordinates. */
export async function pickupPoint(ctx: Ctx, bookingId: number): Promise<{ lat: number; lng: number } | null> {
  const [stop] = await ctx.db
    .select({ lat: bookingStops.lat, lng: bookingStops.lng })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, bookingId)))
    .orderBy(asc(bookingStops.seq))
    .limit(1);
  return stop?.lat != null && stop.lng != null ? { lat: Number(stop.lat), lng: Number(stop.lng) } : null;
}

/**
 * Booking/GetDriverChoices: the manual "choose a driver" list. Every active driver with the state,
 * distance, vehicle and papers, and the booking's refusals and warnings from the same rules the
 * allocation applies. Drivers who may take it come first, the nearest first.
 */
export async function driverChoices(ctx: Ctx, input: z.output<typeof schemas.driverChoicesInput>): Promise<Answer> {
  const [booking] = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, input.bookingId)));
  if (!booking) {
    throw new AppError(404, `Booking ${input.bookingId} was not found.`, [
      { field: 'bookingId', message: 'was not found' },
    ]);
  }
  const rules = await bookingRuleFacts(ctx, booking);
  const pickup = await pickupPoint(ctx, booking.id);
  const today = await companyToday(ctx);
  const timezone = await companyTimezone(ctx);
  const rows = (
    await driverBoardQuery(ctx, today)
      .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.isActive, true)))
      .orderBy(drivers.lastName, drivers.firstName, drivers.id)
      .limit(MAX_DRIVERS)
  ).map(toAllocationRow);
  const facts = await driverRuleFacts(
    ctx,
    rules,
    rows.map((r) => r.id),
  );
  const metresPerSecond = (schemas.SUGGESTION_SPEED_KMH * 1000) / 3600;
  const choices: Choice[] = rows.map((r) => {
    const f = facts.get(r.id)!;
    const distance =
      pickup && r.lat !== null && r.lng !== null ? metresBetween(pickup, { lat: r.lat, lng: r.lng }) : null;
    return {
      driverId: r.id,
      driverName: r.fullName,
      callsign: r.callsign,
      state: r.blockedReason ? 'blocked' : (stateOfAvailability[r.availability] ?? 'offline'),
      availabilityName: r.availabilityName,
      onShift: r.onShift,
      vehicleId: r.vehicleId,
      vehicleRegistration: r.vehicleRegistration,
      vehicleTypeName: r.vehicleTypeName,
      distanceMetres: distance === null ? null : Math.round(distance),
      etaSeconds: distance === null ? null : Math.round(distance / metresPerSecond),
      documentState: r.documentState,
      blockedReason: r.blockedReason,
      refusals: refusalsOf(f, rules).map((x) => x.message),
      warnings: f.clashes.map((c) => clashWords(c, timezone)),
    };
  });
  choices.sort(
    (a, b) =>
      Number(a.refusals.length > 0) - Number(b.refusals.length > 0) ||
      stateOrder.indexOf(a.state) - stateOrder.indexOf(b.state) ||
      (a.distanceMetres ?? Infinity) - (b.distanceMetres ?? Infinity) ||
      a.driverName.localeCompare(b.driverName),
  );
  return { bookingId: booking.id, vehicleTypeName: rules.vehicleTypeName, drivers: choices };
}
