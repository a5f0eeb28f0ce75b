import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { balanceOf } from '../src/domains/ledger/post';
import { type AccountKind, journalEntries } from '../src/domains/ledger/schema';
import { outboxMessages } from '../src/domains/notifications/schema';
import { offlineProviderObjects } from '../src/domains/payments/provider/offline-schema';
import { cardPayments, paymentCards, paymentEvents, paymentTransactions } from '../src/domains/payments/schema';
import { webBookerVisits } from '../src/domains/web-booker/schema';
import { signEvent } from '../src/domains/payments/provider/signature';
import { call, callData } from './client';
import { book, bookingWorld, type BookingWorld } from './factories-bookings';
import { createUser, signIn, type SignedIn } from './factories';
import { adminSession, inCall } from './call-context';
import { createTestApp, type TestApp } from './harness';
import { seedTariffs } from '../src/demo/tariffs';
import { cardProvidersOf } from '../src/domains/payments/providers';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
let driver: SignedIn;
let driverId = 0;

const visa = 'tok_offline_4242424242424242_12_2034';
const declined = 'tok_offline_4000000000000002_12_2034';

async function cardBooking(extra: Parameters<typeof book>[2] = {}) {
  const b = await book(t.app, w, { paymentMethod: 'card', ...extra });
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
  expect(row!.priceMinor).toBeGreaterThan(0);
  return row!;
}

/** An account's balance as the ledger answers it (company-wide kinds: the sum of their lines). */
const balance = (kind: AccountKind, ownerId = 0, companyId = w.company.id) =>
  inCall(t, adminSession(companyId), (ctx) => balanceOf(ctx, { kind, ownerId: ownerId || undefined }));

const paymentStatusOf = async (id: number) =>
  (await t.db.select({ s: bookings.paymentStatus }).from(bookings).where(eq(bookings.id, id)))[0]!.s;

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  const made = await createUser(t.db, w.company.id, 'driver');
  driverId = made.personId;
  driver = await signIn(t.app, made.email);
});

