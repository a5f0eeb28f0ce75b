import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, tenantKey, timestamps } from '../../platform/db/columns';

export const pricingModes = ['mileage', 'zone', 'vehicle', 'fixed'] as const;

/** A pricing model a client or a booking uses; the pricing work fills in its rates. */
export const pricingModels = pgTable(
  'pricing_models',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    mode: text({ enum: pricingModes }).notNull().default('mileage'),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('pricing_models_company_id_key', t),
    uniqueIndex('pricing_models_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);
