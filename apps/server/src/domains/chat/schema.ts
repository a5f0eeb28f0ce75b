import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, sameCompany } from '../../platform/db/columns';
import { drivers } from '../drivers/schema';

/**
 * A message between the office and one driver. `fromDriver` tells the direction; `readAt` is when
 * the other side read it. A broadcast writes one row per driver, marked.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    fromDriver: boolean().notNull(),
    staffUserId: integer(),
    body: text().notNull(),
    isBroadcast: boolean().notNull().default(false),
    bookingId: integer(),
    readAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_driver_idx').on(t.companyId, t.driverId, t.createdAt),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
  ],
);
