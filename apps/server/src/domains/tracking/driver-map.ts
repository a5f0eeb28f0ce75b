import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { bookingStatusLabels, driverHoldsStatuses, labelOf, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { bookings, bookingStops } from '../bookings/schema';
import { companyToday } from '../documents/owner-documents';
import { expiredNamesSql } from '../dispatch/compliance';
import { driverLocations, driverShifts } from '../dispatch/schema';
import { drivers } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';
import { positionOf } from './position-row';

type Ctx = CallContext<Session>;
export type DriverLocationRow = z.output<typeof schemas.driverLocationRow>;
type ListInput = z.output<typeof schemas.driverLocationListInput>;
type AvailableInput = z.output<typeof schemas.availableDriversInput>;

const fullName = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;

/** The driver's open shift (the vehicle being driven), if any. */
const openShift = (db: Db) =>
  db
    .select({ shiftId: driverShifts.id, shiftVehicleId: driverShifts.vehicleId })
    .from(driverShifts)
    .where(
      and(
        eq(driverShifts.companyId, drivers.companyId),
        eq(driverShifts.driverId, drivers.id),
        isNull(driverShifts.endedAt),
      ),
    )
    .orderBy(desc(driverShifts.startedAt))
    .limit(1)
    .as('shift');

/** The job the driver holds now: a running journey first, then the next pick-up. */
const currentJob = (db: Db) =>
  db
    .select({
      jobId: bookings.id,
      jobStatus: bookings.status,
      jobPickup: sql<
        string | null
      >`(select s.address from ${bookingStops} s where s.company_id = ${bookings.companyId} and s.booking_id = ${bookings.id} order by s.seq limit 1)`.as(
        'job_pickup',
      ),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, drivers.companyId),
        eq(bookings.driverId, drivers.id),
        inArray(bookings.status, [...driverHoldsStatuses]),
      ),
    )
    .orderBy(sql`${bookings.status} in ('on_route', 'arrived', 'on_board') desc`, asc(bookings.pickupAt))
    .limit(1)
    .as('job');

const noDistance = sql<number | null>`null::int`;

/** Drivers with their latest position, shift vehicle and current job; WHERE and ORDER to follow. */
function mapQuery(db: Db, today: string, distance: SQL<number | null> = noDistance) {
  const shift = openShift(db);
  const job = currentJob(db);
  return db
    .select({
      driverId: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      callsign: drivers.callsign,
      phone: sql<string | null>`coalesce(${drivers.mobile}, ${drivers.phone})`,
      availability: drivers.availability,
      expiredNames: expiredNamesSql(sql`"drivers"."id"`, sql`"vehicles"."id"`, today),
      shiftId: shift.shiftId,
      vehicleId: vehicles.id,
      vehicleRegistration: vehicles.registration,
      vehicleDescription: sql<
        string | null
      >`nullif(concat_ws(' ', ${vehicles.colour}, ${vehicles.make}, ${vehicles.model}), '')`,
      jobId: job.jobId,
      jobStatus: job.jobStatus,
      jobPickup: job.jobPickup,
      lat: driverLocations.lat,
      lng: driverLocations.lng,
      heading: driverLocations.heading,
      speed: driverLocations.speed,
      accuracy: driverLocations.accuracy,
      recordedAt: driverLocations.recordedAt,
      distanceMetres: distance.as('distance_metres'),
    })
    .from(drivers)
    .leftJoin(driverLocations, eq(driverLocations.driverId, drivers.id))
    .leftJoinLateral(shift, sql`true`)
    .leftJoin(vehicles, and(eq(vehicles.companyId, drivers.companyId), eq(vehicles.id, shift.shiftVehicleId)))
    .leftJoinLateral(job, sql`true`)
    .$dynamic();
}

type Raw = {
  driverId: number;
  firstName: string;
  lastName: string;
  callsign: string | null;
  phone: string | null;
  availability: number;
  expiredNames: string | null;
  shiftId: number | null;
  vehicleId: number | null;
  vehicleRegistration: string | null;
  vehicleDescription: string | null;
  jobId: number | null;
  jobStatus: DriverLocationRow['bookingStatus'];
  jobPickup: string | null;
  lat: number | null;
  lng: number | null;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  recordedAt: Date | null;
};

function toRow(r: Raw, now: number): DriverLocationRow {
  return {
    driverId: r.driverId,
    fullName: `${r.firstName} ${r.lastName}`,
    callsign: r.callsign,
    phone: r.phone,
    availability: r.availability,
    availabilityName: labelOf('driverStatus', String(r.availability)),
    blockedReason: r.expiredNames ? `${r.expiredNames} expired` : null,
    onShift: r.shiftId !== null,
    vehicleId: r.vehicleId,
    vehicleRegistration: r.vehicleRegistration,
    vehicleDescription: r.vehicleDescription,
    bookingId: r.jobId,
    bookingStatus: r.jobStatus,
    bookingStatusName: r.jobStatus ? bookingStatusLabels[r.jobStatus] : null,
    bookingPickup: r.jobPickup,
    position: positionOf(r, now),
  };
}

