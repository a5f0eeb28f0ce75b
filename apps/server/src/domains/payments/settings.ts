import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { companies } from '../../platform/tenancy/companies';
import { paymentSettings } from './settings-schema';

/** A company's card payment configuration with its secrets opened: for the server's own use only. */
export interface PaymentSettings {
  provider: 'offline' | 'stripe';
  mode: 'test' | 'live';
  publishableKey: string | null;
  secretKey: string | null;
  webhookSecret: string | null;
  currency: string;
}

/** The stored row of a company, or none. */
export async function paymentSettingsRow(db: Db, companyId: number) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.companyId, companyId));
  return row;
}

/** The currency a payment is taken in: the configured one, else the company's own. */
export async function companyCurrency(db: Db, companyId: number): Promise<string> {
  const [company] = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.currency ?? 'GBP';
}

/**
 * What card payments of a company run on; no row is the offline provider in test mode. `open` is the
 * app's sealer (`services.secrets.open`); the secrets it opens must never go into an answer. A secret
 * sealed under another secrets key throws `SealedValueError` rather than reading as "no key": falling
 * back to the offline provider would take a live company's payments nowhere.
 */
export async function readPaymentSettings(
  db: Db,
  companyId: number,
  open: (s: string) => string,
): Promise<PaymentSettings> {
  const row = await paymentSettingsRow(db, companyId);
  return {
    provider: row?.provider ?? 'offline',
    mode: row?.mode ?? 'test',
    publishableKey: row?.publishableKey ?? null,
    secretKey: row?.secretKeySealed ? open(row.secretKeySealed) : null,
    webhookSecret: row?.webhookSecretSealed ? open(row.webhookSecretSealed) : null,
    currency: row?.currency ?? (await companyCurrency(db, companyId)),
  };
}
