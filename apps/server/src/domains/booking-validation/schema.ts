import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookingValidationStatuses } from '@cabdesk/contract';
import { companyColumn, idColumn, inList, sameCompany, tenantKey } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';

/**
 * The office's check of a completed job before it is billed or paid to a driver (docs/invoicing.md#booking-validation):
 * what happened beside what was priced, the fare engine's recalculation, and the price accepted. A job
 * without a row is not checked yet; a validated one is locked for billing; an invalid one is kept out
 * of invoices and driver pay until fixed.
 */
export const bookingValidations = pgTable(
  'booking_validations',
  {
    id: idColumn(),
    companyId: companyColumn(),
    bookingId: integer().notNull(),
    status: text({ enum: bookingValidationStatuses }).notNull(),
    /** Why a job is invalid, or why the accepted price differs from the recalculation. */
    reason: text(),
    waitingMinutes: integer(),
    extrasMinor: bigint({ mode: 'number' }),
    expensesMinor: bigint({ mode: 'number' }),
    drivenMetres: integer(),
    noShow: boolean().notNull().default(false),
    /** The fare engine's price for what happened, and its breakdown. */
    recalculatedMinor: bigint({ mode: 'number' }),
    recalculation: jsonb().$type<Record<string, unknown>>(),
    /** The price the job is billed at; the booking's price is set to it when validated. */
    acceptedMinor: bigint({ mode: 'number' }),
    isOverride: boolean().notNull().default(false),
    validatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    validatedBy: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('booking_validations_company_id_key', t),
    uniqueIndex('booking_validations_booking_key').on(t.companyId, t.bookingId),
    index('booking_validations_status_idx').on(t.companyId, t.status),
    sameCompany(t, t.bookingId, bookings),
    check('booking_validations_status_check', inList(t.status, bookingValidationStatuses)),
    check('booking_validations_reason_check', sql`${t.status} = 'validated' or ${t.reason} is not null`),
  ],
);
