import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { offlineProviderObjects } from './offline-schema';
import {
  type CardProvider,
  type IntentStatus,
  type PaymentIntent,
  ProviderError,
  type ProviderEvent,
  type Refund,
  type SavedCard,
} from './types';

/**
 * The offline test cards (docs/payments.md), by number, as the provider's card form takes them. The
 * offline card form makes a one-time token `tok_offline_<number>_<mm>_<yyyy>`.
 */
export const offlineTestCards = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeds' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficientFunds' },
  '4000002500003155': { brand: 'visa', outcome: 'authenticate' },
} as const;
type TestCard = keyof typeof offlineTestCards;

interface StoredCard extends SavedCard {
  number: TestCard;
  detached: boolean;
}

const TOKEN = /^tok_offline_(\d{16})_(\d{2})_(\d{4})$/;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

interface StoredRow {
  account: string;
  kind: string;
  data: unknown;
}

/** What a keyed request works with: the objects read for it, and the writes and events it makes. */
interface Work {
  get<T>(kind: string, id: string): T;
  put(kind: string, id: string, data: object): void;
  emit(type: string, object: PaymentIntent | Refund | SavedCard): void;
}

/**
 * When an event is delivered after the answer, and tried again while the webhook refuses it: a moment
 * later (a provider's webhook arrives on its own, mostly after the call that caused it has ended),
 * then further apart, as a real provider retries.
 */
const DELIVERY_DELAYS_MS = [250, 1_000, 3_000, 10_000, 30_000];

export interface OfflineProviderOptions {
  db: Db;
  /** The company's account at the provider: every object belongs to one. */
  account: string;
  /** Where events go: the product's webhook, signed (see webhook delivery). Called after each change. */
  deliver?: (event: ProviderEvent) => Promise<void> | void;
  now?: () => Date;
  /** The delivery schedule (tests shorten it). */
  deliveryDelaysMs?: readonly number[];
}

/**
 * The default card provider: in process and stateful, behaving as a real one does — saved cards as
 * tokens, intents authorised then captured, declines and authentication for the test cards, refunds,
 * idempotency keys, and events to the product's webhook. Its state is its own table, written outside
 * the product's transactions, as a provider elsewhere would be.
 */
