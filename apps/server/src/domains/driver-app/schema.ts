import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, inList, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { users } from '../auth/schema';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';

/**
 * A journey step sent by a driver's app with its idempotency key: a step sent twice (a retry after
 * the signal dropped) is applied once and answered the same way the second time.
 */
export const journeySteps = pgTable(
  'journey_steps',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    idempotencyKey: text().notNull(),
    bookingId: integer().notNull(),
    step: text().notNull(),
    /** The answer given the first time, repeated for a duplicate. */
    answer: jsonb().$type<Record<string, unknown>>().notNull(),
    /** When the driver took the step (the app's clock); the server's time is createdAt. */
    takenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journey_steps_key').on(t.companyId, t.driverId, t.idempotencyKey),
    index('journey_steps_booking_idx').on(t.companyId, t.bookingId, t.createdAt),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
    sameCompany(t, t.bookingId, bookings).onDelete('cascade'),
  ],
);

/**
 * A journey step that looks wrong (arrived far from the pick-up or hours early, completed within a
 * minute of boarding): allowed, since signal and GPS lie, but marked for the office with the figures.
 */
export const journeyMarks = pgTable(
  'journey_marks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    bookingId: integer().notNull(),
    driverId: integer().notNull(),
    step: text().notNull(),
    kind: text({ enum: ['arrived_far', 'arrived_early', 'completed_fast'] }).notNull(),
    message: text().notNull(),
    /** The figures behind it: metres from the pick-up, minutes early, seconds on board. */
    details: jsonb().$type<Record<string, number | string | null>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journey_marks_booking_idx').on(t.companyId, t.bookingId, t.createdAt),
    check('journey_marks_kind_check', inList(t.kind, ['arrived_far', 'arrived_early', 'completed_fast'])),
    sameCompany(t, t.bookingId, bookings).onDelete('cascade'),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
  ],
);

/** A message for one driver (a new offer, a change to a job, a note from the office). */
export const driverNotifications = pgTable(
  'driver_notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    bookingId: integer(),
    isNotified: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_notifications_driver_idx').on(t.companyId, t.driverId, t.createdAt),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
  ],
);

export const adjustmentKinds = ['credit', 'debit'] as const;

/** A one-off change to a driver's pay: a credit (bonus, refund) or a debit (rent, fine). */
export const driverAdjustments = pgTable(
  'driver_adjustments',
  {
    id: idColumn(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    kind: text({ enum: adjustmentKinds }).notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: char({ length: 3 }).notNull().default('GBP'),
    reason: text().notNull(),
    effectiveDate: date().notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_adjustments_company_id_key', t),
    check('driver_adjustments_amount_check', sql`${t.amountMinor} > 0`),
    check('driver_adjustments_kind_check', inList(t.kind, adjustmentKinds)),
    index('driver_adjustments_driver_idx').on(t.companyId, t.driverId, t.effectiveDate),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
  ],
);

/** The push token of a driver's phone (web view), kept for notifications, dropped at sign-out. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: idColumn(),
    companyId: companyColumn(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    platform: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_tokens_token_key').on(t.token), index('device_tokens_user_idx').on(t.userId)],
);
