import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { bookingStatusLabels, driverHoldsStatuses, type BookingStatus, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { bookings, bookingStops } from '../bookings/schema';
import { driverLocations, driverPositions } from '../dispatch/schema';
import { drivers } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';
import { pathMetres, thin } from '../../platform/geo';
import { type Position, positionOf } from './position-row';

type Ctx = CallContext<Session>;
type StartEnd = z.output<typeof schemas.bookingStartEnd>;
type Tracking = z.output<typeof schemas.bookingTracking>;
type DriverLocationAnswer = z.output<typeof schemas.bookingDriverLocation>;

/** Statuses of a running journey: the driver's positions extend the route. */
const journeyStatuses: readonly BookingStatus[] = ['on_route', 'arrived', 'on_board'];
/** Most points a route answer carries; a longer route is thinned evenly. */
export const ROUTE_POINTS = 2000;
/** Most positions read for one route (over five hours at one fix a second). */
const ROUTE_READ_LIMIT = 20_000;

async function bookingOf(ctx: Ctx, id: number) {
  const [booking] = await ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      pickupAt: bookings.pickupAt,
      driverId: bookings.driverId,
      vehicleId: bookings.vehicleId,
      onRouteAt: bookings.onRouteAt,
      arrivedAt: bookings.arrivedAt,
      onBoardAt: bookings.onBoardAt,
      completedAt: bookings.completedAt,
      cancelledAt: bookings.cancelledAt,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id)));
  if (!booking) throw notFound('Booking');
  return booking;
}

type Booking = Awaited<ReturnType<typeof bookingOf>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function startEndOf(b: Booking, now: number): StartEnd {
  const end = b.completedAt ?? b.cancelledAt;
  return {
    bookingId: b.id,
    status: b.status,
    statusName: bookingStatusLabels[b.status],
    pickupAt: b.pickupAt.toISOString(),
    startTime: iso(b.onRouteAt),
    arrivedAt: iso(b.arrivedAt),
    onBoardAt: iso(b.onBoardAt),
    endTime: iso(end),
    durationSeconds: b.onRouteAt
      ? Math.max(0, Math.round(((end?.getTime() ?? now) - b.onRouteAt.getTime()) / 1000))
      : null,
    isLive: journeyStatuses.includes(b.status),
  };
}

/** The driver's latest position, only while that driver holds the job. */
async function positionOfBookingDriver(ctx: Ctx, b: Booking, now: number): Promise<Position | null> {
  if (!b.driverId || !driverHoldsStatuses.includes(b.status)) return null;
  const [row] = await ctx.db
    .select()
    .from(driverLocations)
    .where(and(eq(driverLocations.companyId, ctx.session.companyId), eq(driverLocations.driverId, b.driverId)));
  return row ? positionOf(row, now) : null;
}

/** Booking/GetBookingStartEndTimeApiCall */
export async function bookingStartEnd(ctx: Ctx, id: number): Promise<StartEnd> {
  return startEndOf(await bookingOf(ctx, id), Date.now());
}

/** Booking/GetDriverLocationForTracking */
export async function bookingDriverLocation(ctx: Ctx, id: number): Promise<DriverLocationAnswer> {
  const b = await bookingOf(ctx, id);
  const holds = b.driverId !== null && driverHoldsStatuses.includes(b.status);
  return {
    bookingId: b.id,
    status: b.status,
    driverId: holds ? b.driverId : null,
    isLive: journeyStatuses.includes(b.status),
    position: await positionOfBookingDriver(ctx, b, Date.now()),
  };
}

/**
 * The route so far: the booking's driver's positions from setting off to the end of the job (or
 * now). Read by driver and time, which the history's index serves, so points recorded before the
 * job was tagged still count.
 */
async function routeOf(ctx: Ctx, b: Booking, now: number) {
  if (!b.driverId || !b.onRouteAt) return [];
  const until = b.completedAt ?? b.cancelledAt ?? new Date(now);
  const rows = await ctx.db
    .select({ lat: driverPositions.lat, lng: driverPositions.lng, recordedAt: driverPositions.recordedAt })
    .from(driverPositions)
    .where(
      and(
        eq(driverPositions.companyId, ctx.session.companyId),
        eq(driverPositions.driverId, b.driverId),
        gte(driverPositions.recordedAt, b.onRouteAt),
        lte(driverPositions.recordedAt, until),
      ),
    )
    .orderBy(asc(driverPositions.recordedAt))
    .limit(ROUTE_READ_LIMIT);
  return rows;
}

/** Booking/GetBookingTrackingDetails */
export async function bookingTracking(ctx: Ctx, id: number): Promise<Tracking> {
  const now = Date.now();
  const b = await bookingOf(ctx, id);
  const [stops, driver, vehicle, driverPosition, route] = await Promise.all([
    ctx.db
      .select({
        seq: bookingStops.seq,
        kind: bookingStops.kind,
        address: bookingStops.address,
        lat: bookingStops.lat,
        lng: bookingStops.lng,
      })
      .from(bookingStops)
      .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, b.id)))
      .orderBy(asc(bookingStops.seq)),
    b.driverId
      ? ctx.db
          .select({
            id: drivers.id,
            firstName: drivers.firstName,
            lastName: drivers.lastName,
            callsign: drivers.callsign,
            mobile: drivers.mobile,
            phone: drivers.phone,
          })
          .from(drivers)
          .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, b.driverId)))
          .then((r) => r[0] ?? null)
      : null,
    b.vehicleId
      ? ctx.db
          .select({
            id: vehicles.id,
            registration: vehicles.registration,
            make: vehicles.make,
            model: vehicles.model,
            colour: vehicles.colour,
          })
          .from(vehicles)
          .where(and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.id, b.vehicleId)))
          .then((r) => r[0] ?? null)
      : null,
    positionOfBookingDriver(ctx, b, now),
    routeOf(ctx, b, now),
  ]);
  const description = vehicle ? [vehicle.colour, vehicle.make, vehicle.model].filter(Boolean).join(' ') : '';
  return {
    ...startEndOf(b, now),
    stops: stops.map((s) => ({
      ...s,
      lat: s.lat === null ? null : Number(s.lat),
      lng: s.lng === null ? null : Number(s.lng),
    })),
    driver: driver
      ? {
          id: driver.id,
          fullName: `${driver.firstName} ${driver.lastName}`,
          callsign: driver.callsign,
          phone: driver.mobile ?? driver.phone,
        }
      : null,
    vehicle: vehicle ? { id: vehicle.id, registration: vehicle.registration, description: description || null } : null,
    driverPosition,
    route: thin(route, ROUTE_POINTS).map((p) => ({ lat: p.lat, lng: p.lng, recordedAt: p.recordedAt.toISOString() })),
    routeMetres: pathMetres(route),
  };
}
