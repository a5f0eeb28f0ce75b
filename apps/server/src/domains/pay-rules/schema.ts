import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { payBases, type DriverPayModel } from '@cabdesk/pay-engine';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';

/**
 * A driver payment model: drivers are assigned one, driver types name one as their default. Its rules
 * live in versions: every change writes a new version and `currentVersion` moves to it (null: no
 * rules written yet, see docs/driver-pay-rules.md). `basis` repeats the version's basis for the list.
 */
export const driverPaymentModels = pgTable(
  'driver_payment_models',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    description: text(),
    isActive: boolean().notNull().default(true),
    basis: text({ enum: payBases }),
    currentVersion: integer(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_payment_models_company_id_key', t),
    uniqueIndex('driver_payment_models_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/**
 * One version of a model's rules, never changed once written: the pay engine's model
 * (`driverPayModelSchema`, checked before writing). A job's pay names the version it was paid by.
 */
export const driverPayModelVersions = pgTable(
  'driver_pay_model_versions',
  {
    id: idColumn(),
    companyId: companyColumn(),
    modelId: integer().notNull(),
    version: integer().notNull(),
    rules: jsonb().$type<DriverPayModel>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: integer(),
  },
  (t) => [
    tenantKey('driver_pay_model_versions_company_id_key', t),
    unique('driver_pay_model_versions_model_version_key').on(t.companyId, t.modelId, t.version),
    // rulesInForceAt: the latest version of a model made at or before an instant.
    index('driver_pay_model_versions_in_force_idx').on(t.companyId, t.modelId, t.createdAt),
    sameCompany(t, t.modelId, driverPaymentModels).onDelete('cascade'),
  ],
);
