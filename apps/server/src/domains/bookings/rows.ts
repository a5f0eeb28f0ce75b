import { eq, sql, type SQL } from 'drizzle-orm';
import { bookingStatusLabels, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { inWrittenJoinOrder } from '../../platform/db/join-order';
import { clients } from '../clients/schema';
import { drivers, vendors } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { bookings, bookingStops } from './schema';

export type BookingRow = z.output<typeof schemas.bookingRow>;

const firstStop = sql<string>`(select s.address from ${bookingStops} s where s.booking_id = ${bookings.id} and s.company_id = ${bookings.companyId} order by s.seq limit 1)`;
const lastStop = sql<
  string | null
>`(select s.address from ${bookingStops} s where s.booking_id = ${bookings.id} and s.company_id = ${bookings.companyId} and s.seq > 1 order by s.seq desc limit 1)`;
const viaCount = sql<number>`(select greatest(count(*) - 2, 0)::int from ${bookingStops} s where s.booking_id = ${bookings.id} and s.company_id = ${bookings.companyId})`;

/** The columns of a booking line, with its people, vehicle and first and last stop. */
export const bookingRowColumns = {
  id: bookings.id,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  pickupAt: bookings.pickupAt,
  isAsap: bookings.isAsap,
  pickup: firstStop,
  dropoff: lastStop,
  viaCount,
  passengerId: bookings.passengerId,
  passengerName: sql<string | null>`nullif(trim(concat_ws(' ', ${passengers.firstName}, ${passengers.surname})), '')`,
  passengerPhone: sql<string | null>`coalesce(${passengers.mobile}, ${passengers.phone})`,
  clientId: bookings.clientId,
  clientName: clients.name,
  vehicleTypeId: bookings.vehicleTypeId,
  vehicleTypeName: vehicleTypes.name,
  driverId: bookings.driverId,
  driverName: sql<string | null>`nullif(trim(concat_ws(' ', ${drivers.firstName}, ${drivers.lastName})), '')`,
  driverCallsign: drivers.callsign,
  vehicleId: bookings.vehicleId,
  vehicleRegistration: vehicles.registration,
  vendorId: bookings.vendorId,
  vendorName: vendors.name,
  passengerCount: bookings.passengerCount,
  luggageCount: bookings.luggageCount,
  priceMinor: bookings.priceMinor,
  currency: bookings.currency,
  paymentMethod: bookings.paymentMethod,
  source: bookings.source,
  flightNumber: bookings.flightNumber,
  offerExpiresAt: bookings.offerExpiresAt,
  remotePending: bookings.remotePending,
  version: bookings.version,
  createdAt: bookings.createdAt,
};

/** The booking query with its joins, ready for a WHERE, an ORDER BY and a page. */
export function bookingRowQuery(db: Db) {
  return db
    .select(bookingRowColumns)
    .from(bookings)
    .leftJoin(passengers, eq(passengers.id, bookings.passengerId))
    .leftJoin(clients, eq(clients.id, bookings.clientId))
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, bookings.vehicleTypeId))
    .leftJoin(drivers, eq(drivers.id, bookings.driverId))
    .leftJoin(vehicles, eq(vehicles.id, bookings.vehicleId))
    .leftJoin(vendors, eq(vendors.id, bookings.vendorId))
    .$dynamic();
}

type Raw = Awaited<ReturnType<ReturnType<typeof bookingRowQuery>['execute']>>[number];

export function toBookingRow(raw: Raw): BookingRow {
  return {
    ...raw,
    statusName: bookingStatusLabels[raw.status],
    pickupAt: raw.pickupAt.toISOString(),
    offerExpiresAt: raw.offerExpiresAt?.toISOString() ?? null,
    createdAt: raw.createdAt.toISOString(),
    pickup: raw.pickup ?? '',
  };
}

/** Booking lines matching a condition (already scoped to a company by the caller). */
export async function bookingRowsWhere(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<BookingRow[]> {
  const rows = await inWrittenJoinOrder(db, (read) =>
    bookingRowQuery(read)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  return rows.map(toBookingRow);
}
