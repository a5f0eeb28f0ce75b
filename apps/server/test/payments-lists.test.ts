import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { call, callData } from './client';
import { book, bookingWorld, type BookingWorld } from './factories-bookings';
import { createUser, signIn, type SignedIn } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
let driver: SignedIn;
let driverId = 0;

const visa = 'tok_offline_4242424242424242_12_2034';

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const period = { fromDate: day(-1), toDate: day(3) };

async function priced(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  expect(row!.priceMinor).toBeGreaterThan(0);
  return row!;
}

/** A booking the driver has on board, then completes through the driver app (with the cash taken). */
async function complete(world: BookingWorld, id: number, by: { token: string; driverId: number }, cash?: number) {
  await t.db.update(bookings).set({ status: 'on_board', driverId: by.driverId }).where(eq(bookings.id, id));
  const res = await call(
    t.app,
    'Driver/UpdateBookingStatusForJourney',
    { id, step: 'complete', ...(cash === undefined ? {} : { cashCollected: cash }) },
    by.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function payByCard(world: BookingWorld, id: number, amount?: number) {
  return call(
    t.app,
    'PaymentTransaction/StripePaymentTokenProvided',
    { bookingId: id, token: visa, capture: 'now', ...(amount ? { amount } : {}) },
    world.accounts.accessToken,
  );
}

async function unbalancedEntries(companyId: number) {
  const res = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select l.entry_id from journal_lines l where l.company_id = ${companyId}
        group by l.entry_id having sum(l.amount_minor) <> 0) x`,
  );
  return res.rows[0]!.n;
}

/** Bookings whose kept figures (what the Finance totals sum) differ from their payments. */
async function figuresAdrift(companyId: number) {
  const res = await t.db.execute<{ id: number }>(sql`
    select b.id from bookings b
    left join lateral (
      select coalesce(sum(c.amount_minor) filter (where c.status = 'requires_capture'), 0) as authorised,
        coalesce(sum(c.captured_minor), 0) as captured, coalesce(sum(c.refunded_minor), 0) as refunded
      from card_payments c where c.company_id = b.company_id and c.booking_id = b.id) c on true
    left join lateral (
      select coalesce(sum(t.amount_minor), 0) as cash from payment_transactions t
      where t.company_id = b.company_id and t.booking_id = b.id and t.kind = 'cashCollection') t on true
    where b.company_id = ${companyId} and (b.card_authorised_minor <> c.authorised
      or b.card_captured_minor <> c.captured or b.card_refunded_minor <> c.refunded or b.cash_collected_minor <> t.cash)`);
  return res.rows.map((r) => r.id);
}

let cardBooking: Awaited<ReturnType<typeof priced>>;
let cashBooking: Awaited<ReturnType<typeof priced>>;
const cashExtra = 150;

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  const made = await createUser(t.db, w.company.id, 'driver');
  driverId = made.personId;
  driver = await signIn(t.app, made.email);
  // One card booking paid now and done, one cash booking done with more cash than the fare.
  cardBooking = await priced(
    (
      await book(t.app, w, {
        paymentMethod: 'card',
        clientId: w.clientId,
        clientReferences: [
          { referenceId: w.referencePoId, value: 'PO-1' },
          { referenceId: w.referenceCostId, value: 'CC-1' },
        ],
      })
    ).id,
  );
  expect((await payByCard(w, cardBooking.id)).status).toBe(200);
  await complete(w, cardBooking.id, { token: driver.accessToken, driverId });
  cashBooking = await priced((await book(t.app, w, { paymentMethod: 'cash' })).id);
  await complete(w, cashBooking.id, { token: driver.accessToken, driverId }, cashBooking.priceMinor! + cashExtra);
});

describe('card bookings and their totals', () => {
  it('lists the card booking with what its card took, and totals the same set', async () => {
    const list = await call(
      t.app,
      'Booking/GetTableSummaryCreditCardsBooking',
      { ...period, perPage: 50 },
      w.accounts.accessToken,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = list.body.data.find((r) => r.id === cardBooking.id);
    expect(row).toMatchObject({
      price: cardBooking.priceMinor,
      captured: cardBooking.priceMinor,
      refunded: 0,
      authorised: 0,
      paymentStatus: 'paid',
      card: 'Visa •••• 4242',
      clientName: 'Acme Ltd',
      driverId,
    });
    expect(list.body.data.some((r) => r.id === cashBooking.id)).toBe(false);
    const totals = await callData(t.app, 'Booking/GetCCBookingsTotalAndRevenue', period, w.accounts.accessToken);
    const captured = list.body.data.reduce((s, r) => s + r.captured, 0);
    const refunded = list.body.data.reduce((s, r) => s + r.refunded, 0);
    expect(totals).toMatchObject({
      totalBookings: list.body.count,
      captured,
      refunded,
      revenue: captured - refunded,
      currency: 'GBP',
    });
    expect(totals.byDay.reduce((s, d) => s + d.revenue, 0)).toBe(totals.revenue);
  });

  it('filters by client, driver and the last four digits', async () => {
    const byClient = await callData(
      t.app,
      'Booking/GetTableSummaryCreditCardsBooking',
      { clientID: w.otherClientId },
      w.accounts.accessToken,
    );
    expect(byClient).toEqual([]);
    const byCard = await call(
      t.app,
      'Booking/GetTableSummaryCreditCardsBooking',
      { q: '4242', driverID: driverId },
      w.accounts.accessToken,
    );
    expect(byCard.body.data.map((r) => r.id)).toContain(cardBooking.id);
  });

  it('names bad input, hides another company and refuses a role without Payment', async () => {
    const bad = await call(
      t.app,
      'Booking/GetTableSummaryCreditCardsBooking',
      { fromDate: '2026-13-01', paymentStatus: 'free' as never },
      w.accounts.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['fromDate', 'paymentStatus']);
    const backwards = await call(
      t.app,
      'Booking/GetCCBookingsTotalAndRevenue',
      { fromDate: day(2), toDate: day(1) },
      w.accounts.accessToken,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]?.field).toBe('toDate');
    const theirs = await callData(t.app, 'Booking/GetTableSummaryCreditCardsBooking', {}, them.accounts.accessToken);
    expect(theirs.some((r) => r.id === cardBooking.id)).toBe(false);
    const totals = await callData(t.app, 'Booking/GetCCBookingsTotalAndRevenue', {}, them.accounts.accessToken);
    expect(totals.totalBookings).toBe(0);
    for (const name of ['Booking/GetTableSummaryCreditCardsBooking', 'Booking/GetCCBookingsTotalAndRevenue'] as const) {
      expect((await call(t.app, name, {}, w.dispatcher.accessToken)).status).toBe(403);
    }
  });
});

describe('cash bookings and their totals', () => {
  it('lists the cash collected by its driver with the difference, and the cash the drivers hold', async () => {
    const list = await call(t.app, 'Booking/GetTableSummaryCashBooking', period, w.accounts.accessToken);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = list.body.data.find((r) => r.id === cashBooking.id);
    expect(row).toMatchObject({
      price: cashBooking.priceMinor,
      cashCollected: cashBooking.priceMinor! + cashExtra,
      difference: cashExtra,
      driverId,
    });
    expect(row!.collectedBy).toBeTruthy();
    const totals = await callData(t.app, 'Booking/GetCashBookingsTotalAndRevenue', period, w.accounts.accessToken);
    expect(totals).toMatchObject({
      totalBookings: list.body.count,
      totalFares: list.body.data.reduce((s, r) => s + (r.price ?? 0), 0),
      cashCollected: list.body.data.reduce((s, r) => s + r.cashCollected, 0),
      cashWithDrivers: cashBooking.priceMinor! + cashExtra,
    });
    const theirs = await callData(t.app, 'Booking/GetCashBookingsTotalAndRevenue', {}, them.accounts.accessToken);
    expect(theirs).toMatchObject({ totalBookings: 0, cashWithDrivers: 0 });
    expect((await call(t.app, 'Booking/GetTableSummaryCashBooking', {}, w.dispatcher.accessToken)).status).toBe(403);
    const bad = await call(
      t.app,
      'Booking/GetTableSummaryCashBooking',
      { sortColumn: 'x' as never },
      w.accounts.accessToken,
    );
    expect(bad.body.errors?.[0]?.field).toBe('sortColumn');
  });
});

describe('transactions, card payments and provider events', () => {
  it('lists every step with filters, the card payments and the events of one payment', async () => {
    const all = await call(
      t.app,
      'PaymentTransaction/AllPaymentTransactions',
      { bookingId: cardBooking.id },
      w.accounts.accessToken,
    );
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.map((r) => r.kind)).toEqual(['charge']);
    const step = all.body.data[0]!;
    expect(step).toMatchObject({ amount: cardBooking.priceMinor, method: 'card', clientName: 'Acme Ltd' });
    const cash = await callData(
      t.app,
      'PaymentTransaction/AllPaymentTransactions',
      { kind: 'cashCollection', driverID: driverId },
      w.accounts.accessToken,
    );
    expect(cash.map((r) => r.bookingId)).toEqual([cashBooking.id]);
    const cards = await call(
      t.app,
      'PaymentTransaction/GetStripeTransactions',
      { q: String(cardBooking.id), status: 'succeeded' },
      w.accounts.accessToken,
    );
    expect(cards.body.data).toHaveLength(1);
    expect(cards.body.data[0]).toMatchObject({ captured: cardBooking.priceMinor, card: 'Visa •••• 4242' });
    const payment = cards.body.data[0]!;
    // The offline provider delivers its events to the webhook after the answer.
    const until = Date.now() + 8000;
    let events = await callData(
      t.app,
      'PaymentTransaction/GetStripeTransactionsEventLog',
      { cardPaymentId: payment.id },
      w.accounts.accessToken,
    );
    while (!events.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      events = await callData(
        t.app,
        'PaymentTransaction/GetStripeTransactionsEventLog',
        { cardPaymentId: payment.id },
        w.accounts.accessToken,
      );
    }
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.objectRef === payment.intentRef)).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(/secret/i);
    const theirs = await call(
      t.app,
      'PaymentTransaction/GetStripeTransactionsEventLog',
      { cardPaymentId: payment.id },
      them.accounts.accessToken,
    );
    expect(theirs.status).toBe(404);
    expect(await callData(t.app, 'PaymentTransaction/AllPaymentTransactions', {}, them.accounts.accessToken)).toEqual(
      [],
    );
    const bad = await call(
      t.app,
      'PaymentTransaction/GetStripeTransactions',
      { status: 'x' as never },
      w.accounts.accessToken,
    );
    expect(bad.body.errors?.[0]?.field).toBe('status');
    expect((await call(t.app, 'PaymentTransaction/AllPaymentTransactions', {}, w.dispatcher.accessToken)).status).toBe(
      403,
    );
  });
});

describe('a client paying on account, and a passenger’s finances', () => {
  it("posts a payment on account (Dr bank, Cr the client's receivable) into the client's steps", async () => {
    const before = await callData(
      t.app,
      'Client/BookingsTransactions',
      { clientID: w.clientId },
      w.accounts.accessToken,
    );
    const res = await call(
      t.app,
      'Client/AddPaymentTransaction',
      { clientID: w.clientId, amount: 12_500, method: 'bank_transfer', reference: 'BACS 991', date: day(0) },
      w.accounts.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'manualPayment',
      amount: 12_500,
      clientId: w.clientId,
      bookingId: null,
    });
    const lines = await t.db.execute<{ kind: string; amount_minor: string }>(
      sql`select a.kind, l.amount_minor from journal_lines l join ledger_accounts a on a.id = l.account_id
          where l.entry_id = ${res.body.data.journalEntryId} order by a.kind`,
    );
    expect(lines.rows.map((l) => [l.kind, Number(l.amount_minor)])).toEqual([
      ['bank', 12_500],
      ['clientReceivable', -12_500],
    ]);
    const after = await callData(
      t.app,
      'Client/BookingsTransactions',
      { clientID: w.clientId },
      w.accounts.accessToken,
    );
    expect(after.length).toBe(before.length + 1);
    const bad = await call(
      t.app,
      'Client/AddPaymentTransaction',
      { clientID: w.clientId, amount: 0, method: 'gold' as never },
      w.accounts.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['amount', 'method']);
    const theirs = await call(
      t.app,
      'Client/AddPaymentTransaction',
      { clientID: w.clientId, amount: 100, method: 'cash' },
      them.accounts.accessToken,
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors?.[0]?.field).toBe('clientID');
    expect(
      (await call(t.app, 'Client/BookingsTransactions', { clientID: w.clientId }, them.accounts.accessToken)).status,
    ).toBe(404);
    expect(
      (
        await call(
          t.app,
          'Client/AddPaymentTransaction',
          { clientID: w.clientId, amount: 100, method: 'cash' },
          w.dispatcher.accessToken,
        )
      ).status,
    ).toBe(403);
  });

  it('answers the payment types and a passenger’s balance and steps', async () => {
    const types = await callData(t.app, 'Client/GetPaymentType', {}, w.accounts.accessToken);
    expect(types.map((r) => r.code)).toEqual(['cash', 'card', 'bank_transfer', 'cheque', 'account']);
    const info = await callData(
      t.app,
      'Passenger/GetTableSummaryFinancialInfo',
      { passengerID: w.passengerId },
      w.accounts.accessToken,
    );
    expect(info.transactions.some((s) => s.bookingId === cashBooking.id)).toBe(true);
    // The cash booking's passenger paid 150 more than the fare: in credit by that much.
    expect(info.balance).toBe(-cashExtra);
    const theirs = await call(
      t.app,
      'Passenger/GetTableSummaryFinancialInfo',
      { passengerID: w.passengerId },
      them.accounts.accessToken,
    );
    expect(theirs.status).toBe(404);
    const bad = await call(t.app, 'Passenger/GetTableSummaryFinancialInfo', {} as never, w.accounts.accessToken);
    expect(bad.body.errors?.[0]?.field).toBe('passengerID');
  });
});

describe('reconciliation', () => {
  it('balances done bookings against the ledger, then shows a booking changed behind its back', async () => {
    const r = await callData(t.app, 'PaymentTransaction/GetReconciliation', period, w.accounts.accessToken);
    expect(r.balanced).toBe(true);
    expect(r.differences).toEqual([]);
    expect(r.bookingCount).toBeGreaterThanOrEqual(2);
    const b = r.bookings;
    expect(b.priced).toBe(b.card + b.cash + b.manual + b.invoiced + b.owed);
    expect(b.card).toBeGreaterThanOrEqual(cardBooking.priceMinor!);
    expect(b.cash).toBeGreaterThanOrEqual(cashBooking.priceMinor! + cashExtra);
    expect(r.ledger).toMatchObject({ priced: b.priced, card: b.card, cash: b.cash, manual: b.manual });

    await t.db
      .update(bookings)
      .set({ priceMinor: cardBooking.priceMinor! + 1000 })
      .where(eq(bookings.id, cardBooking.id));
    const after = await callData(t.app, 'PaymentTransaction/GetReconciliation', period, w.accounts.accessToken);
    expect(after.balanced).toBe(false);
    expect(after.differences).toHaveLength(1);
    expect(after.differing).toBe(1);
    expect(after.differences[0]).toMatchObject({
      bookingId: cardBooking.id,
      price: cardBooking.priceMinor! + 1000,
      difference: 1000,
      ledger: { earned: cardBooking.priceMinor },
    });
    await t.db.update(bookings).set({ priceMinor: cardBooking.priceMinor }).where(eq(bookings.id, cardBooking.id));

    const theirs = await callData(t.app, 'PaymentTransaction/GetReconciliation', period, them.accounts.accessToken);
    expect(theirs).toMatchObject({ bookingCount: 0, balanced: true });
    const bad = await call(
      t.app,
      'PaymentTransaction/GetReconciliation',
      { fromDate: period.fromDate } as never,
      w.accounts.accessToken,
    );
    expect(bad.body.errors?.[0]?.field).toBe('toDate');
    expect((await call(t.app, 'PaymentTransaction/GetReconciliation', period, w.dispatcher.accessToken)).status).toBe(
      403,
    );
  });

  it('stays exact after any card payments, part refunds, cash collections and manual payments', async () => {
    const world = await bookingWorld(t.app, t.db);
    const made = await createUser(t.db, world.company.id, 'driver');
    const theDriver = { token: (await signIn(t.app, made.email)).accessToken, driverId: made.personId };
    const step = fc.record({
      kind: fc.constantFrom('card', 'refund', 'manual'),
      onCash: fc.boolean(),
      share: fc.integer({ min: 1, max: 100 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 3000 }),
        async (steps, cashTaken) => {
          const card = await priced((await book(t.app, world, { paymentMethod: 'card' })).id);
          const cash = await priced((await book(t.app, world, { paymentMethod: 'cash' })).id);
          for (const s of steps) {
            const target = s.onCash ? cash : card;
            const amount = Math.max(1, Math.floor((target.priceMinor! * s.share) / 100));
            const res =
              s.kind === 'card'
                ? await payByCard(world, target.id, amount)
                : s.kind === 'refund'
                  ? await call(
                      t.app,
                      'PaymentTransaction/RefundPayment',
                      { bookingId: target.id, amount, reason: 'Goodwill' },
                      world.accounts.accessToken,
                    )
                  : await call(
                      t.app,
                      'PaymentTransaction/AddPaymentTransaction',
                      { bookingId: target.id, amount, method: 'bank_transfer' },
                      world.accounts.accessToken,
                    );
            // A step the booking cannot take (nothing left to pay or to refund) is refused in words.
            expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          }
          await complete(world, card.id, theDriver);
          await complete(world, cash.id, theDriver, cashTaken);
          const r = await callData(t.app, 'PaymentTransaction/GetReconciliation', period, world.accounts.accessToken);
          expect(r.differences).toEqual([]);
          expect(r.balanced).toBe(true);
          expect(r.bookings.priced).toBe(
            r.bookings.card + r.bookings.cash + r.bookings.manual + r.bookings.invoiced + r.bookings.owed,
          );
          expect(r.ledger.owed).toBe(r.bookings.owed + r.bookings.invoiced);
          expect(await unbalancedEntries(world.company.id)).toBe(0);
          expect(await figuresAdrift(world.company.id)).toEqual([]);
        },
      ),
      { numRuns: 8 },
    );
  });
});
