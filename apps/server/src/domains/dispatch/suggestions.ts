import { schemas } from '@cabdesk/contract';
import { and, asc, between, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { AppError } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { bookings, bookingStops } from '../bookings/schema';
import { documentRank, stateOfRank } from '../documents/owner-documents';
import { companyFacts } from '../company/facts';
import { todayIn } from '../documents/expiry';
import { drivers } from '../drivers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { hasExpiredMandatorySql } from './compliance';
import { bookingRuleFacts, clashesOf } from './driver-facts';
import { clashWords } from './rules';
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

/**
 * Booking/GetSuggestedDrivers: the company's active drivers who are available (1), on shift and
 * have a position, inside a box around the pick-up, ranked in memory by rank-drivers.ts.
 */
export async function suggestDrivers(ctx: Ctx, input: z.output<typeof schemas.suggestionsInput>): Promise<Answer> {
  const companyId = ctx.session.companyId;
  // The reads below do not depend on each other: on the pool (a read outside a transaction) they overlap.
  const [[booking], [stop], facts] = await Promise.all([
    ctx.db
      .select({
        id: bookings.id,
        vehicleTypeId: bookings.vehicleTypeId,
        pickupAt: bookings.pickupAt,
        durationSeconds: bookings.durationSeconds,
        hireMinutes: bookings.hireMinutes,
      })
      .from(bookings)
      .where(and(eq(bookings.companyId, companyId), eq(bookings.id, input.bookingId))),
    ctx.db
      .select({ address: bookingStops.address, lat: bookingStops.lat, lng: bookingStops.lng })
      .from(bookingStops)
      .where(and(eq(bookingStops.companyId, companyId), eq(bookingStops.bookingId, input.bookingId)))
      .orderBy(asc(bookingStops.seq))
      .limit(1),
    companyFacts(ctx),
  ]);
  if (!booking) {
    throw new AppError(404, `Booking ${input.bookingId} was not found.`, [
      { field: 'bookingId', message: 'was not found' },
    ]);
  }
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

  const today = todayIn(facts.timezone);
  const dLat = SEARCH_RADIUS_KM / 111;
  const dLng = SEARCH_RADIUS_KM / (111 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  // Two steps: rank everyone in the box by distance from a light query, then read the papers of
  // only the nearest few (a document check per driver over thousands of drivers is the dear part).
  const candidates = ctx.db
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
        eq(drivers.companyId, companyId),
        eq(drivers.isActive, true),
        eq(drivers.availability, 1),
        between(driverLocations.lat, lat - dLat, lat + dLat),
        between(driverLocations.lng, lng - dLng, lng + dLng),
        booking.vehicleTypeId === null
          ? undefined
          : or(isNull(vehicles.id), eq(vehicles.vehicleTypeId, booking.vehicleTypeId)),
      ),
    )
    // Nearest first through the GiST index on the latest positions (driver_locations_point_idx): the
    // database walks the index in distance order and stops at the limit instead of sorting every
    // online driver. Its distance is in flat degrees, so a driver east or west counts a little further
    // than it is (at 51° north the set is exact within 63 % of the furthest kept driver's distance);
    // ranking and explaining by real distance is ours.
    .orderBy(sql`point(${driverLocations.lng}, ${driverLocations.lat}) <-> point(${lng}::float8, ${lat}::float8)`)
    .limit(NEAREST_LIMIT);
  const [rows, ruleFacts] = await Promise.all([candidates, bookingRuleFacts(ctx, booking)]);
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
  const nearestIds = nearest.ranked.map((r) => r.driverId);
  // Papers and clashes of the same nearest drivers, read at once (a clash of a driver the papers
  // leave out is simply not used).
  const [papers, clashes] = await Promise.all([
    papersOf(ctx, today, nearestIds),
    clashesOf(ctx, ruleFacts, nearestIds),
  ]);
  const timezone = facts.timezone;
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

/** The worst document state of each driver and of the vehicle of their open shift. */
async function papersOf(
  ctx: Ctx,
  today: string,
  driverIds: number[],
): Promise<Map<number, DriverCandidate['documentState']>> {
  if (!driverIds.length) return new Map();
  const rows = await ctx.db
    .select({
      driverId: drivers.id,
      driverRank: documentRank('driver', drivers, today),
      vehicleRank: sql<
        number | null
      >`case when ${vehicles.id} is null then null else ${documentRank('vehicle', vehicles, today)} end`,
      expired: sql<boolean>`(${hasExpiredMandatorySql('driver', sql`"drivers"."id"`, today)} or (${vehicles.id} is not null and ${hasExpiredMandatorySql('vehicle', sql`"vehicles"."id"`, today)}))`,
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
    .where(and(eq(drivers.companyId, ctx.session.companyId), inArray(drivers.id, driverIds)));
  return new Map(
    rows.map((r) => [r.driverId, r.expired ? 'expired' : stateOfRank(Math.max(r.driverRank, r.vehicleRank ?? 1))]),
  );
}
