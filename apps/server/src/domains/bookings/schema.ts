import { bookingSources, bookingStatuses, paymentStatuses } from '@cabdesk/contract';
import {
  bigint,
  check,
  boolean,
  char,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, inList, timestamps } from '../../platform/db/columns';
import { clients } from '../clients/schema';
import { drivers, vendors } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';

/**
 * A booking. Its status moves only through the server's booking state machine; `version` rises with
 * every change so that two dispatchers cannot both win an allocation.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: idColumn(),
    companyId: companyColumn(),
    status: text({ enum: bookingStatuses }).notNull().default('pending'),
    paymentStatus: text({ enum: paymentStatuses }).notNull().default('unpaid'),
    pickupAt: timestamp({ withTimezone: true }).notNull(),
    isAsap: boolean().notNull().default(false),
    passengerId: integer(),
    clientId: integer(),
    vehicleTypeId: integer(),
    driverId: integer(),
    vehicleId: integer(),
    vendorId: integer(),
    passengerCount: smallint().notNull().default(1),
    luggageCount: smallint().notNull().default(0),
    hireMinutes: integer(),
    flightNumber: text(),
    notesForDriver: text(),
    notesForOffice: text(),
    paymentMethod: text(),
    source: text({ enum: bookingSources }).notNull().default('office'),
    /** Price to the customer and pay to the driver, in minor units of `currency`. */
    priceMinor: bigint({ mode: 'number' }),
    driverPriceMinor: bigint({ mode: 'number' }),
    currency: char({ length: 3 }).notNull().default('GBP'),
    distanceMetres: integer(),
    durationSeconds: integer(),
    bookingToken: text(),
    version: integer().notNull().default(1),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique('bookings_company_id_key').on(t.companyId, t.id),
    check('bookings_status_check', inList(t.status, bookingStatuses)),
    check('bookings_payment_status_check', inList(t.paymentStatus, paymentStatuses)),
    check('bookings_source_check', inList(t.source, bookingSources)),
    index('bookings_created_by_idx').on(t.companyId, t.createdBy, t.pickupAt),
    index('bookings_vehicle_idx').on(t.companyId, t.vehicleId, t.pickupAt),
    index('bookings_pickup_idx').on(t.companyId, t.pickupAt),
    index('bookings_status_idx').on(t.companyId, t.status, t.pickupAt),
    index('bookings_driver_idx').on(t.companyId, t.driverId, t.pickupAt),
    index('bookings_client_idx').on(t.companyId, t.clientId, t.pickupAt),
    index('bookings_passenger_idx').on(t.companyId, t.passengerId, t.pickupAt),
    foreignKey({
      columns: [t.companyId, t.passengerId],
      foreignColumns: [passengers.companyId, passengers.id],
    }),
    foreignKey({ columns: [t.companyId, t.clientId], foreignColumns: [clients.companyId, clients.id] }),
    foreignKey({
      columns: [t.companyId, t.vehicleTypeId],
      foreignColumns: [vehicleTypes.companyId, vehicleTypes.id],
    }),
    foreignKey({ columns: [t.companyId, t.driverId], foreignColumns: [drivers.companyId, drivers.id] }),
    foreignKey({ columns: [t.companyId, t.vehicleId], foreignColumns: [vehicles.companyId, vehicles.id] }),
    foreignKey({ columns: [t.companyId, t.vendorId], foreignColumns: [vendors.companyId, vendors.id] }),
  ],
);

/** The stops of a booking in order: one pick-up, any vias, one drop-off (or none for hourly hire). */
export const bookingStops = pgTable(
  'booking_stops',
  {
    id: idColumn(),
    companyId: companyColumn(),
    bookingId: integer().notNull(),
    seq: smallint().notNull(),
    kind: text({ enum: ['pickup', 'via', 'dropoff'] }).notNull(),
    address: text().notNull(),
    postcode: text(),
    lat: numeric({ precision: 9, scale: 6 }),
    lng: numeric({ precision: 9, scale: 6 }),
    knownLocationId: integer(),
    arrivedAt: timestamp({ withTimezone: true }),
    departedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('booking_stops_seq_key').on(t.bookingId, t.seq),
    foreignKey({ columns: [t.companyId, t.bookingId], foreignColumns: [bookings.companyId, bookings.id] }).onDelete(
      'cascade',
    ),
  ],
);
