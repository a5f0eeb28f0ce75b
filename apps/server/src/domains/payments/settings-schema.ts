import { char, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schemas } from '@cabdesk/contract';
import { companyColumn, idColumn, inList, tenantKey } from '../../platform/db/columns';

const { paymentProviders, paymentModes } = schemas;

/**
 * A company's card payment configuration (Configuration/*): one row, or none (the offline provider in
 * test mode). Secrets are sealed (platform/secrets/sealed.ts) and never leave the server.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: idColumn(),
    companyId: companyColumn().unique('payment_settings_company_key'),
    provider: text({ enum: paymentProviders }).notNull().default('offline'),
    mode: text({ enum: paymentModes }).notNull().default('test'),
    publishableKey: text(),
    secretKeySealed: text(),
    webhookSecretSealed: text(),
    /** Null: the company's own currency. */
    currency: char({ length: 3 }),
    statementDescriptor: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    tenantKey('payment_settings_company_id_key', t),
    check('payment_settings_provider_check', inList(t.provider, paymentProviders)),
    check('payment_settings_mode_check', inList(t.mode, paymentModes)),
  ],
);
