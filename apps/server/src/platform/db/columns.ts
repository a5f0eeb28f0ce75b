import { integer, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../../domains/company/schema';

/** Integer identity key; the spec's ids are numbers. */
export const idColumn = () => integer().primaryKey().generatedByDefaultAsIdentity();

/** Every tenant-owned row names its company; the server fills it from the token. */
export const companyColumn = () =>
  integer()
    .notNull()
    .references(() => companies.id);

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdBy: integer(),
});
