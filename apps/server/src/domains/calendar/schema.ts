import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { drivers } from '../drivers/schema';

export const driverEventKinds = ['leave', 'sickness', 'training', 'vehicle', 'other'] as const;

/** An event in a driver's calendar: leave, training, a vehicle service. */
export const driverEvents = pgTable(
  'driver_events',
  {
    id: idColumn(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    title: text().notNull(),
    kind: text({ enum: driverEventKinds }).notNull().default('other'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    allDay: boolean().notNull().default(false),
    notes: text(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_events_company_id_key', t),
    index('driver_events_driver_idx').on(t.companyId, t.driverId, t.startsAt),
    sameCompany(t, t.driverId, drivers).onDelete('cascade'),
  ],
);
