import { driverHoldsStatuses, schemas } from '@cabdesk/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { inList } from '../../platform/db/columns';
import type { Db } from '../../platform/db/client';
import { preparedFor } from '../../platform/db/prepared';
import { AppError } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { bookings } from '../bookings/schema';
import { documentRank, stateOfRank } from '../documents/owner-documents';
import { todayIn } from '../documents/expiry';
import { drivers } from '../drivers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { hasExpiredMandatorySql } from './compliance';
import { clashesAmong, type HeldJob, heldJobsWindow } from './driver-facts';
import { type BookingRuleFacts, clashWords, expectedEnd } from './rules';
import { type DriverCandidate, rankDrivers } from './rank-drivers';
import { driverLocations, driverShifts } from './schema';

type Ctx = CallContext<Session>;
type Answer = z.output<typeof schemas.suggestions>;

/** Papers are read for this many times the asked-for number of nearest drivers. */
const PAPERS_FACTOR = 4;

/** How many of the nearest fitting drivers leave the database to be ranked (the KNN index walks no further). */
const NEAREST_LIMIT = 60;

/** Drivers further than this from the pick-up are not looked at (a box, so the query stays cheap). */
const SEARCH_RADIUS_KM = 50;

const at = sql.placeholder;

/** The jobs a candidate holds, read inside the candidate's row. */
const heldJob = alias(bookings, 'held_job');

/** A held job as json_build_object writes it: the time is ISO text. */
type HeldJson = Omit<HeldJob, 'pickupAt' | 'driverId'> & { pickupAt: string };

/**
 * The call's three statements, prepared once per pool (see platform/db/prepared.ts): the booking with
 * everything it brings along, the nearest drivers, and the papers and held jobs of the nearest few.
 */
