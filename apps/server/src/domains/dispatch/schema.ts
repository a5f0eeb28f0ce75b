import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, real, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';

/** A driver's working shift and the vehicle driven; an open shift has no end. */
export const driverShifts = pgTable(
  'driver_shifts',
  {
    id: idColumn(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    vehicleId: integer(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey('driver_shifts_company_id_key', t),
    index('driver_shifts_driver_idx').on(t.companyId, t.driverId, t.startedAt),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
    sameCompany(t, t.vehicleId, vehicles),
  ],
);

/**
 * The latest known position of each driver, kept apart from the history: dispatch and the map read
 * one row per driver, and a stale or out-of-order point never replaces a newer one.
 */
export const driverLocations = pgTable(
  'driver_locations',
  {
    driverId: integer().primaryKey(),
    companyId: companyColumn(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    heading: real(),
    speed: real(),
    accuracy: real(),
    bookingId: integer(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_locations_company_idx').on(t.companyId, t.recordedAt),
    // Nearest-first reads (suggested drivers) walk this index in distance order and stop early.
    index('driver_locations_point_idx').using('gist', sql`point(${t.lng}, ${t.lat})`),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
  ],
);

/** Every position received, for a booking's route and the driver's history. */
export const driverPositions = pgTable(
  'driver_positions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    bookingId: integer(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    heading: real(),
    speed: real(),
    accuracy: real(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('driver_positions_driver_idx').on(t.companyId, t.driverId, t.recordedAt),
    index('driver_positions_booking_idx').on(t.companyId, t.bookingId, t.recordedAt),
  ],
);

/**
 * A job with no driver whose pick-up came near, announced to the dispatchers: one row per booking,
 * written in the same transaction as the announcement, so a restart never announces it twice.
 */
export const nearPickupAnnouncements = pgTable(
  'near_pickup_announcements',
  {
    companyId: companyColumn(),
    bookingId: integer().notNull(),
    announcedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.bookingId] }),
    sameCompany(t, t.bookingId, bookings).onDelete('cascade'),
  ],
);
