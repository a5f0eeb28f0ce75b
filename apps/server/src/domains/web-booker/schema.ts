import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';
import { passengers } from '../passengers/schema';

/**
 * A visit of the web booker (docs/web-booker.md): what one visitor token may do. It names its
 * passenger once the visitor gave their details, then its one booking and the hash of that
 * booking's confirmation token (the token itself is never stored).
 */
export const webBookerVisits = pgTable(
  'web_booker_visits',
  {
    id: idColumn(),
    companyId: companyColumn(),
    passengerId: integer(),
    bookingId: integer(),
    confirmationHash: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('web_booker_visits_company_id_key', t),
    sameCompany(t, t.passengerId, passengers),
    sameCompany(t, t.bookingId, bookings),
    uniqueIndex('web_booker_visits_confirmation_key')
      .on(t.companyId, t.confirmationHash)
      .where(sql`${t.confirmationHash} is not null`),
    index('web_booker_visits_created_idx').on(t.createdAt),
  ],
);