const statements = preparedFor((db: Db) => ({
  // The booking, its first stop, its vehicle type's name and the company's time zone in one round
  // trip: each is a primary-key look-up that cost a statement (and a plan) of its own. The outer
  // columns are spelt out: in a one-table select Drizzle writes them bare, which the sub-selects
  // would bind to their own tables.
  booking: db
    .select({
      id: bookings.id,
      vehicleTypeId: bookings.vehicleTypeId,
      pickupAt: bookings.pickupAt,
      durationSeconds: bookings.durationSeconds,
      hireMinutes: bookings.hireMinutes,
      vehicleTypeName: sql<string | null>`(select vt.name from vehicle_types vt
        where vt.company_id = "bookings"."company_id" and vt.id = "bookings"."vehicle_type_id")`,
      pickup: sql<{ address: string; lat: number | null; lng: number | null } | null>`(
        select json_build_object('address', s.address, 'lat', s.lat, 'lng', s.lng) from booking_stops s
        where s.company_id = "bookings"."company_id" and s.booking_id = "bookings"."id" order by s.seq limit 1)`,
      timezone: sql<string | null>`(select c.timezone from companies c where c.id = "bookings"."company_id")`,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, at('companyId')), eq(bookings.id, at('bookingId'))))
    .prepare('suggest_booking'),

  nearest: db
    .select({
      driverId: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      callsign: drivers.callsign,
      vehicleId: vehicles.id,
      vehicleRegistration: vehicles.registration,
      vehicleTypeId: vehicles.vehicleTypeId,
      vehicleTypeName: vehicleTypes.name,
      lat: driverLocations.lat,
      lng: driverLocations.lng,
      seenAt: driverLocations.recordedAt,
    })
    .from(drivers)
    .innerJoin(
      driverShifts,
      and(
        eq(driverShifts.companyId, drivers.companyId),
        eq(driverShifts.driverId, drivers.id),
        isNull(driverShifts.endedAt),
      ),
    )
    .innerJoin(driverLocations, eq(driverLocations.driverId, drivers.id))
    .leftJoin(vehicles, eq(vehicles.id, driverShifts.vehicleId))
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
    .where(
      and(
        eq(drivers.companyId, at('companyId')),
        eq(drivers.isActive, true),
        eq(drivers.availability, 1),
        // The box as distances from the pick-up: the planner cannot estimate these from the values,
        // so the plan kept for the prepared statement is the index walk whatever the pick-up. Written
        // as `lat between $1 and $2`, its generic plan estimated one driver in the box and sorted
        // every online driver instead (33 ms rather than 1.3 ms among 12,000).
        sql`abs(${driverLocations.lat} - ${at('lat')}::float8) <= ${at('dLat')}::float8`,
        sql`abs(${driverLocations.lng} - ${at('lng')}::float8) <= ${at('dLng')}::float8`,
        // A booking without a vehicle type takes any; else a shift without a vehicle or of its type.
        sql`(${at('vehicleTypeId')}::int is null or ${vehicles.id} is null
          or ${vehicles.vehicleTypeId} = ${at('vehicleTypeId')}::int)`,
      ),
    )
    // Nearest first through the GiST index on the latest positions (driver_locations_point_idx): the
    // database walks the index in distance order and stops at the limit instead of sorting every
    // online driver. Its distance is in flat degrees, so a driver east or west counts a little further
    // than it is (at 51° north the set is exact within 63 % of the furthest kept driver's distance);
    // ranking and explaining by real distance is ours.
    .orderBy(
      sql`point(${driverLocations.lng}, ${driverLocations.lat}) <-> point(${at('lng')}::float8, ${at('lat')}::float8)`,
    )
    .limit(NEAREST_LIMIT)
    .prepare('suggest_nearest'),

  // The worst document state of each driver and of the vehicle of their open shift, whether either
  // has run out, and the jobs the driver holds around the booking (the overlap rule sorts them).
  papers: db
    .select({
      driverId: drivers.id,
      driverRank: documentRank('driver', drivers, at('today')),
      vehicleRank: sql<
        number | null
      >`case when ${vehicles.id} is null then null else ${documentRank('vehicle', vehicles, at('today'))} end`,
      expired: sql<boolean>`(${hasExpiredMandatorySql('driver', sql`"drivers"."id"`, at('today'))} or (${vehicles.id} is not null and ${hasExpiredMandatorySql('vehicle', sql`"vehicles"."id"`, at('today'))}))`,
      held: sql<HeldJson[] | null>`(select json_agg(json_build_object('id', ${heldJob.id},
          'pickupAt', ${heldJob.pickupAt}, 'durationSeconds', ${heldJob.durationSeconds},
          'hireMinutes', ${heldJob.hireMinutes}) order by ${heldJob.pickupAt})
        from ${bookings} ${heldJob}
        where ${heldJob.companyId} = ${drivers.companyId} and ${heldJob.driverId} = ${drivers.id}
          and ${inList(heldJob.status, driverHoldsStatuses)} and ${heldJob.id} <> ${at('bookingId')}::int
          and ${heldJob.pickupAt} >= ${at('heldFrom')}::timestamptz
          and ${heldJob.pickupAt} <= ${at('heldTo')}::timestamptz)`,
    })
    .from(drivers)
    .innerJoin(
      driverShifts,
      and(
        eq(driverShifts.companyId, drivers.companyId),
        eq(driverShifts.driverId, drivers.id),
        isNull(driverShifts.endedAt),
      ),
    )
    .leftJoin(vehicles, eq(vehicles.id, driverShifts.vehicleId))
    .where(and(eq(drivers.companyId, at('companyId')), sql`${drivers.id} = any(${at('driverIds')}::int[])`))
    .prepare('suggest_papers'),
}));

/**
 * Booking/GetSuggestedDrivers: the company's active drivers who are available (1), on shift and
 * have a position, inside a box around the pick-up, ranked in memory by rank-drivers.ts.
 */
