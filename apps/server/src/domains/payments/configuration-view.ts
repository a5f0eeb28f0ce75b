import type { schemas } from '@cabdesk/contract';
import { SealedValueError } from '../../platform/secrets/sealed';
import type { Services } from '../../platform/services';
import type { paymentSettings } from './settings-schema';

type Row = typeof paymentSettings.$inferSelect;

/** `sk_test_…4242`: the key's kind and its last four characters, enough to tell keys apart. */
export function keyHint(secret: string): string {
  const kind = /^[a-z]{2,5}_(test_|live_)?/.exec(secret)?.[0] ?? '';
  return `${kind}…${secret.slice(-4)}`;
}

/** A sealed secret opened, or null when this server's key cannot open it (it must be entered again). */
export function openOrNull(services: Services, sealed: string): string | null {
  try {
    return services.secrets.open(sealed);
  } catch (error) {
    if (error instanceof SealedValueError) return null;
    throw error;
  }
}

function hintOf(services: Services, sealed: string | null): string | null {
  const plain = sealed ? openOrNull(services, sealed) : null;
  return plain === null ? null : keyHint(plain);
}

/** Where the provider sends a company's events (the route is the webhook's own). */
export function webhookUrl(services: Services, companyId: number): string {
  return `${services.config.publicUrl}/webhooks/payments/${companyId}`;
}

/** A configuration as calls answer it: whether secrets are saved and their hints, never the secrets. */
export function configurationView(
  services: Services,
  companyId: number,
  row: Row | undefined,
  companyCurrency: string,
): schemas.PaymentConfiguration {
  return {
    id: row?.id ?? 0,
    provider: row?.provider ?? 'offline',
    mode: row?.mode ?? 'test',
    publishableKey: row?.publishableKey ?? null,
    hasSecretKey: Boolean(row?.secretKeySealed),
    secretKeyHint: hintOf(services, row?.secretKeySealed ?? null),
    hasWebhookSecret: Boolean(row?.webhookSecretSealed),
    webhookSecretHint: hintOf(services, row?.webhookSecretSealed ?? null),
    currency: row?.currency ?? companyCurrency,
    currencyFollowsCompany: !row?.currency,
    statementDescriptor: row?.statementDescriptor ?? null,
    webhookUrl: webhookUrl(services, companyId),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
