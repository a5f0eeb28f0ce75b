import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { invoices } from '../src/domains/invoicing/schema';
import { outboxMessages } from '../src/domains/notifications/schema';
import { paymentTransactions } from '../src/domains/payments/schema';
import { call, callData } from './client';
import { bookingWorld, type BookingWorld } from './factories-bookings';
import { issuedInvoice, ledgerBalance } from './factories-issued-invoices';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;

const visa = 'tok_offline_4242424242424242_12_2034';
const declined = 'tok_offline_4000000000000002_12_2034';

const invoiceRow = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const paymentsOf = async (clientId: number) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.companyId, w.company.id), eq(paymentTransactions.clientId, clientId)))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
});

describe('Client/ClientPayment', () => {
  it('records a bank transfer, allocates it to two invoices and keeps the rest as client credit', async () => {
    const a = await issuedInvoice(t, w, { prices: [12_000, 6_000], clientId: w.otherClientId });
    const b = await issuedInvoice(t, w, { prices: [5_000], clientId: w.otherClientId });
    const bankBefore = await ledgerBalance(t, w.company.id, 'bank');
    const recBefore = await ledgerBalance(t, w.company.id, 'clientReceivable', w.otherClientId);
    expect(recBefore).toBe(23_000);
    const res = await call(
      t.app,
      'Client/ClientPayment',
      {
        clientID: w.otherClientId,
        amount: 20_000,
        method: 'bank_transfer',
        reference: 'BACS 991',
        allocations: [
          { invoiceId: a.id, amountMinor: 14_000 },
          { invoiceId: b.id, amountMinor: 5_000 },
        ],
      },
      w.admin.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      amountMinor: 20_000,
      allocatedMinor: 19_000,
      creditMinor: 1_000,
      method: 'bank_transfer',
    });
    expect(res.body.data.allocations.map((x) => [x.invoiceId, x.amountMinor, x.reference])).toEqual([
      [a.id, 14_000, 'BACS 991'],
      [b.id, 5_000, 'BACS 991'],
    ]);
    expect(res.body.message).toContain('client credit');
    expect(await invoiceRow(a.id)).toMatchObject({ paidMinor: 14_000, status: 'part_paid' });
    expect(await invoiceRow(b.id)).toMatchObject({ paidMinor: 5_000, status: 'paid' });
    expect((await invoiceRow(b.id)).paidAt).not.toBeNull();
    const [job] = await t.db.select().from(bookings).where(eq(bookings.id, b.bookingIds[0]!));
    expect(job!.paymentStatus).toBe('paid');
    const [openJob] = await t.db.select().from(bookings).where(eq(bookings.id, a.bookingIds[0]!));
    expect(openJob!.paymentStatus).toBe('invoiced');
    expect(await ledgerBalance(t, w.company.id, 'bank')).toBe(bankBefore + 20_000);
    expect(await ledgerBalance(t, w.company.id, 'clientReceivable', w.otherClientId)).toBe(3_000);

    const due = await callData(t.app, 'Client/InvoiceDeAmount', { clientID: w.otherClientId }, w.admin.accessToken);
    expect(due.totalDueMinor).toBe(4_000);
    expect(due.creditMinor).toBe(1_000);
    expect(due.balanceMinor).toBe(3_000);
    expect(due.invoices.map((i) => [i.invoiceId, i.leftToPayMinor])).toEqual([[a.id, 4_000]]);
  });

  it('refuses allocations above the amount (400 naming allocations) and above an invoice’s rest (409): nothing is kept', async () => {
    const inv = await issuedInvoice(t, w, { prices: [3_000] });
    const before = await paymentsOf(w.clientId);
    const over = await call(
      t.app,
      'Client/ClientPayment',
      {
        clientID: w.clientId,
        amount: 1_000,
        method: 'cheque',
        allocations: [{ invoiceId: inv.id, amountMinor: 2_000 }],
      },
      w.admin.accessToken,
    );
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.field).toBe('allocations');
    expect(over.body.message).toContain('£20.00');
    const rest = await call(
      t.app,
      'Client/ClientPayment',
      {
        clientID: w.clientId,
        amount: 5_000,
        method: 'cheque',
        allocations: [{ invoiceId: inv.id, amountMinor: 4_000 }],
      },
      w.admin.accessToken,
    );
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({
      leftToPayMinor: 3_000,
      requestedMinor: 4_000,
      field: 'allocations.0.amountMinor',
    });
    expect(rest.body.message).toContain('£30.00');
    expect(await paymentsOf(w.clientId)).toBe(before);
    expect(await invoiceRow(inv.id)).toMatchObject({ paidMinor: 0, status: 'approved' });
  });

  it('refuses bad input by field, another client’s invoice, and another company’s client or invoice', async () => {
    const inv = await issuedInvoice(t, w, { prices: [3_000] });
    const bad = await call(
      t.app,
      'Client/ClientPayment',
      { clientID: w.clientId, amount: 0, method: 'bitcoin' as 'cash' },
      w.admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['amount', 'method']);
    const twice = await call(
      t.app,
      'Client/ClientPayment',
      {
        clientID: w.clientId,
        amount: 2_000,
        method: 'cash',
        allocations: [
          { invoiceId: inv.id, amountMinor: 1_000 },
          { invoiceId: inv.id, amountMinor: 1_000 },
        ],
      },
      w.admin.accessToken,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.[0]?.field).toBe('allocations.1.invoiceId');
    const notTheirs = await call(
      t.app,
      'Client/ClientPayment',
      {
        clientID: w.otherClientId,
        amount: 1_000,
        method: 'cash',
        allocations: [{ invoiceId: inv.id, amountMinor: 1_000 }],
      },
      w.admin.accessToken,
    );
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.errors?.[0]?.field).toBe('allocations.0.invoiceId');
    const theirInvoice = await issuedInvoice(t, them, { prices: [1_000] });
    const foreign = await call(
      t.app,
      'Client/ClientPayment',
      {
        clientID: w.clientId,
        amount: 1_000,
        method: 'cash',
        allocations: [{ invoiceId: theirInvoice.id, amountMinor: 500 }],
      },
      w.admin.accessToken,
    );
    expect(foreign.status).toBe(404);
    const foreignClient = await call(
      t.app,
      'Client/ClientPayment',
      { clientID: them.clientId, amount: 1_000, method: 'cash' },
      w.admin.accessToken,
    );
    expect(foreignClient.status).toBe(404);
  });

  it('charges the client’s card on file and allocates the charge', async () => {
    const inv = await issuedInvoice(t, w, { prices: [4_400] });
    await callData(t.app, 'Client/CreateCard', { clientID: w.clientId, token: visa }, w.admin.accessToken);
    const clearing = await ledgerBalance(t, w.company.id, 'cardClearing');
    const res = await callData(
      t.app,
      'Client/ClientPayment',
      { clientID: w.clientId, amount: 4_400, method: 'card', allocations: [{ invoiceId: inv.id, amountMinor: 4_400 }] },
      w.admin.accessToken,
    );
    expect(res).toMatchObject({ method: 'card', allocatedMinor: 4_400, creditMinor: 0 });
    expect(res.allocations[0]!.method).toBe('card');
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paidMinor: 4_400 });
    expect(await ledgerBalance(t, w.company.id, 'cardClearing')).toBe(clearing + 4_400);
  });
});

