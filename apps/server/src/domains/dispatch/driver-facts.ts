import { driverHoldsStatuses } from '@cabdesk/contract';
import { and, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { expiredPapersOf } from './compliance';
import {
  type BookingRuleFacts,
  type Clash,
  clashesWith,
  type DriverRuleFacts,
  expectedEnd,
  OVERLAP_BUFFER_MINUTES,
  type RuleVehicle,
} from './rules';
import { driverShifts } from './schema';

type Ctx = CallContext<Session>;
type Booking = Pick<
  typeof bookings.$inferSelect,
  'id' | 'vehicleTypeId' | 'pickupAt' | 'durationSeconds' | 'hireMinutes'
>;

/** The booking as the rules see it: its vehicle type's name and when it is expected to end. */
export async function bookingRuleFacts(ctx: Ctx, booking: Booking): Promise<BookingRuleFacts> {
  let vehicleTypeName: string | null = null;
  if (booking.vehicleTypeId !== null) {
    const [type] = await ctx.db
      .select({ name: vehicleTypes.name })
      .from(vehicleTypes)
      .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.id, booking.vehicleTypeId)));
    vehicleTypeName = type?.name ?? null;
  }
  return {
    id: booking.id,
    vehicleTypeId: booking.vehicleTypeId,
    vehicleTypeName,
    pickupAt: booking.pickupAt,
    endsAt: expectedEnd(booking.pickupAt, booking.durationSeconds, booking.hireMinutes),
  };
}

/** The longest job looked back for: a job picked up more than this before cannot reach the booking. */
const LOOK_BACK_MS = 24 * 3600_000;

/** The pick-up times between which a held job can overlap the booking. */
export function heldJobsWindow(booking: BookingRuleFacts): { from: Date; to: Date } {
  return {
    from: new Date(booking.pickupAt.getTime() - LOOK_BACK_MS),
    to: new Date(booking.endsAt.getTime() + OVERLAP_BUFFER_MINUTES * 60_000),
  };
}

/** A job a driver holds, as read for the overlap rule. */
export interface HeldJob {
  id: number;
  driverId: number | null;
  pickupAt: Date;
  durationSeconds: number | null;
  hireMinutes: number | null;
}

/** Of the jobs drivers hold in the window (by pick-up), those the booking would overlap, per driver. */
export function clashesAmong(booking: BookingRuleFacts, jobs: readonly HeldJob[]): Map<number, Clash[]> {
  const byDriver = new Map<number, Clash[]>();
  for (const r of jobs) {
    const held: Clash = {
      bookingId: r.id,
      pickupAt: r.pickupAt,
      endsAt: expectedEnd(r.pickupAt, r.durationSeconds, r.hireMinutes),
    };
    if (!clashesWith(booking, [held]).length) continue;
    const list = byDriver.get(r.driverId!) ?? [];
    list.push(held);
    byDriver.set(r.driverId!, list);
  }
  return byDriver;
}

/** The jobs each driver holds that the booking would overlap. */
export async function clashesOf(
  ctx: Ctx,
  booking: BookingRuleFacts,
  driverIds: readonly number[],
): Promise<Map<number, Clash[]>> {
  if (!driverIds.length) return new Map();
  const { from, to } = heldJobsWindow(booking);
  const rows = await ctx.db
    .select({
      id: bookings.id,
      driverId: bookings.driverId,
      pickupAt: bookings.pickupAt,
      durationSeconds: bookings.durationSeconds,
      hireMinutes: bookings.hireMinutes,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        inArray(bookings.driverId, [...driverIds]),
        inArray(bookings.status, [...driverHoldsStatuses]),
        ne(bookings.id, booking.id),
        gte(bookings.pickupAt, from),
        lte(bookings.pickupAt, to),
      ),
    )
    .orderBy(bookings.pickupAt);
  return clashesAmong(booking, rows);
}

/**
 * What the rules need to know of each driver for one booking: name, switched on, the vehicle (the
 * one named, else the open shift's), run-out papers of both, and the jobs the booking would overlap.
 * Drivers of another company are simply not in the answer.
 */
export async function driverRuleFacts(
  ctx: Ctx,
  booking: BookingRuleFacts,
  driverIds: readonly number[],
  chosenVehicle: Omit<RuleVehicle, 'chosen'> | null = null,
): Promise<Map<number, DriverRuleFacts>> {
  const facts = new Map<number, DriverRuleFacts>();
  if (!driverIds.length) return facts;
  const rows = await ctx.db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      isActive: drivers.isActive,
      vehicleId: vehicles.id,
      registration: vehicles.registration,
      vehicleTypeId: vehicles.vehicleTypeId,
      vehicleTypeName: vehicleTypes.name,
    })
    .from(drivers)
    .leftJoin(
      driverShifts,
      and(
        eq(driverShifts.companyId, drivers.companyId),
        eq(driverShifts.driverId, drivers.id),
        isNull(driverShifts.endedAt),
      ),
    )
    .leftJoin(vehicles, eq(vehicles.id, driverShifts.vehicleId))
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
    .where(and(eq(drivers.companyId, ctx.session.companyId), inArray(drivers.id, [...driverIds])));
  const vehicleOf = (r: (typeof rows)[number]): RuleVehicle | null =>
    chosenVehicle
      ? { ...chosenVehicle, chosen: true }
      : r.vehicleId !== null
        ? {
            id: r.vehicleId,
            registration: r.registration!,
            vehicleTypeId: r.vehicleTypeId!,
            vehicleTypeName: r.vehicleTypeName!,
            chosen: false,
          }
        : null;
  const vehicleIds = [...new Set(rows.map(vehicleOf).flatMap((v) => (v ? [v.id] : [])))];
  const ids = rows.map((r) => r.id);
  // One after the other: a call's queries share one connection.
  const papers = await expiredPapersOf(ctx, ids, vehicleIds);
  const clashes = await clashesOf(ctx, booking, ids);
  for (const r of rows) {
    const vehicle = vehicleOf(r);
    facts.set(r.id, {
      firstName: r.firstName,
      lastName: r.lastName,
      isActive: r.isActive,
      vehicle,
      expired: papers.filter(
        (p) =>
          (p.ownerType === 'driver' && p.ownerId === r.id) ||
          (p.ownerType === 'vehicle' && vehicle !== null && p.ownerId === vehicle.id),
      ),
      clashes: clashes.get(r.id) ?? [],
    });
  }
  return facts;
}
