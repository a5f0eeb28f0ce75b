import Stripe from 'stripe';
import type { Config } from '../../config';
import type { PaymentSettings } from './settings';

export interface KeyCheck {
  ok: boolean;
  message: string;
}

/**
 * Asks the provider whether the saved secret key works: for Stripe one authenticated read (the
 * balance) that changes nothing. A refused key or an unreachable API is an answer in words, not a
 * failure of the call: the person testing needs the provider's reason.
 */
export async function checkProviderKeys(settings: PaymentSettings, config: Config): Promise<KeyCheck> {
  if (settings.provider === 'offline') {
    return { ok: true, message: 'The offline test provider needs no keys: it is ready for test payments.' };
  }
  if (!settings.secretKey) return { ok: false, message: 'No secret key is saved: enter the Stripe secret key first.' };
  const stripe = new Stripe(settings.secretKey, {
    host: config.stripeApi?.host,
    port: config.stripeApi?.port,
    protocol: config.stripeApi?.protocol,
    maxNetworkRetries: 0,
    timeout: 10_000,
    telemetry: false,
  });
  try {
    await stripe.balance.retrieve();
    return { ok: true, message: `Stripe accepted the secret key (${settings.mode} mode).` };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError) {
      return { ok: false, message: 'Stripe could not be reached; try again in a moment.' };
    }
    if (error instanceof Stripe.errors.StripeError) {
      return { ok: false, message: `Stripe refused the secret key: ${error.message}` };
    }
    throw error;
  }
}
