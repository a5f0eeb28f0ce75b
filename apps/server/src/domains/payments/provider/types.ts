/**
 * A card payment provider, as the product uses it (docs/payments.md): saved cards as tokens, payment
 * intents authorised then captured, refunds, and signed events to the product's webhook. Stripe and the
 * offline provider implement it; every call that moves money carries an idempotency key, so a retry
 * after a time-out never charges twice.
 */

/** What the product may keep and show of a card: never its number. */
export interface SavedCard {
  id: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type IntentStatus =
  'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  status: IntentStatus;
  /** Minor units. */
  amount: number;
  currency: string;
  /** What can still be captured (authorised, not yet captured). */
  amountCapturable: number;
  /** What was captured, less nothing: refunds are their own objects. */
  amountReceived: number;
  customerId: string | null;
  cardId: string | null;
  /** Handed to the card form on the web to confirm the payment there. */
  clientSecret: string;
  /** Why the last attempt failed, in words a person can act on, with the provider's code. */
  lastError: { code: string; message: string } | null;
  metadata: Record<string, string>;
}

export interface Refund {
  id: string;
  paymentIntentId: string;
  amount: number;
  status: 'succeeded' | 'failed';
  reason: string | null;
}

/** An event of the provider, as its webhook body carries it. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: PaymentIntent | Refund | SavedCard };
}

/** The provider refused: a declined card, an amount above what was authorised, an unknown object. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** 402: the card's answer (declined); 400: the request was wrong; 404: no such object. */
    readonly status: 400 | 402 | 404 = 400,
  ) {
    super(message);
  }
}

export interface Keyed {
  idempotencyKey: string;
}

export interface CardProvider {
  readonly name: 'offline' | 'stripe';
  createCustomer(input: Keyed & { email?: string | null; name?: string | null }): Promise<{ id: string }>;
  /** Saves a card the customer entered in the provider's card form (a one-time token) to the customer. */
  attachCard(input: Keyed & { customerId: string; token: string }): Promise<SavedCard>;
  detachCard(cardId: string): Promise<void>;
  /**
   * Authorises an amount on a saved card (`capture: 'manual'`, captured at completion) or charges it
   * at once. Off-session with a card that asks for authentication answers `requires_action`.
   */
  createPaymentIntent(
    input: Keyed & {
      amount: number;
      currency: string;
      customerId?: string | null;
      cardId?: string | null;
      capture: 'manual' | 'automatic';
      offSession?: boolean;
      metadata?: Record<string, string>;
    },
  ): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /** Captures up to what was authorised (the final price); the rest is released. */
  capturePaymentIntent(input: Keyed & { id: string; amount?: number }): Promise<PaymentIntent>;
  cancelPaymentIntent(input: Keyed & { id: string }): Promise<PaymentIntent>;
  refund(input: Keyed & { paymentIntentId: string; amount?: number; reason?: string | null }): Promise<Refund>;
}