export async function suggestDrivers(ctx: Ctx, input: z.output<typeof schemas.suggestionsInput>): Promise<Answer> {
  const companyId = ctx.session.companyId;
  const prepared = statements(ctx.db);
  const [booking] = await prepared.booking.execute({ companyId, bookingId: input.bookingId });
  if (!booking) {
    throw new AppError(404, `Booking ${input.bookingId} was not found.`, [
      { field: 'bookingId', message: 'was not found' },
    ]);
  }
  const stop = booking.pickup;
  const lat = stop?.lat != null ? Number(stop.lat) : null;
  const lng = stop?.lng != null ? Number(stop.lng) : null;
  const base = {
    bookingId: booking.id,
    pickup: { address: stop?.address ?? '', lat, lng },
    averageSpeedKmh: schemas.SUGGESTION_SPEED_KMH,
  };
  if (lat === null || lng === null) {
    return { ...base, note: 'The pick-up has no position, so drivers cannot be ranked by distance.', candidates: [] };
  }

  const timezone = booking.timezone ?? 'UTC';
  const today = todayIn(timezone);
  const ruleFacts: BookingRuleFacts = {
    id: booking.id,
    vehicleTypeId: booking.vehicleTypeId,
    vehicleTypeName: booking.vehicleTypeName,
    pickupAt: booking.pickupAt,
    endsAt: expectedEnd(booking.pickupAt, booking.durationSeconds, booking.hireMinutes),
  };
  const dLat = SEARCH_RADIUS_KM / 111;
  const dLng = SEARCH_RADIUS_KM / (111 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  // Two steps: rank everyone in the box by distance from a light query, then read the papers of
  // only the nearest few (a document check per driver over thousands of drivers is the dear part).
  const rows = await prepared.nearest.execute({
    companyId,
    dLat,
    dLng,
    vehicleTypeId: booking.vehicleTypeId,
    lat,
    lng,
  });
  const everyone: DriverCandidate[] = rows.map((r) => ({
    driverId: r.driverId,
    driverName: `${r.firstName} ${r.lastName}`,
    callsign: r.callsign,
    vehicleId: r.vehicleId,
    vehicleRegistration: r.vehicleRegistration,
    vehicleTypeId: r.vehicleTypeId,
    vehicleTypeName: r.vehicleTypeName,
    lat: r.lat,
    lng: r.lng,
    seenAt: r.seenAt.getTime(),
    onShift: true,
    documentState: 'valid',
  }));
  const rankOptions = {
    pickup: { lat, lng },
    vehicleTypeId: booking.vehicleTypeId,
    speedKmh: schemas.SUGGESTION_SPEED_KMH,
    now: Date.now(),
  };
  const nearest = rankDrivers(everyone, { ...rankOptions, limit: Math.max(input.limit * PAPERS_FACTOR, 30) });
  const { papers, clashes } = await papersOf(
    prepared,
    companyId,
    today,
    ruleFacts,
    nearest.ranked.map((r) => r.driverId),
  );
  const shortlist = everyone
    .filter((c) => papers.has(c.driverId))
    .map((c) => ({
      ...c,
      documentState: papers.get(c.driverId) ?? 'valid',
      clashes: (clashes.get(c.driverId) ?? []).map((x) => clashWords(x, timezone)),
    }));
  const { ranked, leftOut } = rankDrivers(shortlist, { ...rankOptions, limit: input.limit });
  const notes: string[] = [];
  if (!rows.length) notes.push(`No available driver on shift within ${SEARCH_RADIUS_KM} km has a known position.`);
  if (leftOut.expiredDocuments)
    notes.push(`${leftOut.expiredDocuments} of the nearest drivers left out for expired documents.`);
  return { ...base, note: notes.length ? notes.join(' ') : null, candidates: ranked };
}

/**
 * The worst document state of each driver and of the vehicle of their open shift, and the jobs the
 * booking would overlap (a clash of a driver the papers leave out is simply not used).
 */
async function papersOf(
  prepared: ReturnType<typeof statements>,
  companyId: number,
  today: string,
  booking: BookingRuleFacts,
  driverIds: number[],
): Promise<{ papers: Map<number, DriverCandidate['documentState']>; clashes: ReturnType<typeof clashesAmong> }> {
  if (!driverIds.length) return { papers: new Map(), clashes: new Map() };
  const { from, to } = heldJobsWindow(booking);
  const rows = await prepared.papers.execute({
    companyId,
    today,
    driverIds,
    bookingId: booking.id,
    heldFrom: from.toISOString(),
    heldTo: to.toISOString(),
  });
  const held = rows.flatMap((r) =>
    (r.held ?? []).map((j) => ({ ...j, driverId: r.driverId, pickupAt: new Date(j.pickupAt) })),
  );
  held.sort((a, b) => a.pickupAt.getTime() - b.pickupAt.getTime());
  return {
    papers: new Map(
      rows.map((r) => [r.driverId, r.expired ? 'expired' : stateOfRank(Math.max(r.driverRank, r.vehicleRank ?? 1))]),
    ),
    clashes: clashesAmong(booking, held),
  };
}
