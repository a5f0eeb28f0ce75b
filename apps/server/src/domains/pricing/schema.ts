import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PricingModel } from '@cabdesk/fare-engine';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';

/** The spec's pricing modes; `mileage` is the fare engine's `standard` model. */
export const pricingModes = ['mileage', 'zone', 'vehicle', 'fixed', 'hourly'] as const;
export type PricingMode = (typeof pricingModes)[number];

/**
 * A pricing model a client, a vehicle type or the company uses. Its rules live in versions: a change
 * writes a new version and `currentVersion` moves to it (null: no rules written yet, see docs/pricing.md).
 */
export const pricingModels = pgTable(
  'pricing_models',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    mode: text({ enum: pricingModes }).notNull().default('mileage'),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** The version in force: `pricing_model_versions.version` of this model. */
    currentVersion: integer(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('pricing_models_company_id_key', t),
    uniqueIndex('pricing_models_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/**
 * One version of a model's rules, never changed once written: the engine's model (`pricingModelSchema`,
 * checked before writing) with its id and version. Bookings point at the version they were priced with.
 */
export const pricingModelVersions = pgTable(
  'pricing_model_versions',
  {
    id: idColumn(),
    companyId: companyColumn(),
    modelId: integer().notNull(),
    version: integer().notNull(),
    rules: jsonb().$type<PricingModel>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: integer(),
  },
  (t) => [
    tenantKey('pricing_model_versions_company_id_key', t),
    unique('pricing_model_versions_model_version_key').on(t.companyId, t.modelId, t.version),
    sameCompany(t, t.modelId, pricingModels).onDelete('cascade'),
  ],
);
