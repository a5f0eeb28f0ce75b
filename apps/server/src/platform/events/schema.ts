import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn } from '../db/columns';

/**
 * The live changes of a company (bookings, drivers, chat), written in the transaction that made them
 * and pushed to open screens after the commit. Their id is the sequence a reconnecting screen
 * catches up from.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_company_idx').on(t.companyId, t.id)],
);