describe('a card payment taken by the office', () => {
  it('charges a new card now: the booking is paid and the money is in card clearing', async () => {
    const b = await cardBooking();
    const before = await balance('cardClearing');
    const res = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'now' },
      w.accounts.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'succeeded', captured: b.priceMinor, brand: 'visa', last4: '4242' });
    expect(JSON.stringify(res.body)).not.toContain('4242424242424242');
    expect(await paymentStatusOf(b.id)).toBe('paid');
    expect((await balance('cardClearing')) - before).toBe(b.priceMinor);
    expect(await balance('passengerReceivable', w.passengerId)).toBeLessThanOrEqual(-b.priceMinor!);
    const state = await callData(t.app, 'Booking/CheckExistingPayment', { bookingId: b.id }, w.accounts.accessToken);
    expect(state).toMatchObject({ paid: b.priceMinor, due: 0, hasPayment: true, paymentStatus: 'paid' });
    expect(state.transactions.map((s) => s.kind)).toEqual(['charge']);
    // Nothing is left to take: a second payment is refused.
    const again = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'now' },
      w.accounts.accessToken,
    );
    expect(again.status).toBe(409);
  });

  it('answers a declined card with 402 in words and keeps the booking unpaid, the decline in its history', async () => {
    const b = await cardBooking();
    const res = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: declined, capture: 'now' },
      w.accounts.accessToken,
    );
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/Visa ending 0002 was declined/);
    expect(await paymentStatusOf(b.id)).toBe('unpaid');
    const steps = await eventually(
      () => t.db.select().from(paymentTransactions).where(eq(paymentTransactions.bookingId, b.id)),
      (rows) => rows.length > 0,
    );
    expect(steps.map((s) => s.kind)).toEqual(['declined']);
  });

  it('refunds in part then in full, never more than was paid, with the reason', async () => {
    const b = await cardBooking();
    await callData(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'now' },
      w.accounts.accessToken,
    );
    const price = b.priceMinor!;
    const part = await call(
      t.app,
      'PaymentTransaction/RefundPayment',
      { bookingId: b.id, amount: 500, reason: 'Late pick-up' },
      w.accounts.accessToken,
    );
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(await paymentStatusOf(b.id)).toBe('partlyRefunded');
    const tooMuch = await call(
      t.app,
      'PaymentTransaction/RefundPayment',
      { bookingId: b.id, amount: price, reason: 'x' },
      w.accounts.accessToken,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors?.[0]?.field).toBe('amount');
    const rest = await callData(
      t.app,
      'PaymentTransaction/RefundPayment',
      { bookingId: b.id, reason: 'Cancelled by us' },
      w.accounts.accessToken,
    );
    expect(rest.refunded).toBe(price - 500);
    expect(await paymentStatusOf(b.id)).toBe('refunded');
    const state = await callData(t.app, 'Booking/CheckExistingPayment', { bookingId: b.id }, w.accounts.accessToken);
    expect(state.transactions.map((s) => [s.kind, s.amount])).toEqual([
      ['charge', price],
      ['refund', -500],
      ['refund', -(price - 500)],
    ]);
    expect(state.transactions[1]!.reason).toBe('Late pick-up');
  });

  it('finds the charge through its idempotency key after the provider timed out: one charge', async () => {
    const b = await cardBooking();
    cardProvidersOf(t.services).offlineFor(w.company.id).timeOutAfterWork(1);
    const first = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'now' },
      w.accounts.accessToken,
    );
    expect(first.status).toBe(503);
    expect(await paymentStatusOf(b.id)).toBe('unpaid');
    const retry = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'now' },
      w.accounts.accessToken,
    );
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const intents = await t.db
      .select()
      .from(offlineProviderObjects)
      .where(
        and(
          eq(offlineProviderObjects.kind, 'intent'),
          sql`${offlineProviderObjects.data}->'metadata'->>'bookingId' = ${String(b.id)}`,
        ),
      );
    expect(intents).toHaveLength(1);
    expect(await paymentStatusOf(b.id)).toBe('paid');
  });

  it("refuses another company's booking and a role without payments", async () => {
    const b = await cardBooking();
    const other = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa },
      them.accounts.accessToken,
    );
    expect(other.status).toBe(404);
    const dispatcher = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa },
      w.dispatcher.accessToken,
    );
    expect(dispatcher.status).toBe(403);
  });

  it('refuses a card number sent instead of a token, naming the field', async () => {
    const b = await cardBooking();
    const res = await call(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: '4242424242424242' },
      w.accounts.accessToken,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['token']);
  });
});

