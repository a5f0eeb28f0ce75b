import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeProvider } from '../src/domains/payments/provider/stripe';
import { ProviderError } from '../src/domains/payments/provider/types';

/** What the adapter sent: method, path, form fields, idempotency key and the key it signed in with. */
interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

let server: Server;
let port: number;
const seen: Seen[] = [];

const intent = (fields: Record<string, unknown>) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 3000,
  amount_capturable: 3000,
  amount_received: 0,
  currency: 'gbp',
  customer: 'cus_1',
  payment_method: 'pm_1',
  client_secret: 'pi_123_secret_x',
  status: 'requires_capture',
  last_payment_error: null,
  metadata: { bookingId: '7' },
  ...fields,
});

/** Answers as Stripe's API would for the few paths the adapter uses. */
function answer(req: IncomingMessage, form: URLSearchParams): [number, object] {
  const path = req.url ?? '';
  if (path === '/v1/customers') return [200, { id: 'cus_1', object: 'customer' }];
  if (path === '/v1/payment_methods/pm_card/attach') {
    return [
      200,
      {
        id: 'pm_card',
        object: 'payment_method',
        customer: 'cus_1',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      },
    ];
  }
  if (path === '/v1/payment_intents' && form.get('payment_method') === 'pm_declined') {
    return [
      402,
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: intent({
            status: 'requires_payment_method',
            amount_capturable: 0,
            last_payment_error: {
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            },
          }),
        },
      },
    ];
  }
  if (path === '/v1/payment_intents') return [200, intent({})];
  if (path === '/v1/payment_intents/pi_123/capture') {
    return [
      200,
      intent({ status: 'succeeded', amount_capturable: 0, amount_received: Number(form.get('amount_to_capture')) }),
    ];
  }
  if (path === '/v1/refunds')
    return [200, { id: 're_1', object: 'refund', amount: Number(form.get('amount')), status: 'succeeded' }];
  if (path === '/v1/payment_intents/pi_missing') {
    return [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
    ];
  }
  return [500, { error: { type: 'api_error', message: 'unknown path' } }];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        form,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
      });
      const [status, json] = answer(req, form);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () => stripeProvider({ secretKey: 'sk_test_standin', host: '127.0.0.1', port, protocol: 'http' });
const last = () => seen[seen.length - 1] as Seen;

describe('the Stripe provider against a stand-in of its API', () => {
  it('signs in with the secret key and sends the idempotency key with every change', async () => {
    const { id } = await provider().createCustomer({ idempotencyKey: 'cust-1', email: 'pat@example.com' });
    expect(id).toBe('cus_1');
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: 'cust-1',
      authorization: 'Bearer sk_test_standin',
    });
    expect(last().form.get('email')).toBe('pat@example.com');
  });

  it('saves a card from its payment method, keeping brand, last four and expiry', async () => {
    const card = await provider().attachCard({ idempotencyKey: 'att-1', customerId: 'cus_1', token: 'pm_card' });
    expect(card).toEqual({
      id: 'pm_card',
      customerId: 'cus_1',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(last().form.get('customer')).toBe('cus_1');
  });

  it('authorises with manual capture, off-session, and captures the final amount', async () => {
    const made = await provider().createPaymentIntent({
      idempotencyKey: 'pi-1',
      amount: 3000,
      currency: 'GBP',
      customerId: 'cus_1',
      cardId: 'pm_1',
      capture: 'manual',
      offSession: true,
      metadata: { bookingId: '7' },
    });
    expect(made).toMatchObject({ id: 'pi_123', status: 'requires_capture', amountCapturable: 3000, cardId: 'pm_1' });
    const form = last().form;
    expect(Object.fromEntries(form)).toMatchObject({
      amount: '3000',
      currency: 'gbp',
      capture_method: 'manual',
      confirm: 'true',
      off_session: 'true',
      'metadata[bookingId]': '7',
    });
    expect(last().idempotencyKey).toBe('pi-1');
    const captured = await provider().capturePaymentIntent({ idempotencyKey: 'cap-1', id: 'pi_123', amount: 2750 });
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 2750 });
    expect(last()).toMatchObject({ path: '/v1/payment_intents/pi_123/capture', idempotencyKey: 'cap-1' });
  });

  it('answers a declined card as the intent with its error, and a missing object as a 404 refusal', async () => {
    const declined = await provider().createPaymentIntent({
      idempotencyKey: 'pi-2',
      amount: 3000,
      currency: 'GBP',
      customerId: 'cus_1',
      cardId: 'pm_declined',
      capture: 'manual',
    });
    expect(declined.status).toBe('requires_payment_method');
    expect(declined.lastError).toEqual({ code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    const missing = await provider()
      .retrievePaymentIntent('pi_missing')
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(missing).toBeInstanceOf(ProviderError);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing' });
  });

  it('refunds part of a payment with its reason', async () => {
    const refund = await provider().refund({
      idempotencyKey: 're-1',
      paymentIntentId: 'pi_123',
      amount: 500,
      reason: 'late',
    });
    expect(refund).toMatchObject({ id: 're_1', amount: 500, status: 'succeeded', reason: 'late' });
    expect(Object.fromEntries(last().form)).toMatchObject({
      payment_intent: 'pi_123',
      amount: '500',
      'metadata[reason]': 'late',
    });
  });
});
