import { schemas } from '@cabdesk/contract';
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { AppError } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { bookings, bookingStops } from '../bookings/schema';
import { companyToday, documentRank, stateOfRank } from '../documents/owner-documents';
import { drivers } from '../drivers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { hasExpiredMandatorySql } from './compliance';
import { type DriverCandidate, rankDrivers } from './rank-drivers';
import { driverLocations, driverShifts } from './schema';

type Ctx = CallContext<Session>;
type Answer = z.output<typeof schemas.suggestions>;

/** Drivers further than this from the pick-up are not looked at (a box, so the query stays cheap). */
const SEARCH_RADIUS_KM = 50;

/**
 * Booking/GetSuggestedDrivers: the company's active drivers who are available (1), on shift and
 * have a position, inside a box around the pick-up, ranked in memory by rank-drivers.ts.
 */
export async function suggestDrivers(ctx: Ctx, input: z.output<typeof schemas.suggestionsInput>): Promise<Answer> {
  const companyId = ctx.session.companyId;
  const [booking] = await ctx.db
    .select({ id: bookings.id, vehicleTypeId: bookings.vehicleTypeId })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.id, input.bookingId)));
  if (!booking) {
    throw new AppError(404, `Booking ${input.bookingId} was not found.`, [
      { field: 'bookingId', message: 'was not found' },
    ]);
  }
  const [stop] = await ctx.db
    .select({ address: bookingStops.address, lat: bookingStops.lat, lng: bookingStops.lng })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, companyId), eq(bookingStops.bookingId, booking.id)))
    .orderBy(asc(bookingStops.seq))
    .limit(1);
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

  const today = await companyToday(ctx);
  const dLat = SEARCH_RADIUS_KM / 111;
  const dLng = SEARCH_RADIUS_KM / (111 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const rows = await ctx.db
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
      ),
    );
  const candidates: DriverCandidate[] = rows.map((r) => ({
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
    documentState: r.expired ? 'expired' : stateOfRank(Math.max(r.driverRank, r.vehicleRank ?? 1)),
  }));
  const { ranked, leftOut } = rankDrivers(candidates, {
    pickup: { lat, lng },
    vehicleTypeId: booking.vehicleTypeId,
    limit: input.limit,
    speedKmh: schemas.SUGGESTION_SPEED_KMH,
    now: Date.now(),
  });
  const notes: string[] = [];
  if (!rows.length) notes.push(`No available driver on shift within ${SEARCH_RADIUS_KM} km has a known position.`);
  if (leftOut.expiredDocuments) notes.push(`${leftOut.expiredDocuments} left out for expired documents.`);
  if (leftOut.wrongVehicleType) notes.push(`${leftOut.wrongVehicleType} left out for driving another vehicle type.`);
  return { ...base, note: notes.length ? notes.join(' ') : null, candidates: ranked };
}