describe('a card authorised at booking, captured when the job is done', () => {
  it('authorises, then captures the final price when the driver completes', async () => {
    const b = await cardBooking();
    const auth = await callData(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'later' },
      w.accounts.accessToken,
    );
    expect(auth).toMatchObject({ status: 'requires_capture', amount: b.priceMinor, captured: 0 });
    expect(await paymentStatusOf(b.id)).toBe('authorised');
    // Waiting added to the fare before completion: the capture takes the final price, up to the authorisation.
    await t.db
      .update(bookings)
      .set({ status: 'on_board', driverId, priceMinor: b.priceMinor! - 100 })
      .where(eq(bookings.id, b.id));
    const done = await call(
      t.app,
      'Driver/UpdateBookingStatusForJourney',
      { id: b.id, step: 'complete' },
      driver.accessToken,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const captured = await eventually(
      () => t.db.select().from(cardPayments).where(eq(cardPayments.bookingId, b.id)),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(captured[0]).toMatchObject({ status: 'succeeded', capturedMinor: b.priceMinor! - 100 });
    expect(await paymentStatusOf(b.id)).toBe('paid');
    const entries = await t.db.select().from(journalEntries).where(eq(journalEntries.bookingId, b.id));
    expect(entries.map((e) => e.kind).sort()).toEqual(['cardPayment', 'fareEarned']);
  });

  it('releases the authorisation when the booking is cancelled', async () => {
    const b = await cardBooking();
    await callData(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'later' },
      w.accounts.accessToken,
    );
    const res = await call(
      t.app,
      'Booking/UpdateBookingStatus',
      { id: b.id, move: 'cancel', note: 'Passenger called' },
      w.admin.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await eventually(
      () => t.db.select().from(cardPayments).where(eq(cardPayments.bookingId, b.id)),
      (r) => r[0]?.status === 'canceled',
    );
    expect(rows[0]!.status).toBe('canceled');
    expect(await paymentStatusOf(b.id)).toBe('unpaid');
  });
});

describe('the final price of a done job', () => {
  it('captures the fare with the waiting at the pick-up added by the tariff', async () => {
    const priced = await bookingWorld(t.app, t.db);
    await seedTariffs(t.db, priced.company.id);
    const made = await createUser(t.db, priced.company.id, 'driver');
    const theDriver = await signIn(t.app, made.email);
    const b = await book(t.app, priced, { paymentMethod: 'card' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    const agreed = row!.priceMinor!;
    await callData(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'later' },
      priced.accounts.accessToken,
    );
    // Arrived 20 minutes ago: 5 minutes are free, 15 are charged at 30p a minute.
    await t.db
      .update(bookings)
      .set({ status: 'arrived', driverId: made.personId, arrivedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(bookings.id, b.id));
    const step = (s: 'board' | 'complete') =>
      call(t.app, 'Driver/UpdateBookingStatusForJourney', { id: b.id, step: s }, theDriver.accessToken);
    expect((await step('board')).status).toBe(200);
    expect((await step('complete')).status).toBe(200);
    const [done] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    const waiting = done!.priceBreakdown!.items.find((i) => i.code === 'waiting');
    expect(waiting?.amount).toBe(15 * 30);
    // The agreed fare was authorised; the wait above it is a second charge to the same card.
    expect(done!.priceMinor).toBe(agreed + 450);
    const payments = await eventually(
      () => t.db.select().from(cardPayments).where(eq(cardPayments.bookingId, b.id)),
      (rows) => rows.reduce((s, p) => s + p.capturedMinor, 0) === agreed + 450,
    );
    expect(payments.reduce((s, p) => s + p.capturedMinor, 0)).toBe(agreed + 450);
    expect(await paymentStatusOf(b.id)).toBe('paid');
  });
});

describe('cash collected by the driver', () => {
  it("posts the cash to the driver's account when a cash job is completed", async () => {
    const b = await book(t.app, w, { paymentMethod: 'cash' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    await t.db.update(bookings).set({ status: 'on_board', driverId }).where(eq(bookings.id, b.id));
    const before = await balance('driverCash', driverId);
    const res = await call(
      t.app,
      'Driver/UpdateBookingStatusForJourney',
      { id: b.id, step: 'complete', cashCollected: row!.priceMinor! + 200 },
      driver.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await balance('driverCash', driverId)) - before).toBe(row!.priceMinor! + 200);
    expect(await paymentStatusOf(b.id)).toBe('paid');
  });
});

describe('payment links', () => {
  it('mails a link that pays the booking once, then refuses it', async () => {
    const b = await cardBooking();
    const sent = await callData(
      t.app,
      'Booking/SendEmailPaymentLink',
      { bookingId: b.id, email: 'payer@example.com' },
      w.accounts.accessToken,
    );
    expect(sent.amount).toBe(b.priceMinor);
    const token = new URL(sent.url).hash.replace('#token=', '');
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, b.id));
    expect(mails.some((m) => m.recipient === 'payer@example.com' && m.body.includes(token))).toBe(true);
    const page = await callData(t.app, 'PaymentTransaction/TestClientSecret', { token });
    expect(page).toMatchObject({ state: 'valid', amount: b.priceMinor, provider: 'offline' });
    const paid = await call(t.app, 'PaymentTransaction/CheckoutPayment', { token, cardToken: visa });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.status).toBe('succeeded');
    expect(await paymentStatusOf(b.id)).toBe('paid');
    const twice = await call(t.app, 'PaymentTransaction/CheckoutPayment', { token, cardToken: visa });
    expect(twice.status).toBe(410);
  });

  it('refuses an expired link and an unknown one', async () => {
    const b = await cardBooking();
    const sent = await callData(
      t.app,
      'Booking/SendEmailPaymentLink',
      { bookingId: b.id, email: 'payer@example.com' },
      w.accounts.accessToken,
    );
    const token = new URL(sent.url).hash.replace('#token=', '');
    const expired = await callData(t.app, 'Booking/ExpirePaymentLink', { bookingId: b.id }, w.accounts.accessToken);
    expect(expired.expired).toBe(1);
    expect((await call(t.app, 'PaymentTransaction/CheckoutPayment', { token, cardToken: visa })).status).toBe(410);
    const unknown = await call(t.app, 'PaymentTransaction/TestClientSecret', { token: 'not-a-link' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('token');
  });
});

describe('the webhook', () => {
  const post = (companyId: number, body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/${companyId}`,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: body,
    });

  it("applies the provider's own event of a payment made a moment ago, delivered again until it is kept", async () => {
    const b = await cardBooking();
    const paid = await callData(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'now' },
      w.accounts.accessToken,
    );
    const events = await eventually(
      () => t.db.select().from(paymentEvents).where(eq(paymentEvents.objectRef, paid.intentRef)),
      (rows) => rows.some((e) => e.type === 'payment_intent.succeeded'),
    );
    expect(events.find((e) => e.type === 'payment_intent.succeeded')?.outcome).toBe('applied');
  });

  it('refuses a forged signature and keeps a signed event once', async () => {
    const b = await cardBooking();
    const payment = await callData(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: b.id, token: visa, capture: 'later' },
      w.accounts.accessToken,
    );
    const body = JSON.stringify({
      id: `evt_test_${b.id}`,
      type: 'payment_intent.amount_capturable_updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: payment.intentRef } },
    });
    const forged = await post(w.company.id, body, signEvent('whsec_wrong', body));
    expect(forged.statusCode).toBe(400);
    expect((await post(w.company.id, body)).statusCode).toBe(400);
    const secret = (await cardProvidersOf(t.services).forCompany(w.company.id)).webhookSecret!;
    const intent = await cardProvidersOf(t.services).offlineFor(w.company.id).retrievePaymentIntent(payment.intentRef);
    const real = JSON.stringify({ ...JSON.parse(body), data: { object: intent } });
    const first = await post(w.company.id, real, signEvent(secret, real));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().outcome).toBe('applied');
    const replay = await post(w.company.id, real, signEvent(secret, real));
    expect(replay.json().outcome).toBe('duplicate');
    const kept = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventRef, `evt_test_${b.id}`));
    expect(kept).toHaveLength(1);
    // Another company's secret does not open this company's webhook.
    const theirs = (await cardProvidersOf(t.services).forCompany(them.company.id)).webhookSecret!;
    expect((await post(w.company.id, real, signEvent(theirs, real))).statusCode).toBe(400);
  });
});

describe('saved cards, payments by hand and who may look', () => {
  it('saves a card while paying, charges it again off-session, and refuses it once expired', async () => {
    const first = await cardBooking();
    const paid = await callData(
      t.app,
      'PaymentTransaction/StripePaymentTokenProvided',
      { bookingId: first.id, token: visa, capture: 'now', saveCard: true },
      w.accounts.accessToken,
    );
    expect(paid.cardId).toBeGreaterThan(0);
    const [card] = await t.db.select().from(paymentCards).where(eq(paymentCards.id, paid.cardId!));
    expect(card).toMatchObject({ ownerKind: 'passenger', ownerId: w.passengerId, last4: '4242', isDefault: true });
    const second = await cardBooking();
    const again = await call(
      t.app,
      'PaymentTransaction/StripePayment',
      { bookingId: second.id, cardId: paid.cardId!, capture: 'now' },
      w.accounts.accessToken,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await paymentStatusOf(second.id)).toBe('paid');
    await t.db.update(paymentCards).set({ expYear: 2020 }).where(eq(paymentCards.id, paid.cardId!));
    const third = await cardBooking();
    const expired = await call(
      t.app,
      'PaymentTransaction/StripePayment',
      { bookingId: third.id, cardId: paid.cardId! },
      w.accounts.accessToken,
    );
    expect(expired.status).toBe(400);
    expect(expired.body.errors?.[0]?.field).toBe('cardId');
    expect(expired.body.message).toMatch(/expired/);
    // Another company's card is not this booking's payer's.
    const theirs = await cardBooking();
    const wrong = await call(
      t.app,
      'PaymentTransaction/StripePayment',
      { bookingId: theirs.id, cardId: 999_999 },
      w.accounts.accessToken,
    );
    expect(wrong.status).toBe(404);
  });

  it('records a payment by hand, never more than is left, and posts it to the bank', async () => {
    const b = await cardBooking();
    const before = await balance('bank');
    const tooMuch = await call(
      t.app,
      'PaymentTransaction/AddPaymentTransaction',
      { bookingId: b.id, amount: b.priceMinor! + 1, method: 'bank_transfer' },
      w.accounts.accessToken,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors?.[0]?.field).toBe('amount');
    const badMethod = await call(
      t.app,
      'PaymentTransaction/AddPaymentTransaction',
      { bookingId: b.id, amount: 100, method: 'gold' as never },
      w.accounts.accessToken,
    );
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.errors?.[0]?.field).toBe('method');
    const ok = await call(
      t.app,
      'PaymentTransaction/AddPaymentTransaction',
      { bookingId: b.id, amount: b.priceMinor!, method: 'bank_transfer', reference: 'TRF-1' },
      w.accounts.accessToken,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ kind: 'manualPayment', method: 'bank_transfer', amount: b.priceMinor });
    expect((await balance('bank')) - before).toBe(b.priceMinor);
    expect(await paymentStatusOf(b.id)).toBe('paid');
    const other = await call(t.app, 'Booking/CheckExistingPayment', { bookingId: b.id }, them.accounts.accessToken);
    expect(other.status).toBe(404);
    const dispatcher = await call(t.app, 'Booking/CheckExistingPayment', { bookingId: b.id }, w.dispatcher.accessToken);
    expect(dispatcher.status).toBe(403);
  });

  it('lets a web-booker visitor pay their own booking by card, and no other', async () => {
    const visit = await callData(t.app, 'Booking/GetWebBookerUserID', { companyID: w.company.id });
    await callData(
      t.app,
      'Booking/GetPassengerForWebBooker',
      { firstName: 'Pat', surname: 'Payer', phone: '+44 7700 900123', email: 'pat@example.com' },
      visit.token,
    );
    const made = await callData(
      t.app,
      'Booking/Create',
      {
        pickupAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        stops: [
          { address: 'Palace of Westminster, London', postcode: 'SW1A 0AA', lat: 51.4995, lng: -0.1248 },
          { address: "St Paul's Cathedral, London", postcode: 'EC4M 8AD', lat: 51.5138, lng: -0.0984 },
        ],
        vehicleTypeId: w.saloonId,
        paymentMethod: 'card',
        source: 'web',
      },
      visit.token,
    );
    const someoneElses = await cardBooking();
    const refused = await call(
      t.app,
      'PaymentTransaction/CreatePaymentIntent',
      { bookingId: someoneElses.id, token: visa },
      visit.token,
    );
    expect(refused.status).toBe(404);
    const res = await call(
      t.app,
      'PaymentTransaction/CreatePaymentIntent',
      { bookingId: made.id, token: visa },
      visit.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('requires_capture');
    const state = await callData(t.app, 'PaymentTransaction/GetPaymentStatus', { bookingId: made.id }, visit.token);
    expect(state.paymentStatus).toBe('authorised');
    expect(state.paymentMethod).toBe('card');
    const [kept] = await t.db.select().from(webBookerVisits).where(eq(webBookerVisits.bookingId, made.id));
    expect(kept).toBeTruthy();
    // A visitor has no account: the card is not kept.
    expect(res.body.data.cardId).toBeNull();
  });
});
