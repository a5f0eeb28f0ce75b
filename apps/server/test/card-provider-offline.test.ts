import { beforeAll, describe, expect, it } from 'vitest';
import { offlineProvider } from '../src/domains/payments/provider/offline';
import { signEvent, verifyEvent } from '../src/domains/payments/provider/signature';
import { ProviderError, type ProviderEvent } from '../src/domains/payments/provider/types';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const events: ProviderEvent[] = [];
let provider: ReturnType<typeof offlineProvider>;
let customerId: string;
let n = 0;
const key = () => `k-${Date.now()}-${n++}`;
const token = (number: string, month = '12', year = '2030') => `tok_offline_${number}_${month}_${year}`;

beforeAll(async () => {
  t = await createTestApp();
  provider = offlineProvider({ db: t.db, account: 'acct_test', deliver: (e) => void events.push(e) });
  customerId = (await provider.createCustomer({ idempotencyKey: key(), email: 'pat@example.com' })).id;
});

const cardOf = (number: string, month?: string, year?: string) =>
  provider.attachCard({ idempotencyKey: key(), customerId, token: token(number, month, year) });

async function refusal(work: Promise<unknown>): Promise<ProviderError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('the offline card provider', () => {
  it('saves a card as a token with what may be shown, never its number', async () => {
    const card = await cardOf('4242424242424242');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, customerId });
    expect(JSON.stringify(card)).not.toContain('4242424242424242');
    expect(
      (await refusal(provider.attachCard({ idempotencyKey: key(), customerId, token: 'tok_nonsense' }))).code,
    ).toBe('invalid_token');
  });

  it('authorises, captures the final price once, and refunds no more than was paid', async () => {
    const card = await cardOf('4242424242424242');
    const intent = await provider.createPaymentIntent({
      idempotencyKey: key(),
      amount: 3000,
      currency: 'GBP',
      customerId,
      cardId: card.id,
      capture: 'manual',
    });
    expect(intent).toMatchObject({ status: 'requires_capture', amountCapturable: 3000, amountReceived: 0 });
    expect(
      (await refusal(provider.capturePaymentIntent({ idempotencyKey: key(), id: intent.id, amount: 3001 }))).code,
    ).toBe('amount_too_large');
    const captured = await provider.capturePaymentIntent({ idempotencyKey: key(), id: intent.id, amount: 2750 });
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 2750, amountCapturable: 0 });
    expect((await refusal(provider.capturePaymentIntent({ idempotencyKey: key(), id: intent.id }))).code).toBe(
      'payment_intent_unexpected_state',
    );
    const part = await provider.refund({
      idempotencyKey: key(),
      paymentIntentId: intent.id,
      amount: 750,
      reason: 'late',
    });
    expect(part).toMatchObject({ amount: 750, status: 'succeeded' });
    expect(
      (await refusal(provider.refund({ idempotencyKey: key(), paymentIntentId: intent.id, amount: 2001 }))).code,
    ).toBe('amount_too_large');
    const rest = await provider.refund({ idempotencyKey: key(), paymentIntentId: intent.id });
    expect(rest.amount).toBe(2000);
  });

  it('declines the test cards that decline, and asks for authentication off-session', async () => {
    const declined = await cardOf('4000000000000002');
    const poor = await cardOf('4000000000009995');
    const strict = await cardOf('4000002500003155');
    const expired = await cardOf('4242424242424242', '01', '2020');
    const charge = (cardId: string, offSession = false) =>
      provider.createPaymentIntent({
        idempotencyKey: key(),
        amount: 1000,
        currency: 'GBP',
        customerId,
        cardId,
        capture: 'automatic',
        offSession,
      });
    expect((await charge(declined.id)).lastError?.code).toBe('card_declined');
    expect((await charge(poor.id)).lastError?.code).toBe('insufficient_funds');
    expect((await charge(expired.id)).lastError?.code).toBe('expired_card');
    expect((await charge(strict.id, true)).status).toBe('requires_action');
    expect((await charge(strict.id, false)).status).toBe('succeeded');
  });

  it('does a keyed request once: a repeat and a copy sent at once answer the first; another request is refused', async () => {
    const card = await cardOf('4242424242424242');
    const k = key();
    const request = {
      idempotencyKey: k,
      amount: 1200,
      currency: 'GBP',
      customerId,
      cardId: card.id,
      capture: 'manual' as const,
    };
    const [a, b] = await Promise.all([provider.createPaymentIntent(request), provider.createPaymentIntent(request)]);
    const c = await provider.createPaymentIntent(request);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect((await refusal(provider.createPaymentIntent({ ...request, amount: 1300 }))).code).toBe(
      'idempotency_key_in_use',
    );
  });

  it('finds the charge a timed-out call made when the call is retried with its key: one charge', async () => {
    const card = await cardOf('4242424242424242');
    const request = {
      idempotencyKey: key(),
      amount: 990,
      currency: 'GBP',
      customerId,
      cardId: card.id,
      capture: 'automatic' as const,
    };
    provider.timeOutAfterWork(1);
    await expect(provider.createPaymentIntent(request)).rejects.toThrow(/did not answer in time/);
    const retried = await provider.createPaymentIntent(request);
    expect(retried.status).toBe('succeeded');
    const again = await provider.retrievePaymentIntent(retried.id);
    expect(again.amountReceived).toBe(990);
  });

  it('sends its events to the webhook, and a detached card can no longer be charged', async () => {
    const card = await cardOf('5555555555554444');
    const intent = await provider.createPaymentIntent({
      idempotencyKey: key(),
      amount: 500,
      currency: 'GBP',
      customerId,
      cardId: card.id,
      capture: 'automatic',
    });
    await expect
      .poll(() => events.some((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intent.id))
      .toBe(true);
    await provider.detachCard(card.id);
    const error = await refusal(
      provider.createPaymentIntent({
        idempotencyKey: key(),
        amount: 500,
        currency: 'GBP',
        customerId,
        cardId: card.id,
        capture: 'automatic',
      }),
    );
    expect(error.code).toBe('card_not_attached');
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret';
  const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' });

  it('accepts the body it signed and refuses a changed body, another secret, an old signature and none', () => {
    const now = 1_800_000_000;
    const header = signEvent(secret, body, now);
    expect(verifyEvent(secret, body, header, now)).toEqual({ ok: true });
    expect(verifyEvent(secret, body.replace('evt_1', 'evt_2'), header, now).ok).toBe(false);
    expect(verifyEvent('whsec_other', body, header, now).ok).toBe(false);
    expect(verifyEvent(secret, body, header, now + 301)).toEqual({ ok: false, reason: 'the signature is too old' });
    expect(verifyEvent(secret, body, undefined, now).ok).toBe(false);
    expect(verifyEvent(secret, body, 'v1=abc', now).ok).toBe(false);
  });
});
