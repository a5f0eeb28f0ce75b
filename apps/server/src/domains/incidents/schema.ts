import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';

/** Something that went wrong on a job; open until someone closes it with the action taken. */
export const incidents = pgTable(
  'incidents',
  {
    id: idColumn(),
    companyId: companyColumn(),
    category: text().notNull(),
    description: text().notNull(),
    bookingId: integer(),
    driverId: integer(),
    passengerId: integer(),
    /** true: open; false: closed (the spec's `status`). */
    isOpen: boolean().notNull().default(true),
    closedBy: integer(),
    closedAt: timestamp({ withTimezone: true }),
    actionTaken: text(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('incidents_company_id_key', t),
    index('incidents_open_idx').on(t.companyId, t.isOpen, t.createdAt),
    sameCompany(t, t.bookingId, bookings),
    sameCompany(t, t.driverId, drivers),
    sameCompany(t, t.passengerId, passengers),
  ],
);