describe('an invoice’s payments', () => {
  it('applies an earlier payment’s rest with AddInvoicePaymentTransaction, never more than the rest', async () => {
    const inv = await issuedInvoice(t, w, { prices: [2_500] });
    const pay = await callData(
      t.app,
      'Client/ClientPayment',
      { clientID: w.clientId, amount: 1_500, method: 'bank_transfer', reference: 'ON ACCOUNT' },
      w.admin.accessToken,
    );
    expect(pay.creditMinor).toBe(1_500);
    const over = await call(
      t.app,
      'Client/AddInvoicePaymentTransaction',
      { invoiceId: inv.id, paymentTransactionId: pay.paymentTransactionId, amountMinor: 2_000 },
      w.admin.accessToken,
    );
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ restMinor: 1_500, requestedMinor: 2_000 });
    const ok = await callData(
      t.app,
      'Client/AddInvoicePaymentTransaction',
      { invoiceId: inv.id, paymentTransactionId: pay.paymentTransactionId },
      w.admin.accessToken,
    );
    expect(ok).toMatchObject({ invoiceId: inv.id, amountMinor: 1_500, source: 'payment', method: 'bank_transfer' });
    const used = await call(
      t.app,
      'Client/AddInvoicePaymentTransaction',
      { invoiceId: inv.id, paymentTransactionId: pay.paymentTransactionId },
      w.admin.accessToken,
    );
    expect(used.status).toBe(409);
    const neither = await call(
      t.app,
      'Client/AddInvoicePaymentTransaction',
      { invoiceId: inv.id },
      w.admin.accessToken,
    );
    expect(neither.status).toBe(400);
    expect(neither.body.errors?.[0]?.field).toBe('paymentTransactionId');
    const foreign = await call(
      t.app,
      'Client/AddInvoicePaymentTransaction',
      { invoiceId: inv.id, paymentTransactionId: pay.paymentTransactionId },
      them.admin.accessToken,
    );
    expect(foreign.status).toBe(404);

    const status = await callData(
      t.app,
      'BookingInvoice/CheckInvoicePaymentStatus',
      { invoiceId: inv.id },
      w.admin.accessToken,
    );
    expect(status).toMatchObject({
      grossMinor: 2_500,
      paidMinor: 1_500,
      creditedMinor: 0,
      leftToPayMinor: 1_000,
      status: 'part_paid',
    });
    expect(status.payments).toHaveLength(1);
    const data = await callData(t.app, 'Client/GetInvoiceData', { invoiceId: inv.id }, w.admin.accessToken);
    expect(data.lines.count).toBe(1);
    expect(data.lines.vatRows).toEqual([{ vatPercentage: 20, netMinor: 2_083, vatMinor: 417, grossMinor: 2_500 }]);
    expect(data).toMatchObject({ leftToPayMinor: 1_000, creditableMinor: 2_500, invoiceNo: inv.invoiceNo });
    const all = await call(t.app, 'Client/AllPaymentsInvoice', { invoiceId: inv.id }, w.admin.accessToken);
    expect(all.body).toMatchObject({ count: 1, total: 1 });
    const missing = await call(t.app, 'Client/AllPaymentsInvoice', { invoiceId: 999_999 }, w.admin.accessToken);
    expect(missing.status).toBe(404);
    const badStatus = await call(
      t.app,
      'BookingInvoice/CheckInvoicePaymentStatus',
      { invoiceId: 'x' as unknown as number },
      w.admin.accessToken,
    );
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors?.[0]?.field).toBe('invoiceId');
  });

  it('lists a client’s invoice payments paged, newest first', async () => {
    const list = await call(
      t.app,
      'Client/InvoiceTransactions',
      { clientID: w.otherClientId, perPage: 1 },
      w.admin.accessToken,
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.total).toBe(2);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]!.amountMinor).toBe(5_000);
    const foreign = await call(
      t.app,
      'Client/InvoiceTransactions',
      { clientID: w.otherClientId },
      them.admin.accessToken,
    );
    expect(foreign.status).toBe(404);
  });

  it('BookingSettle recomputes the invoice from its allocations and marks its jobs paid, once', async () => {
    const inv = await issuedInvoice(t, w, { prices: [1_000, 2_000] });
    await callData(
      t.app,
      'Client/ClientPayment',
      { clientID: w.clientId, amount: 3_000, method: 'cash', allocations: [{ invoiceId: inv.id, amountMinor: 3_000 }] },
      w.admin.accessToken,
    );
    // A job's status set back by hand is put right by settling again.
    await t.db.update(bookings).set({ paymentStatus: 'invoiced' }).where(eq(bookings.id, inv.bookingIds[1]!));
    const settled = await call(t.app, 'BookingInvoice/BookingSettle', { invoiceId: inv.id }, w.admin.accessToken);
    expect(settled.status).toBe(200);
    expect(settled.body.data).toMatchObject({
      status: 'paid',
      paidMinor: 3_000,
      leftToPayMinor: 0,
      bookingsPaid: 1,
      bookingIds: inv.bookingIds,
    });
    const again = await callData(t.app, 'BookingInvoice/BookingSettle', { invoiceId: inv.id }, w.admin.accessToken);
    expect(again.bookingsPaid).toBe(0);
    const foreign = await call(t.app, 'BookingInvoice/BookingSettle', { invoiceId: inv.id }, them.admin.accessToken);
    expect(foreign.status).toBe(404);
  });
});

