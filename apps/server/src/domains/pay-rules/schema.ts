import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, tenantKey, timestamps } from '../../platform/db/columns';

/** How a driver is paid by default (commission, hourly, per job…); the driver pay work adds the rules. */
export const driverPaymentModels = pgTable(
  'driver_payment_models',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    description: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_payment_models_company_id_key', t),
    uniqueIndex('driver_payment_models_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);