export function offlineProvider(options: OfflineProviderOptions): CardProvider & {
  /** The next `count` calls do their work and then fail as a time-out would (the retry finds the work). */
  timeOutAfterWork(count: number): void;
} {
  const { db, account } = options;
  const now = () => options.now?.() ?? new Date();
  const deliveryDelaysMs = options.deliveryDelaysMs ?? DELIVERY_DELAYS_MS;
  let timeOuts = 0;
  const inFlight = new Map<string, Promise<unknown>>();

  /** One stored object of this account and kind, or the provider's "no such" error. */
  function found<T>(rows: Map<string, StoredRow>, kind: string, id: string): T {
    const row = rows.get(id);
    if (!row || row.account !== account || row.kind !== kind) {
      throw new ProviderError('resource_missing', `No such ${kind}: ${id}`, 404);
    }
    return row.data as T;
  }

  async function read(ids: string[]): Promise<Map<string, StoredRow>> {
    const rows = await db
      .select({
        id: offlineProviderObjects.id,
        account: offlineProviderObjects.account,
        kind: offlineProviderObjects.kind,
        data: offlineProviderObjects.data,
      })
      .from(offlineProviderObjects)
      .where(inArray(offlineProviderObjects.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async function write(objects: { kind: string; id: string; data: object }[]): Promise<void> {
    if (!objects.length) return;
    await db
      .insert(offlineProviderObjects)
      .values(objects.map((o) => ({ ...o, account })))
      .onConflictDoUpdate({ target: offlineProviderObjects.id, set: { data: sql`excluded.data` } });
  }

  const load = async <T>(kind: string, id: string): Promise<T> => found<T>(await read([id]), kind, id);

  /**
   * Runs a keyed request once: a repeated key with the same request answers the first answer; with
   * another request it is refused, as a real provider does. The request's objects (`reads`) are read
   * with its key's record, and what it writes is saved with its answer, together: two statements a
   * request, and never an object changed without the answer that says so.
   */
  function once<T>(
    key: string,
    request: object,
    reads: (string | null | undefined)[],
    work: (w: Work) => T,
  ): Promise<T> {
    // Requests with one key wait for each other, so two copies sent at once do the work once.
    const id = `idem_${account}_${key}`;
    const before = inFlight.get(id) ?? Promise.resolve();
    const run = before.then(
      () => onceNow(id, request, reads, work),
      () => onceNow(id, request, reads, work),
    );
    inFlight.set(id, run);
    void run
      .finally(() => {
        if (inFlight.get(id) === run) inFlight.delete(id);
      })
      .catch(() => undefined);
    return run;
  }

  async function onceNow<T>(
    id: string,
    request: object,
    reads: (string | null | undefined)[],
    work: (w: Work) => T,
  ): Promise<T> {
    const fingerprint = JSON.stringify(request);
    const rows = await read([id, ...reads.filter((r): r is string => !!r)]);
    const seen = rows.get(id);
    if (seen) {
      const stored = seen.data as { fingerprint: string; answer: T };
      if (stored.fingerprint !== fingerprint) {
        throw new ProviderError('idempotency_key_in_use', 'This idempotency key was used for another request.');
      }
      return stored.answer;
    }
    const writes: { kind: string; id: string; data: object }[] = [];
    const events: [string, PaymentIntent | Refund | SavedCard][] = [];
    const answer = work({
      get: (kind, objectId) => found(rows, kind, objectId),
      put: (kind, objectId, data) => writes.push({ kind, id: objectId, data }),
      emit: (type, object) => events.push([type, object]),
    });
    await write([...writes, { kind: 'idempotency', id, data: { fingerprint, answer } }]);
    for (const [type, object] of events) emit(type, object);
    if (timeOuts > 0) {
      timeOuts -= 1;
      throw new Error('The card provider did not answer in time.');
    }
    return answer;
  }

  function emit(type: string, object: PaymentIntent | Refund | SavedCard): void {
    if (!options.deliver) return;
    const event: ProviderEvent = {
      id: newId('evt'),
      type,
      created: Math.floor(now().getTime() / 1000),
      data: { object },
    };
    // Delivered a moment after the answer, as a webhook arrives on its own; a failed delivery is tried
    // again later, further apart each time.
    const attempt = (n: number) => {
      // A delivery still to come never holds a stopping process open (a provider elsewhere would
      // keep trying; this one lives in the process).
      setTimeout(async () => {
        try {
          await options.deliver?.(event);
        } catch {
          if (n + 1 < deliveryDelaysMs.length) attempt(n + 1);
        }
      }, deliveryDelaysMs[n]).unref();
    };
    attempt(0);
  }

  function cardRefusal(
    card: StoredCard,
    offSession: boolean,
  ): { status: IntentStatus; error: PaymentIntent['lastError'] } | null {
    const expiry = new Date(Date.UTC(card.expYear, card.expMonth, 1));
    if (expiry <= now())
      return { status: 'requires_payment_method', error: { code: 'expired_card', message: 'The card has expired.' } };
    const outcome = offlineTestCards[card.number].outcome;
    if (outcome === 'declined') {
      return { status: 'requires_payment_method', error: { code: 'card_declined', message: 'The card was declined.' } };
    }
    if (outcome === 'insufficientFunds') {
      return {
        status: 'requires_payment_method',
        error: { code: 'insufficient_funds', message: 'The card has insufficient funds.' },
      };
    }
    if (outcome === 'authenticate' && offSession) {
      return {
        status: 'requires_action',
        error: { code: 'authentication_required', message: 'The card holder must confirm this payment.' },
      };
    }
    return null;
  }

  return {
    name: 'offline',
    timeOutAfterWork(count) {
      timeOuts = count;
    },

    createCustomer: ({ idempotencyKey, email, name }) =>
      once(idempotencyKey, { op: 'customer', email, name }, [], (w) => {
        const id = newId('cus');
        w.put('customer', id, { id, email: email ?? null, name: name ?? null });
        return { id };
      }),

    attachCard: ({ idempotencyKey, customerId, token }) =>
      once(idempotencyKey, { op: 'attach', customerId, token }, [customerId], (w) => {
        w.get('customer', customerId);
        const match = TOKEN.exec(token);
        const number = match?.[1] as TestCard | undefined;
        if (!match || !number || !(number in offlineTestCards)) {
          throw new ProviderError('invalid_token', 'The card details could not be read; enter the card again.');
        }
        const card: StoredCard = {
          id: newId('card'),
          customerId,
          brand: offlineTestCards[number].brand,
          last4: number.slice(-4),
          expMonth: Number(match[2]),
          expYear: Number(match[3]),
          number,
          detached: false,
        };
        if (card.expMonth < 1 || card.expMonth > 12)
          throw new ProviderError('invalid_expiry_month', 'The expiry month is not a month.');
        w.put('card', card.id, card);
        const { number: _n, detached: _d, ...shown } = card;
        return shown;
      }),

    async detachCard(cardId) {
      const card = await load<StoredCard>('card', cardId);
      await write([{ kind: 'card', id: cardId, data: { ...card, detached: true } }]);
    },

    createPaymentIntent: (input) =>
      once(input.idempotencyKey, { op: 'intent', ...input }, [input.cardId], (w) => {
        if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
          throw new ProviderError('amount_too_small', 'The amount must be a positive whole number of minor units.');
        }
        const intent: PaymentIntent = {
          id: newId('pi'),
          status: 'requires_payment_method',
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          amountCapturable: 0,
          amountReceived: 0,
          customerId: input.customerId ?? null,
          cardId: input.cardId ?? null,
          clientSecret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}`,
          lastError: null,
          metadata: input.metadata ?? {},
        };
        if (input.cardId) {
          const card = w.get<StoredCard>('card', input.cardId);
          if (card.detached || card.customerId !== input.customerId) {
            throw new ProviderError('card_not_attached', 'The card is not one of this customer’s cards.', 400);
          }
          const refusal = cardRefusal(card, input.offSession ?? false);
          if (refusal) {
            intent.status = refusal.status;
            intent.lastError = refusal.error;
          } else if (input.capture === 'manual') {
            intent.status = 'requires_capture';
            intent.amountCapturable = input.amount;
          } else {
            intent.status = 'succeeded';
            intent.amountReceived = input.amount;
          }
        }
        w.put('intent', intent.id, intent);
        w.emit(
          intent.status === 'requires_capture'
            ? 'payment_intent.amount_capturable_updated'
            : intent.status === 'succeeded'
              ? 'payment_intent.succeeded'
              : intent.status === 'requires_action'
                ? 'payment_intent.requires_action'
                : intent.lastError
                  ? 'payment_intent.payment_failed'
                  : 'payment_intent.created',
          intent,
        );
        return intent;
      }),

    retrievePaymentIntent: (id) => load<PaymentIntent>('intent', id),

    capturePaymentIntent: ({ idempotencyKey, id, amount }) =>
      once(idempotencyKey, { op: 'capture', id, amount }, [id], (w) => {
        const intent = w.get<PaymentIntent>('intent', id);
        if (intent.status !== 'requires_capture') {
          throw new ProviderError(
            'payment_intent_unexpected_state',
            `This payment cannot be captured: it is ${intent.status}.`,
          );
        }
        const take = amount ?? intent.amountCapturable;
        if (!Number.isSafeInteger(take) || take < 1 || take > intent.amountCapturable) {
          throw new ProviderError(
            'amount_too_large',
            `At most ${intent.amountCapturable} can be captured: that is what was authorised.`,
          );
        }
        const captured: PaymentIntent = { ...intent, status: 'succeeded', amountCapturable: 0, amountReceived: take };
        w.put('intent', id, captured);
        w.emit('payment_intent.succeeded', captured);
        return captured;
      }),

    cancelPaymentIntent: ({ idempotencyKey, id }) =>
      once(idempotencyKey, { op: 'cancel', id }, [id], (w) => {
        const intent = w.get<PaymentIntent>('intent', id);
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw new ProviderError(
            'payment_intent_unexpected_state',
            `This payment cannot be cancelled: it is ${intent.status}.`,
          );
        }
        const cancelled: PaymentIntent = { ...intent, status: 'canceled', amountCapturable: 0 };
        w.put('intent', id, cancelled);
        w.emit('payment_intent.canceled', cancelled);
        return cancelled;
      }),

    refund: ({ idempotencyKey, paymentIntentId, amount, reason }) =>
      once(idempotencyKey, { op: 'refund', paymentIntentId, amount, reason }, [paymentIntentId], (w) => {
        const intent = w.get<PaymentIntent & { refunded?: number }>('intent', paymentIntentId);
        const left = intent.amountReceived - (intent.refunded ?? 0);
        const take = amount ?? left;
        if (intent.status !== 'succeeded')
          throw new ProviderError('charge_not_captured', 'Only a captured payment can be refunded.');
        if (!Number.isSafeInteger(take) || take < 1 || take > left) {
          throw new ProviderError(
            'amount_too_large',
            `At most ${left} can be refunded: that is what is left of the payment.`,
          );
        }
        w.put('intent', paymentIntentId, { ...intent, refunded: (intent.refunded ?? 0) + take });
        const refund: Refund = {
          id: newId('re'),
          paymentIntentId,
          amount: take,
          status: 'succeeded',
          reason: reason ?? null,
        };
        w.put('refund', refund.id, refund);
        w.emit('charge.refunded', refund);
        return refund;
      }),
  };
}
