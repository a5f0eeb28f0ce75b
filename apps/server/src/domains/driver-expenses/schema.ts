import { bigint, char, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyColumn, idColumn, inList, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { bookingExpenseTypes } from '../reference-data/schema';

export const driverExpenseStatuses = ['pending', 'approved', 'declined'] as const;
export const driverExpensePayers = ['company', 'client'] as const;

/**
 * What a driver spent on a job (parking, tolls, waiting) and asks back: pending until the office
 * approves or declines it. The receipt is a stored file (platform/files), never a blob in the row.
 */
export const driverExpenses = pgTable(
  'driver_expenses',
  {
    id: idColumn(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    bookingId: integer(),
    expenseTypeId: integer().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: char({ length: 3 }).notNull().default('GBP'),
    note: text(),
    receiptKey: text(),
    status: text({ enum: driverExpenseStatuses }).notNull().default('pending'),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    /** Who bears it once approved: the company (the driver's statement repays it) or the booking's client (its invoice). */
    paidBy: text({ enum: driverExpensePayers }).notNull().default('company'),
    /** The driver statement that took it (driver pay fills it); set, the expense never changes again. */
    statementId: integer(),
    /** Bumped by every office change: an Update that read an older version answers 409. */
    version: integer().notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_expenses_company_id_key', t),
    check('driver_expenses_amount_check', sql`${t.amountMinor} > 0`),
    check('driver_expenses_status_check', inList(t.status, driverExpenseStatuses)),
    check('driver_expenses_paid_by_check', inList(t.paidBy, driverExpensePayers)),
    check('driver_expenses_client_booking_check', sql`${t.paidBy} = 'company' or ${t.bookingId} is not null`),
    index('driver_expenses_driver_idx').on(t.companyId, t.driverId, t.createdAt),
    index('driver_expenses_booking_idx').on(t.companyId, t.bookingId),
    index('driver_expenses_status_idx').on(t.companyId, t.status, t.createdAt),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
    sameCompany(t, t.bookingId, bookings),
    sameCompany(t, t.expenseTypeId, bookingExpenseTypes),
  ],
);
