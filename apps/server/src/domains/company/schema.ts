import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../../platform/tenancy/companies';

export { companies };

/** What the booking form asks and offers, per company (BookingFormSetting/*). */
export const bookingFormSettings = pgTable('booking_form_settings', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id),
  settings: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer(),
});