describe('paying an invoice by card', () => {
  it('starts a card payment (client secret) and confirms it with the card form: recorded and allocated', async () => {
    const inv = await issuedInvoice(t, w, { prices: [7_700] });
    const start = await callData(
      t.app,
      'PaymentTransaction/InvoiceClientSecret',
      { invoiceId: inv.id },
      w.admin.accessToken,
    );
    expect(start).toMatchObject({ invoiceId: inv.id, amountMinor: 7_700, currency: 'GBP', provider: 'offline' });
    expect(start.clientSecret.length).toBeGreaterThan(8);
    const clearing = await ledgerBalance(t, w.company.id, 'cardClearing');
    const paid = await call(
      t.app,
      'PaymentTransaction/InvoiceCheckoutPaymentTransaction',
      { invoiceId: inv.id, cardPaymentId: start.cardPaymentId, token: visa },
      w.admin.accessToken,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({
      status: 'succeeded',
      amountMinor: 7_700,
      allocatedMinor: 7_700,
      invoiceStatus: 'paid',
      leftToPayMinor: 0,
    });
    expect(await ledgerBalance(t, w.company.id, 'cardClearing')).toBe(clearing + 7_700);
    const again = await call(
      t.app,
      'PaymentTransaction/InvoiceCheckoutPaymentTransaction',
      { invoiceId: inv.id, token: visa },
      w.admin.accessToken,
    );
    expect(again.status).toBe(409);
  });

  it('a declined card is 402 in words and leaves the invoice unpaid', async () => {
    const inv = await issuedInvoice(t, w, { prices: [1_200] });
    const res = await call(
      t.app,
      'PaymentTransaction/InvoiceCheckoutPaymentTransaction',
      { invoiceId: inv.id, token: declined },
      w.admin.accessToken,
    );
    expect(res.status).toBe(402);
    expect(res.body.message).toContain('declined');
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'approved', paidMinor: 0 });
    const tooMuch = await call(
      t.app,
      'PaymentTransaction/InvoiceClientSecret',
      { invoiceId: inv.id, amountMinor: 1_201 },
      w.admin.accessToken,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors?.[0]?.field).toBe('amountMinor');
  });

  it('mails a payment link for the rest; paying it allocates the payment to the invoice', async () => {
    const inv = await issuedInvoice(t, w, { prices: [9_900] });
    await callData(
      t.app,
      'Client/ClientPayment',
      { clientID: w.clientId, amount: 900, method: 'cash', allocations: [{ invoiceId: inv.id, amountMinor: 900 }] },
      w.admin.accessToken,
    );
    const sent = await callData(
      t.app,
      'Booking/SendEmailPaymentLinkInvoice',
      { invoiceId: inv.id, email: 'pay@acme.test' },
      w.admin.accessToken,
    );
    expect(sent).toMatchObject({ invoiceId: inv.id, amount: 9_000, email: 'pay@acme.test' });
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.companyId, w.company.id), eq(outboxMessages.recipient, 'pay@acme.test')));
    expect(mail!.subject).toContain(inv.invoiceNo);
    const token = new URL(sent.url).hash.replace('#token=', '');
    const page = await callData(t.app, 'PaymentTransaction/TestClientSecret', { token }, undefined);
    expect(page).toMatchObject({ state: 'valid', amount: 9_000, invoiceNo: inv.invoiceNo });
    const checkout = await call(t.app, 'PaymentTransaction/CheckoutPayment', { token, cardToken: visa }, undefined);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paidMinor: 9_900 });
    const twice = await call(t.app, 'PaymentTransaction/CheckoutPayment', { token, cardToken: visa }, undefined);
    expect(twice.status).toBe(410);
  });

  it('answers the addresses an invoice of a booking’s client goes to', async () => {
    const inv = await issuedInvoice(t, w, { prices: [1_000] });
    await t.db.execute(
      sql`update clients set email = 'accounts@acme.test', contact_name = 'Ann Counts' where id = ${w.clientId}`,
    );
    const res = await callData(
      t.app,
      'Booking/GetInvoiceEmailAddresses',
      { bookingId: inv.bookingIds[0]! },
      w.admin.accessToken,
    );
    expect(res).toEqual({
      clientId: w.clientId,
      clientName: 'Acme Ltd',
      addresses: [{ email: 'accounts@acme.test', name: 'Ann Counts', source: 'billedClient' }],
    });
    const none = await call(t.app, 'Booking/GetInvoiceEmailAddresses', {}, w.admin.accessToken);
    expect(none.status).toBe(400);
    const foreign = await call(
      t.app,
      'Booking/GetInvoiceEmailAddresses',
      { bookingId: inv.bookingIds[0]! },
      them.admin.accessToken,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('the client statement', () => {
  it('lists invoices, payments and credits with a running balance equal to the ledger, and ages what is due', async () => {
    const [c] = await t.db
      .execute<{ id: number }>(
        sql`insert into clients (company_id, name) values (${them.company.id}, 'Statement Ltd') returning id`,
      )
      .then((r) => r.rows);
    const old = await issuedInvoice(t, them, { prices: [10_000], clientId: c!.id, issuedDaysAgo: 75, termsDays: 30 });
    const recent = await issuedInvoice(t, them, { prices: [6_000], clientId: c!.id, issuedDaysAgo: 0, termsDays: 30 });
    await callData(
      t.app,
      'Client/ClientPayment',
      {
        clientID: c!.id,
        amount: 4_000,
        method: 'bank_transfer',
        allocations: [{ invoiceId: old.id, amountMinor: 4_000 }],
      },
      them.admin.accessToken,
    );
    const due = await callData(t.app, 'Client/InvoiceDeAmount', { clientID: c!.id }, them.admin.accessToken);
    expect(due.ageing).toEqual({
      notDueMinor: 6_000,
      days0to30Minor: 0,
      days31to60Minor: 6_000,
      days61to90Minor: 0,
      days90plusMinor: 0,
    });
    expect(due.invoices.map((i) => [i.invoiceId, i.leftToPayMinor, i.daysOverdue])).toEqual([
      [old.id, 6_000, 45],
      [recent.id, 6_000, 0],
    ]);
    expect(due.balanceMinor).toBe(12_000);
    expect(due.statement.entries.map((e) => [e.kind, e.debitMinor, e.creditMinor, e.balanceMinor])).toEqual([
      ['invoice', 10_000, 0, 10_000],
      ['invoice', 6_000, 0, 16_000],
      ['payment', 0, 4_000, 12_000],
    ]);
    expect(due.statement.entries[0]!.invoiceId).toBe(old.id);
    expect(due.statement.closingBalanceMinor).toBe(due.balanceMinor);
    const later = await callData(
      t.app,
      'Client/InvoiceDeAmount',
      { clientID: c!.id, fromDate: '2999-01-01' },
      them.admin.accessToken,
    );
    expect(later.statement).toMatchObject({ openingBalanceMinor: 12_000, closingBalanceMinor: 12_000, entries: [] });
    const backwards = await call(
      t.app,
      'Client/InvoiceDeAmount',
      { clientID: c!.id, fromDate: '2026-02-01', toDate: '2026-01-01' },
      them.admin.accessToken,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]?.field).toBe('toDate');
    const foreign = await call(t.app, 'Client/InvoiceDeAmount', { clientID: c!.id }, w.admin.accessToken);
    expect(foreign.status).toBe(404);
  });
});

describe('any sequence of payments and credit notes', () => {
  it('keeps every entry at zero, paid + credited ≤ gross, and the statement equal to the receivable', async () => {
    const op = fc.oneof(
      fc.record({
        t: fc.constant('pay' as const),
        inv: fc.nat(2),
        amount: fc.integer({ min: 1, max: 9_000 }),
        part: fc.integer({ min: 0, max: 100 }),
      }),
      fc.record({
        t: fc.constant('credit' as const),
        inv: fc.nat(2),
        amount: fc.integer({ min: 1, max: 6_000 }),
        s: fc.constantFrom('reduceInvoice' as const, 'clientCredit' as const, 'refund' as const),
      }),
      fc.record({ t: fc.constant('useCredit' as const), inv: fc.nat(2) }),
    );
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 7 }), async (ops) => {
        round += 1;
        const [c] = await t.db
          .execute<{ id: number }>(
            sql`insert into clients (company_id, name) values (${w.company.id}, ${`Prop ${round}`}) returning id`,
          )
          .then((r) => r.rows);
        const clientId = c!.id;
        const invs = [
          await issuedInvoice(t, w, { prices: [5_000], clientId }),
          await issuedInvoice(t, w, { prices: [3_000, 2_000], clientId }),
          await issuedInvoice(t, w, { prices: [7_000], clientId, vatRateBp: 0 }),
        ];
        for (const o of ops) {
          const inv = invs[o.inv]!;
          if (o.t === 'pay') {
            const row = await invoiceRow(inv.id);
            const left = row.grossMinor - row.paidMinor - row.creditedMinor;
            const alloc = Math.min(left, Math.floor((o.amount * o.part) / 100));
            const res = await call(
              t.app,
              'Client/ClientPayment',
              {
                clientID: clientId,
                amount: o.amount,
                method: 'bank_transfer',
                allocations: alloc > 0 ? [{ invoiceId: inv.id, amountMinor: alloc }] : [],
              },
              w.admin.accessToken,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          } else if (o.t === 'credit') {
            const made = await call(
              t.app,
              'CreditNote/CreateCreditNote',
              {
                invoiceId: inv.id,
                reason: 'property',
                settlement: o.s,
                kind: 'amount',
                amountMinor: o.amount,
                vatPercentage: o.inv === 2 ? 0 : 20,
              },
              w.admin.accessToken,
            );
            expect([200, 409]).toContain(made.status);
            if (made.status === 200) {
              const issued = await call(
                t.app,
                'CreditNote/UpdateCreditNote',
                { id: made.body.data.id, issue: true },
                w.admin.accessToken,
              );
              expect(issued.status, JSON.stringify(issued.body)).toBe(200);
            }
          } else {
            const data = await callData(t.app, 'Client/GetInvoiceData', { invoiceId: inv.id }, w.admin.accessToken);
            const source = data.credits[0];
            if (source && data.leftToPayMinor > 0) {
              const res = await call(
                t.app,
                'Client/AddInvoicePaymentTransaction',
                {
                  invoiceId: inv.id,
                  paymentTransactionId: source.paymentTransactionId ?? 0,
                  creditNoteId: source.creditNoteId ?? 0,
                },
                w.admin.accessToken,
              );
              expect(res.status, JSON.stringify(res.body)).toBe(200);
            }
          }
        }
        const unbalanced = await t.db.execute<{ n: number }>(sql`
          select count(*)::int as n from (select entry_id from journal_lines where company_id = ${w.company.id}
          group by entry_id having sum(amount_minor) <> 0) x`);
        expect(unbalanced.rows[0]!.n).toBe(0);
        for (const inv of invs) {
          const row = await invoiceRow(inv.id);
          expect(row.paidMinor + row.creditedMinor).toBeLessThanOrEqual(row.grossMinor);
          const alloc = await t.db.execute<{ s: string }>(
            sql`select coalesce(sum(amount_minor), 0) as s from invoice_allocations where invoice_id = ${inv.id}`,
          );
          expect(row.paidMinor).toBe(Number(alloc.rows[0]!.s));
        }
        const due = await callData(t.app, 'Client/InvoiceDeAmount', { clientID: clientId }, w.admin.accessToken);
        const receivable = await ledgerBalance(t, w.company.id, 'clientReceivable', clientId);
        expect(due.balanceMinor).toBe(receivable);
        expect(due.statement.closingBalanceMinor).toBe(receivable);
        expect(due.totalDueMinor - due.creditMinor).toBe(receivable);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
