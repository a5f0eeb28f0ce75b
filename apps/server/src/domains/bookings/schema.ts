import { sql } from 'drizzle-orm';
import {
  bookingSources,
  bookingStatuses,
  driverHoldsStatuses,
  finalStatuses,
  paymentStatuses,
} from '@cabdesk/contract';
import {
  bigint,
  boolean,
  check,
  date,
  char,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, inList, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { discountCodes, zones } from '../reference-data/schema';
import { clients } from '../clients/schema';
import { drivers, vendors } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { pricingModelVersions } from '../pricing/schema';
import type { PriceBreakdown } from '../pricing/breakdown';
import { vehicles, vehicleTypes } from '../vehicles/schema';

/** Statuses of work still to do; finished bookings stay out of the open-bookings index. */
const openStatuses = bookingStatuses.filter((s) => !finalStatuses.includes(s));

/** Someone who books for others (an assistant, a hotel concierge), usually for a client. */
export const bookers = pgTable(
  'bookers',
  {
    id: idColumn(),
    companyId: companyColumn(),
    clientId: integer(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('bookers_company_id_key', t),
    index('bookers_client_idx').on(t.companyId, t.clientId),
    sameCompany(t, t.clientId, clients),
  ],
);

/** A series of bookings made from one booking: on given week days until an end date, skipping exclusions. */
export const repeatBookings = pgTable(
  'repeat_bookings',
  {
    id: idColumn(),
    companyId: companyColumn(),
    sourceBookingId: integer().notNull(),
    /** ISO week days, 1 Monday … 7 Sunday. */
    weekDays: jsonb().$type<number[]>().notNull(),
    everyWeeks: smallint().notNull().default(1),
    startDate: date().notNull(),
    endDate: date().notNull(),
    skipExclusions: boolean().notNull().default(true),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [tenantKey('repeat_bookings_company_id_key', t)],
);

/**
 * A booking moves only through the server's booking state machine; `version` rises with
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
    /**
     * What the booking's payments hold, in minor units, kept with its payment status in the same
     * transaction as each payment step (payments/booking-status.ts settleBookingStatus): card money
     * authorised and not captured, captured or charged, refunded; cash its driver collected. The
     * Finance totals sum them from bookings_finance_idx alone (docs/payments.md#lists-and-reconciliation).
     */
    cardAuthorisedMinor: bigint({ mode: 'number' }).notNull().default(0),
    cardCapturedMinor: bigint({ mode: 'number' }).notNull().default(0),
    cardRefundedMinor: bigint({ mode: 'number' }).notNull().default(0),
    cashCollectedMinor: bigint({ mode: 'number' }).notNull().default(0),
    distanceMetres: integer(),
    durationSeconds: integer(),
    bookingToken: text(),
    bookerId: integer(),
    repeatBookingId: integer(),
    discountCodeId: integer(),
    discountMinor: bigint({ mode: 'number' }),
    /** The version of the pricing model that priced it, and the engine's breakdown (docs/pricing.md). */
    pricingModelVersionId: integer(),
    priceBreakdown: jsonb().$type<PriceBreakdown>(),
    /** The distance driven with the passenger on board, from the job's GPS track (set on completion). */
    drivenMetres: integer(),
    /** The distance driven to the pick-up (set on arrival, from the GPS track since setting off): dead mileage. */
    approachMetres: integer(),
    /** The client's references answered for this booking: [{referenceId, label, value}]. */
    clientReferences: jsonb().$type<{ referenceId: number; label: string; value: string }[]>(),
    pickupZoneId: integer(),
    dropoffZoneId: integer(),
    /** Dispatch times: offered (soft), allocated (hard), accepted, and the journey's steps. */
    offeredAt: timestamp({ withTimezone: true }),
    offerExpiresAt: timestamp({ withTimezone: true }),
    allocatedAt: timestamp({ withTimezone: true }),
    allocatedBy: integer(),
    acceptedAt: timestamp({ withTimezone: true }),
    onRouteAt: timestamp({ withTimezone: true }),
    arrivedAt: timestamp({ withTimezone: true }),
    onBoardAt: timestamp({ withTimezone: true }),
    waitingSeconds: integer(),
    /** A change asked for from outside the office (client portal, passenger) waits for approval. */
    remotePending: boolean().notNull().default(false),
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
    // The status rides along so a day's counts by status (the dispatch board's tabs) read the
    // index alone, not ten thousand scattered rows; so do the columns the reports aggregate, so a
    // month of reports reads 90,000 index entries in order rather than 90,000 rows scattered over
    // the table (docs/reports.md#speed). Every one changes with the status, so no update loses HOT.
    index('bookings_pickup_idx').on(
      t.companyId,
      t.pickupAt,
      t.status,
      t.driverId,
      t.clientId,
      t.passengerId,
      t.vehicleTypeId,
      t.paymentMethod,
      t.priceMinor,
      t.createdAt,
      t.offeredAt,
      t.allocatedAt,
      t.onRouteAt,
      t.arrivedAt,
      t.completedAt,
      t.drivenMetres,
      t.approachMetres,
      // The id too, so a report's page is chosen from the index alone and only its rows are read.
      t.id,
    ),
    index('bookings_status_idx').on(t.companyId, t.status, t.pickupAt),
    index('bookings_driver_idx').on(t.companyId, t.driverId, t.pickupAt),
    index('bookings_client_idx').on(t.companyId, t.clientId, t.pickupAt),
    index('bookings_passenger_idx').on(t.companyId, t.passengerId, t.pickupAt),
    // The Finance lists' method and period; the rest rides along so their totals read the index alone.
    index('bookings_finance_idx').on(
      t.companyId,
      t.paymentMethod,
      t.pickupAt,
      t.status,
      t.priceMinor,
      t.driverId,
      t.cardAuthorisedMinor,
      t.cardCapturedMinor,
      t.cardRefundedMinor,
      t.cashCollectedMinor,
    ),
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
    sameCompany(t, t.bookerId, bookers),
    sameCompany(t, t.repeatBookingId, repeatBookings),
    sameCompany(t, t.discountCodeId, discountCodes),
    sameCompany(t, t.pickupZoneId, zones),
    sameCompany(t, t.dropoffZoneId, zones),
    sameCompany(t, t.pricingModelVersionId, pricingModelVersions),
    index('bookings_repeat_idx').on(t.companyId, t.repeatBookingId),
    // Bookings still to run, by pick-up time: the board, "pending and confirmed this year" and other
    // open-work lists read a small index instead of skipping a year of finished jobs.
    index('bookings_open_idx').on(t.companyId, t.pickupAt).where(inList(t.status, openStatuses)),
    // The jobs each driver holds (offered … on board): every position a phone sends looks up the
    // job it belongs to, and the driver's screens list them. Through the driver index that read all
    // of a driver's year of jobs (70 rows each on a busy fleet) thousands of times a second.
    index('bookings_driver_holds_idx')
      .on(t.companyId, t.driverId, t.pickupAt)
      .where(inList(t.status, driverHoldsStatuses)),
    index('bookings_flight_trgm_idx')
      .using('gin', sql`${t.flightNumber} gin_trgm_ops`)
      .where(sql`${t.flightNumber} is not null`),
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
    // Free-text search of addresses and postcodes (pg_trgm, migration 0003): "%term%" uses the index.
    index('booking_stops_address_trgm_idx').using('gin', sql`${t.address} gin_trgm_ops`),
    index('booking_stops_postcode_trgm_idx').using('gin', sql`${t.postcode} gin_trgm_ops`),
    // The list's "not placed" flag: without it the planner hashes every stop of the company to answer it.
    index('booking_stops_unplaced_idx')
      .on(t.companyId, t.bookingId)
      .where(sql`${t.lat} is null or ${t.lng} is null`),
    foreignKey({ columns: [t.companyId, t.bookingId], foreignColumns: [bookings.companyId, bookings.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A change asked for from the client portal or a passenger: applied only once the office approves. */
export const remoteBookingChanges = pgTable(
  'remote_booking_changes',
  {
    id: idColumn(),
    companyId: companyColumn(),
    bookingId: integer().notNull(),
    requestedBy: integer(),
    source: text({ enum: ['client_portal', 'passenger_app', 'web'] }).notNull(),
    changes: jsonb().$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('remote_booking_changes_company_id_key', t),
    index('remote_booking_changes_booking_idx').on(t.companyId, t.bookingId, t.createdAt),
    sameCompany(t, t.bookingId, bookings).onDelete('cascade'),
  ],
);
