import Stripe from 'stripe';
import { type CardProvider, type PaymentIntent, ProviderError, type Refund, type SavedCard } from './types';

export interface StripeOptions {
  secretKey: string;
  /** Where the API is: Stripe's own by default; a stand-in on loopback in tests. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function intentOf(pi: Stripe.PaymentIntent): PaymentIntent {
  const known: readonly string[] = ['requires_capture', 'succeeded', 'canceled', 'requires_action'];
  const status = (known.includes(pi.status) ? pi.status : 'requires_payment_method') as PaymentIntent['status'];
  const error = pi.last_payment_error;
  return {
    id: pi.id,
    status,
    amount: pi.amount,
    currency: pi.currency,
    amountCapturable: pi.amount_capturable,
    amountReceived: pi.amount_received,
    customerId: typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null),
    cardId: typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null),
    clientSecret: pi.client_secret ?? '',
    lastError: error
      ? {
          code: error.decline_code ?? error.code ?? 'card_error',
          message: error.message ?? 'The card was not charged.',
        }
      : null,
    metadata: { ...pi.metadata },
  };
}

function cardOf(pm: Stripe.PaymentMethod): SavedCard {
  if (!pm.card) throw new ProviderError('not_a_card', 'The payment method is not a card.');
  return {
    id: pm.id,
    customerId: typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? ''),
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/** Stripe's refusals as the product's: a card's answer is 402, a wrong request 400, a missing object 404. */
function refusalOf(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.type === 'StripeCardError' ? 402 : error.statusCode === 404 ? 404 : 400;
    if (status === 402 || (error.statusCode && error.statusCode < 500)) {
      throw new ProviderError(error.decline_code ?? error.code ?? 'stripe_error', error.message, status);
    }
  }
  throw error;
}

/**
 * The Stripe provider (the official `stripe` package), chosen when a company's configuration holds a
 * secret key. Its network retries are its own and reuse the idempotency key; a card declined
 * off-session answers the intent with its error rather than a refusal, as the offline provider does.
 */
export function stripeProvider(options: StripeOptions): CardProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    name: 'stripe',
    async createCustomer({ idempotencyKey, email, name }) {
      const customer = await stripe.customers
        .create({ email: email ?? undefined, name: name ?? undefined }, { idempotencyKey })
        .catch(refusalOf);
      return { id: customer.id };
    },
    async attachCard({ idempotencyKey, customerId, token }) {
      const pm = await stripe.paymentMethods
        .attach(token, { customer: customerId }, { idempotencyKey })
        .catch(refusalOf);
      return cardOf(pm);
    },
    async detachCard(cardId) {
      await stripe.paymentMethods.detach(cardId).catch(refusalOf);
    },
    async createPaymentIntent(input) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customerId ?? undefined,
            payment_method: input.cardId ?? undefined,
            capture_method: input.capture,
            confirm: Boolean(input.cardId),
            off_session: input.cardId && input.offSession ? true : undefined,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return intentOf(pi);
      } catch (error) {
        // A declined or unauthenticated off-session charge: Stripe answers the intent inside the error.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return intentOf(error.payment_intent);
        }
        return refusalOf(error);
      }
    },
    async retrievePaymentIntent(id) {
      return intentOf(await stripe.paymentIntents.retrieve(id).catch(refusalOf));
    },
    async capturePaymentIntent({ idempotencyKey, id, amount }) {
      const pi = await stripe.paymentIntents
        .capture(id, amount === undefined ? {} : { amount_to_capture: amount }, { idempotencyKey })
        .catch(refusalOf);
      return intentOf(pi);
    },
    async cancelPaymentIntent({ idempotencyKey, id }) {
      return intentOf(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey }).catch(refusalOf));
    },
    async refund({ idempotencyKey, paymentIntentId, amount, reason }): Promise<Refund> {
      const refund = await stripe.refunds
        .create(
          { payment_intent: paymentIntentId, amount, metadata: reason ? { reason } : undefined },
          { idempotencyKey },
        )
        .catch(refusalOf);
      return {
        id: refund.id,
        paymentIntentId,
        amount: refund.amount,
        status: refund.status === 'succeeded' || refund.status === 'pending' ? 'succeeded' : 'failed',
        reason: reason ?? null,
      };
    },
  };
}