const sortable = {
  name: sql`lower(${drivers.lastName} || ' ' || ${drivers.firstName})`,
  callsign: sql`lower(${drivers.callsign})`,
  availability: drivers.availability,
  lastSeen: driverLocations.recordedAt,
};

/** Driver/GetTableSummaryDriverLocation: active drivers with a known position. */
export async function listDriverLocations(ctx: Ctx, input: ListInput) {
  const where = and(
    eq(drivers.companyId, ctx.session.companyId),
    eq(drivers.isActive, true),
    isNotNull(driverLocations.driverId),
    input.availability ? eq(drivers.availability, input.availability) : undefined,
    input.onShift === undefined
      ? undefined
      : input.onShift
        ? isNotNull(openShift(ctx.db).shiftId)
        : isNull(openShift(ctx.db).shiftId),
    input.seenWithinMinutes
      ? gt(driverLocations.recordedAt, sql`now() - make_interval(mins => ${input.seenWithinMinutes})`)
      : undefined,
    searchAny(input.q, [fullName, drivers.callsign, vehicles.registration]),
  );
  const order = orderFrom(input, sortable, { column: 'name', type: 'asc' }, drivers.id);
  const now = Date.now();
  return listPage(input, {
    count: () => countOf(ctx.db, where),
    rows: async (limit, offset) =>
      (
        await mapQuery(ctx.db, await companyToday(ctx))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map((r) => toRow(r, now)),
  });
}

/** The count of a map query: the same joins, so a search on the shift vehicle counts right. */
async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const shift = openShift(db);
  const job = currentJob(db);
  const [row] = await db
    .select({ n: count() })
    .from(drivers)
    .leftJoin(driverLocations, eq(driverLocations.driverId, drivers.id))
    .leftJoinLateral(shift, sql`true`)
    .leftJoin(vehicles, and(eq(vehicles.companyId, drivers.companyId), eq(vehicles.id, shift.shiftVehicleId)))
    .leftJoinLateral(job, sql`true`)
    .where(where);
  return row?.n ?? 0;
}

/** Driver/GetDriverLocation: one driver of the company, with or without a position. */
export async function driverLocation(ctx: Ctx, driverId: number): Promise<DriverLocationRow> {
  const [raw] = await mapQuery(ctx.db, await companyToday(ctx)).where(
    and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driverId)),
  );
  if (!raw) throw notFound('Driver');
  return toRow(raw, Date.now());
}

/** A pick-up's coordinates, for measuring how far drivers are from a booking. */
async function pickupOf(ctx: Ctx, bookingId: number): Promise<{ lat: number; lng: number } | null> {
  const [booking] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  if (!booking) throw notFound('Booking');
  const [stop] = await ctx.db
    .select({ lat: bookingStops.lat, lng: bookingStops.lng })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, bookingId)))
    .orderBy(asc(bookingStops.seq))
    .limit(1);
  return stop?.lat != null && stop.lng != null ? { lat: Number(stop.lat), lng: Number(stop.lng) } : null;
}

/** Great-circle metres from a point to the driver's latest position, in SQL (for sorting). */
const distanceFrom = (origin: { lat: number; lng: number }) =>
  sql<number | null>`case when ${driverLocations.lat} is null then null else round(6371000 * 2 * asin(least(1, sqrt(
    power(sin(radians(${driverLocations.lat} - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(${driverLocations.lat}))
      * power(sin(radians(${driverLocations.lng} - ${origin.lng}::float8) / 2), 2)))))::int end`;

/** Driver/GetAllAvailableDriverListForTracking: available drivers, nearest first given a point. */
export async function listAvailableDrivers(ctx: Ctx, input: AvailableInput) {
  const origin =
    input.lat !== undefined && input.lng !== undefined
      ? { lat: input.lat, lng: input.lng }
      : input.bookingId
        ? await pickupOf(ctx, input.bookingId)
        : null;
  const distance = origin ? distanceFrom(origin) : noDistance;
  const where = and(
    eq(drivers.companyId, ctx.session.companyId),
    eq(drivers.isActive, true),
    eq(drivers.availability, 1),
    searchAny(input.q, [fullName, drivers.callsign, vehicles.registration]),
  );
  const order = orderFrom(
    input,
    // Drivers never seen sort after every measured one.
    { ...sortable, distance: sql`coalesce(${distance}, 2147483647)` },
    { column: origin ? 'distance' : 'name', type: 'asc' },
    drivers.id,
  );
  const now = Date.now();
  return listPage(input, {
    count: () => countOf(ctx.db, where),
    rows: async (limit, offset) =>
      (
        await mapQuery(ctx.db, await companyToday(ctx), distance)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map((r) => ({ ...toRow(r, now), distanceMetres: r.distanceMetres === null ? null : Number(r.distanceMetres) })),
  });
}
