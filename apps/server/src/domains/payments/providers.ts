import { createHmac } from 'node:crypto';
import type { RootDb } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/services';
import { AppError } from '../../platform/http/errors';
import { SealedValueError } from '../../platform/secrets/sealed';
import { readPaymentSettings } from './settings';
import { offlineProvider } from './provider/offline';
import { signEvent } from './provider/signature';
import { stripeProvider } from './provider/stripe';
import type { CardProvider, ProviderEvent } from './provider/types';

/** What the provider registry needs to know of a company's payment configuration. */
export interface ProviderSettings {
  provider: 'offline' | 'stripe';
  publishableKey: string | null;
  secretKey: string | null;
  webhookSecret: string | null;
}

/** How long a company's provider settings are taken as read (a change reaches payments within it). */
const SETTINGS_TTL_MS = 1_000;

export interface CompanyProvider {
  provider: CardProvider;
  /** The secret the company's webhook events are signed with; none: its webhook refuses every event. */
  webhookSecret: string | null;
}

export type OfflineCardProvider = ReturnType<typeof offlineProvider>;

export interface CardProvidersOptions {
  db: RootDb;
  log: Logger;
  /** The product's own secret: the offline provider's webhook secret per company is derived from it. */
  appSecret: string;
  /** The company's settings (decrypted); offline when the company has none. */
  settingsOf: (companyId: number) => Promise<ProviderSettings>;
  /** Where the offline provider's events go: the same receiver as the webhook route. */
  receive: (companyId: number, rawBody: string, signature: string) => Promise<{ status: number }>;
  /** A Stripe stand-in for tests (host, port, protocol of STRIPE_API_URL). */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/**
 * The card provider of each company: Stripe when its configuration holds a secret key, else the
 * offline provider (docs/payments.md). The offline provider signs its events with the company's
 * webhook secret and hands them to the same receiver the webhook route uses, so every event takes the
 * webhook's road: signature, deduplication, then the change.
 */
export class CardProviders {
  private readonly offline = new Map<number, OfflineCardProvider>();
  private readonly stripe = new Map<string, CardProvider>();
  /** Settings read within the last second: one payment asks for its provider several times. */
  private readonly recent = new Map<number, { at: number; settings: Promise<ProviderSettings> }>();

  constructor(private readonly options: CardProvidersOptions) {}

  private settingsOf(companyId: number): Promise<ProviderSettings> {
    const now = Date.now();
    const kept = this.recent.get(companyId);
    if (kept && now - kept.at < SETTINGS_TTL_MS) return kept.settings;
    const settings = this.options.settingsOf(companyId);
    this.recent.set(companyId, { at: now, settings });
    settings.catch(() => this.recent.delete(companyId));
    return settings;
  }

  async forCompany(companyId: number): Promise<CompanyProvider> {
    const settings = await this.settingsOf(companyId);
    if (settings.provider === 'stripe' && settings.secretKey) {
      return {
        provider: this.stripeFor(settings.secretKey),
        webhookSecret: settings.webhookSecret,
      };
    }
    return { provider: this.offlineFor(companyId), webhookSecret: this.offlineSecret(companyId, settings) };
  }

  /** What a card form in the browser needs: which provider, and Stripe's publishable key. */
  async publicSettings(companyId: number): Promise<{ provider: 'offline' | 'stripe'; publishableKey: string | null }> {
    const settings = await this.settingsOf(companyId);
    return settings.provider === 'stripe' && settings.secretKey
      ? { provider: 'stripe', publishableKey: settings.publishableKey }
      : { provider: 'offline', publishableKey: null };
  }

  /** The company's offline provider (tests reach it to make it time out). */
  offlineFor(companyId: number): OfflineCardProvider {
    let provider = this.offline.get(companyId);
    if (!provider) {
      provider = offlineProvider({
        db: this.options.db,
        account: `company_${companyId}`,
        deliver: (event) => this.deliverOffline(companyId, event),
      });
      this.offline.set(companyId, provider);
    }
    return provider;
  }

  private async deliverOffline(companyId: number, event: ProviderEvent): Promise<void> {
    const settings = await this.settingsOf(companyId);
    const body = JSON.stringify(event);
    const answer = await this.options.receive(
      companyId,
      body,
      signEvent(this.offlineSecret(companyId, settings), body),
    );
    // Anything but 200 is delivered again, as a provider does (the offline provider tries three times).
    if (answer.status !== 200) throw new Error(`The webhook answered ${answer.status}.`);
  }

  private offlineSecret(companyId: number, settings: ProviderSettings): string {
    return settings.provider === 'offline' && settings.webhookSecret
      ? settings.webhookSecret
      : this.derivedSecret(companyId);
  }

  private readonly derived = new Map<number, string>();

  /** Worked out once a company: every event of the company is signed and checked with it. */
  private derivedSecret(companyId: number): string {
    let secret = this.derived.get(companyId);
    if (!secret) {
      secret = `whsec_${createHmac('sha256', this.options.appSecret).update(`payments-webhook:${companyId}`).digest('hex')}`;
      this.derived.set(companyId, secret);
    }
    return secret;
  }

  private stripeFor(secretKey: string): CardProvider {
    let provider = this.stripe.get(secretKey);
    if (!provider) {
      provider = stripeProvider({ secretKey, ...this.options.stripeApi });
      this.stripe.set(secretKey, provider);
    }
    return provider;
  }
}

const registries = new WeakMap<Services, CardProviders>();

/** Gives the app's services their card providers (at start-up; the platform knows nothing of payments). */
export function installCardProviders(services: Services, options: CardProvidersOptions): CardProviders {
  const providers = new CardProviders(options);
  registries.set(services, providers);
  return providers;
}

/** The card providers of the app these services belong to. */
export function cardProvidersOf(services: Services): CardProviders {
  const providers = registries.get(services);
  if (!providers) throw new Error('Card providers were not installed on these services.');
  return providers;
}

/**
 * A company's provider settings with their secrets opened. A secret sealed under another key is never
 * taken for "no provider": charging the offline provider instead of the company's Stripe would be
 * wrong, so the payment is refused in words until the keys are entered again.
 */
export async function providerSettingsOf(services: Services, companyId: number): Promise<ProviderSettings> {
  try {
    return await readPaymentSettings(services.db, companyId, (sealed) => services.secrets.open(sealed));
  } catch (error) {
    if (error instanceof SealedValueError) {
      throw new AppError(
        503,
        "The card provider's keys cannot be read on this server: enter them again in Settings → Payments.",
      );
    }
    throw error;
  }
}
