import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { vehicleTypes } from '../vehicles/schema';
import { pricingModels } from './schema';

/**
 * The editable rows of a fixed model (FixedPricing/*). Every change to them writes, in the same
 * transaction, a new version of the model whose rules hold all its rows, so pricing reads versions
 * only (docs/pricing.md). Places are the engine's keys: `location:12`, `postcode:SW1A`, `zone:3`.
 */
export const fixedPrices = pgTable(
  'fixed_prices',
  {
    id: idColumn(),
    companyId: companyColumn(),
    modelId: integer().notNull(),
    fromKey: text().notNull(),
    toKey: text().notNull(),
    /** null: the price holds for every vehicle type. */
    vehicleTypeId: integer(),
    priceMinor: bigint({ mode: 'number' }).notNull(),
    reverseAlsoMatches: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    tenantKey('fixed_prices_company_id_key', t),
    uniqueIndex('fixed_prices_route_key').on(
      t.companyId,
      t.modelId,
      t.fromKey,
      t.toKey,
      sql`coalesce(${t.vehicleTypeId}, 0)`,
    ),
    index('fixed_prices_model_idx').on(t.companyId, t.modelId, t.id),
    sameCompany(t, t.modelId, pricingModels).onDelete('cascade'),
    sameCompany(t, t.vehicleTypeId, vehicleTypes),
  ],
);
