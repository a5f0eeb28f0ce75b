import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';

/** An item left in a vehicle, recorded against the booking it was found after. */
export const lostItems = pgTable(
  'lost_items',
  {
    id: idColumn(),
    companyId: companyColumn(),
    bookingId: integer().notNull(),
    category: text().notNull(),
    description: text().notNull(),
    foundAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text({ enum: ['held', 'returned', 'disposed'] })
      .notNull()
      .default('held'),
    returnedTo: text(),
    notes: text(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('lost_items_company_id_key', t),
    index('lost_items_found_idx').on(t.companyId, t.foundAt),
    sameCompany(t, t.bookingId, bookings),
  ],
);
