import { bigint, bigserial, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The reports' daily rollup (docs/reports.md#daily-rollups): per company day of pick-up, status,
 * vehicle type and payment method, the sums every report reads (`measures.ts`), the offers and who
 * cancelled. A day is recomputed whole from the bookings; a day whose bookings changed since is read
 * from the bookings until then (`report_day_changes`), so a report is exact at every moment.
 */
export const reportDays = pgTable(
  'report_days',
  {
    companyId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    /** 0: no vehicle type; '' no payment method (the key columns are never null, so a day has one row per key). */
    vehicleTypeId: integer().notNull(),
    paymentMethod: text().notNull(),
    bookings: integer().notNull(),
    done: integer().notNull(),
    noShow: integer().notNull(),
    cancelled: integer().notNull(),
    rejected: integer().notNull(),
    future: integer().notNull(),
    revenue: bigint({ mode: 'number' }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    arrivals: integer().notNull(),
    onTime: integer().notNull(),
    /** Sums of whole seconds (measures.ts), exact in any order. */
    waitSeconds: numeric().notNull(),
    jobSeconds: numeric().notNull(),
    allocations: integer().notNull(),
    allocateSeconds: numeric().notNull(),
    approachMetres: bigint({ mode: 'number' }).notNull(),
    measuredMetres: bigint({ mode: 'number' }).notNull(),
    offers: integer().notNull(),
    declines: integer().notNull(),
    cancelOffice: integer().notNull(),
    cancelDriver: integer().notNull(),
    cancelCustomer: integer().notNull(),
    cancelSystem: integer().notNull(),
    cancelUnknown: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.status, t.vehicleTypeId, t.paymentMethod] })],
);

/**
 * The company days whose bookings changed since their rollup was computed, appended by statement
 * triggers on `bookings` (an insert per statement, never an update, so two writers of one day never
 * wait for each other) and taken away by the refresh that recomputes them.
 */
export const reportDayChanges = pgTable(
  'report_day_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [index('report_day_changes_day_idx').on(t.companyId, t.day)],
);

/**
 * A company whose rollup is filled, and on which clock: the rollup is read only while the company's
 * time zone is still this one (a change of time zone moves every booking's day: it is filled again).
 */
export const reportRollups = pgTable('report_rollups', {
  companyId: integer().primaryKey(),
  timezone: text().notNull(),
});
