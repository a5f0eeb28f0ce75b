import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { type BookingStatus, bookingStatusLabels, labelOf, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { listPage } from '../../platform/http/list';
import { bookings, bookingStops } from '../bookings/schema';
import { driverShifts } from '../dispatch/schema';
import { drivers } from '../drivers/schema';
import { bookingTracking } from '../tracking/booking-tracking';
import { vehicles } from '../vehicles/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

type Stop = z.output<typeof schemas.journeyStop>;
type NextLocation = z.output<typeof schemas.nextLocationAnswer>;

/** Statuses of a job under way: the driver has set off and not finished. */
const underWay: BookingStatus[] = ['on_route', 'arrived', 'on_board'];
/** Before the passenger boards, the driver is heading for (or waiting at) the pick-up. */
const beforePickup: readonly BookingStatus[] = ['offered', 'allocated', 'accepted', 'on_route', 'arrived'];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The signed-in driver's own booking; anyone else's (or another company's) is not found. */
async function ownBooking(ctx: Ctx, id: number) {
  const [b] = await ctx.db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        eq(bookings.id, id),
        eq(bookings.driverId, signedInDriverId(ctx)),
      ),
    );
  if (!b) throw notFound(`Booking ${id}`);
  return b;
}

async function stopsOf(ctx: Ctx, bookingId: number): Promise<Stop[]> {
  const rows = await ctx.db
    .select()
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, bookingId)))
    .orderBy(asc(bookingStops.seq));
  return rows.map((s) => ({
    seq: s.seq,
    kind: s.kind,
    address: s.address,
    postcode: s.postcode,
    lat: s.lat === null ? null : Number(s.lat),
    lng: s.lng === null ? null : Number(s.lng),
    arrivedAt: iso(s.arrivedAt),
    departedAt: iso(s.departedAt),
  }));
}

/**
 * Until the passenger boards the next place is the pick-up; on board it is the first via or
 * drop-off not reached yet (the drop-off when all are marked); a finished job has none.
 */
export function nextStopOf(status: BookingStatus, stops: Stop[]): Stop | null {
  if (beforePickup.includes(status)) return stops.find((s) => s.kind === 'pickup') ?? null;
  if (status !== 'on_board') return null;
  const ahead = stops.filter((s) => s.kind !== 'pickup');
  return ahead.find((s) => !s.arrivedAt) ?? ahead[ahead.length - 1] ?? null;
}

function nextOf(b: { id: number; status: BookingStatus }, stops: Stop[]): NextLocation {
  const stop = nextStopOf(b.status, stops);
  return { bookingId: b.id, status: b.status, nextLocType: stop?.kind ?? 'none', stop };
}

/** Driver/GetBookingLocations */
export async function journeyLocations(ctx: Ctx, id: number) {
  const b = await ownBooking(ctx, id);
  const stops = await stopsOf(ctx, b.id);
  return { ...nextOf(b, stops), stops };
}

/** Driver/BookingNextLocTypeID */
export async function nextLocation(ctx: Ctx, id: number): Promise<NextLocation> {
  const b = await ownBooking(ctx, id);
  return nextOf(b, await stopsOf(ctx, b.id));
}

/** Booking/CheckOnJobStatus: the job under way, the latest set off first should there be two. */
export async function onJob(ctx: Ctx) {
  const [b] = await ctx.db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        eq(bookings.driverId, signedInDriverId(ctx)),
        inArray(bookings.status, underWay),
      ),
    )
    .orderBy(desc(bookings.onRouteAt), desc(bookings.id))
    .limit(1);
  return {
    onJob: Boolean(b),
    booking: b ? { id: b.id, status: b.status, statusName: bookingStatusLabels[b.status] } : null,
  };
}

/** Booking/GetDriverStatus */
export async function driverStatus(ctx: Ctx) {
  const driverId = signedInDriverId(ctx);
  const { companyId } = ctx.session;
  const [driver] = await ctx.db
    .select({ availability: drivers.availability })
    .from(drivers)
    .where(and(eq(drivers.companyId, companyId), eq(drivers.id, driverId)));
  if (!driver) throw notFound('Driver');
  const [shift] = await ctx.db
    .select({
      id: driverShifts.id,
      startedAt: driverShifts.startedAt,
      vehicleId: driverShifts.vehicleId,
      registration: vehicles.registration,
    })
    .from(driverShifts)
    .leftJoin(vehicles, and(eq(vehicles.companyId, driverShifts.companyId), eq(vehicles.id, driverShifts.vehicleId)))
    .where(
      and(eq(driverShifts.companyId, companyId), eq(driverShifts.driverId, driverId), isNull(driverShifts.endedAt)),
    )
    .orderBy(desc(driverShifts.startedAt))
    .limit(1);
  return {
    userStatus: driver.availability,
    statusName: labelOf('driverStatus', String(driver.availability)),
    shift: shift
      ? {
          id: shift.id,
          startedAt: shift.startedAt.toISOString(),
          vehicleId: shift.vehicleId,
          registration: shift.registration ?? null,
        }
      : null,
    ...(await onJob(ctx)),
  };
}

/** Booking/GetBookingLiveLocationLog: the tracking view's route, for the driver's own job only. */
export async function liveLocationLog(ctx: Ctx, id: number) {
  await ownBooking(ctx, id);
  const t = await bookingTracking(ctx, id);
  return { bookingId: t.bookingId, status: t.status, isLive: t.isLive, routeMetres: t.routeMetres, route: t.route };
}

/** Booking/GetBookingLiveLocationList */
export async function liveLocationList(ctx: Ctx, input: z.output<typeof schemas.journeyLocationListInput>) {
  const { route } = await liveLocationLog(ctx, input.id);
  return listPage(input, {
    count: async () => route.length,
    rows: async (limit, offset) => route.slice(offset, offset + limit),
  });
}
