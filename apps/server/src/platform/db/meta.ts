import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the installation itself, e.g. which demo data steps have run. */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
