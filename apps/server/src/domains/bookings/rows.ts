import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { bookingStatusLabels, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { clients } from '../clients/schema';
import { drivers, vendors } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { bookings, bookingStops } from './schema';

export type BookingRow = z.output<typeof schemas.bookingRow>;

/**
 * A column named with its table. Drizzle writes the columns of a one-table select bare, and inside
 * a sub-select a bare "id" is the sub-select's own; a column wrapped in its own SQL is written in
 * full ("bookings"."id"), whatever the select around it.
 */
const named = (column: PgColumn | SQL): SQL => sql`${column}`;
const bookingId = named(bookings.id);
const bookingCompany = named(bookings.companyId);

const firstStop = sql<string>`(select s.address from ${bookingStops} s where s.booking_id = ${bookingId} and s.company_id = ${bookingCompany} order by s.seq limit 1)`;
const lastStop = sql<
  string | null
>`(select s.address from ${bookingStops} s where s.booking_id = ${bookingId} and s.company_id = ${bookingCompany} and s.seq > 1 order by s.seq desc limit 1)`;
/** A stop without coordinates: the office saved it unplaced, so the journey has no distance or quote. */
const isUnplaced = sql<boolean>`exists (select 1 from ${bookingStops} s where s.booking_id = ${bookingId} and s.company_id = ${bookingCompany} and (s.lat is null or s.lng is null))`;
const viaCount = sql<number>`(select greatest(count(*) - 2, 0)::int from ${bookingStops} s where s.booking_id = ${bookingId} and s.company_id = ${bookingCompany})`;

/**
 * A value of the row a booking points at, read by that row's key. Booking lines read their people
 * and fleet this way, not by joins: seven joins made PostgreSQL weigh join orders (about 30 ms of
 * planning on PostgreSQL 15 for a 5 ms read) and hash whole tables to join a page of lines, where
 * a look-up is a primary-key probe made only for the lines a page keeps (docs/ARCHITECTURE.md).
 */
export function lookUp<T>(table: PgTable, key: PgColumn, reference: PgColumn, value: SQL | PgColumn): SQL<T | null> {
  return sql<T | null>`(select ${named(value)} from ${table} where ${named(key)} = ${named(reference)})`;
}

const fullName = (first: PgColumn, last: PgColumn) => sql`nullif(trim(concat_ws(' ', ${first}, ${last})), '')`;

export const passengerOf = (value: SQL | PgColumn) =>
  lookUp<string>(passengers, passengers.id, bookings.passengerId, value);
export const clientOf = (value: SQL | PgColumn) => lookUp<string>(clients, clients.id, bookings.clientId, value);
export const driverOf = (value: SQL | PgColumn) => lookUp<string>(drivers, drivers.id, bookings.driverId, value);

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
  passengerName: passengerOf(fullName(passengers.firstName, passengers.surname)),
  passengerPhone: passengerOf(sql`coalesce(${passengers.mobile}, ${passengers.phone})`),
  clientId: bookings.clientId,
  clientName: clientOf(clients.name),
  vehicleTypeId: bookings.vehicleTypeId,
  vehicleTypeName: lookUp<string>(vehicleTypes, vehicleTypes.id, bookings.vehicleTypeId, vehicleTypes.name),
  driverId: bookings.driverId,
  driverName: driverOf(fullName(drivers.firstName, drivers.lastName)),
  driverCallsign: driverOf(drivers.callsign),
  vehicleId: bookings.vehicleId,
  vehicleRegistration: lookUp<string>(vehicles, vehicles.id, bookings.vehicleId, vehicles.registration),
  vendorId: bookings.vendorId,
  vendorName: lookUp<string>(vendors, vendors.id, bookings.vendorId, vendors.name),
  passengerCount: bookings.passengerCount,
  luggageCount: bookings.luggageCount,
  priceMinor: bookings.priceMinor,
  currency: bookings.currency,
  paymentMethod: bookings.paymentMethod,
  source: bookings.source,
  flightNumber: bookings.flightNumber,
  offerExpiresAt: bookings.offerExpiresAt,
  remotePending: bookings.remotePending,
  isUnplaced,
  version: bookings.version,
  createdAt: bookings.createdAt,
};

/** The booking query, ready for a WHERE, an ORDER BY and a page. */
export function bookingRowQuery(db: Db) {
  return db.select(bookingRowColumns).from(bookings).$dynamic();
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
  const rows = await bookingRowQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(toBookingRow);
}
