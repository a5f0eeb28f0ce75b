import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, invoices } from '../src/domains/invoicing/schema';
import { journalEntries } from '../src/domains/ledger/schema';
import { cardPayments, paymentTransactions } from '../src/domains/payments/schema';
import { call, callData } from './client';
import { bookingWorld, type BookingWorld } from './factories-bookings';
import { issuedInvoice, ledgerBalance } from './factories-issued-invoices';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;

const visa = 'tok_offline_4242424242424242_12_2034';
const invoiceRow = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
});

describe('CreditNote/CreateCreditNote', () => {
  it('makes a draft for some lines (all of one, part of another) with VAT split per line', async () => {
    const inv = await issuedInvoice(t, w, { prices: [12_000, 6_000] });
    const res = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      {
        invoiceId: inv.id,
        reason: 'Waiting time charged twice',
        kind: 'lines',
        lines: [{ invoiceLineId: inv.lineIds[0]! }, { invoiceLineId: inv.lineIds[1]!, amountMinor: 1_200 }],
      },
      w.admin.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'draft',
      creditNo: null,
      settlement: 'reduceInvoice',
      invoiceNo: inv.invoiceNo,
      clientName: 'Acme Ltd',
      netMinor: 11_000,
      vatMinor: 2_200,
      grossMinor: 13_200,
    });
    expect(
      res.body.data.lines.map((l) => [l.invoiceLineId, l.netMinor, l.vatMinor, l.grossMinor, l.vatPercentage]),
    ).toEqual([
      [inv.lineIds[0], 10_000, 2_000, 12_000, 20],
      [inv.lineIds[1], 1_000, 200, 1_200, 20],
    ]);
    // A draft moves no money.
    expect(await invoiceRow(inv.id)).toMatchObject({ creditedMinor: 0, status: 'approved' });
  });

  it('refuses more than is left creditable with a 409 naming the amounts, and bad input by field', async () => {
    const inv = await issuedInvoice(t, w, { prices: [5_000] });
    const over = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'Too much', kind: 'amount', amountMinor: 5_001 },
      w.admin.accessToken,
    );
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ creditableMinor: 5_000, requestedMinor: 5_001 });
    expect(over.body.message).toContain('£50.01');
    expect(over.body.message).toContain('£50.00');
    const noReason = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: ' ' },
      w.admin.accessToken,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]?.field).toBe('reason');
    const badSettlement = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'x', settlement: 'cash' as 'refund' },
      w.admin.accessToken,
    );
    expect(badSettlement.status).toBe(400);
    expect(badSettlement.body.errors?.[0]?.field).toBe('settlement');
    const noAmount = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'x', kind: 'amount' },
      w.admin.accessToken,
    );
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.errors?.[0]?.field).toBe('amountMinor');
    const wrongRate = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'x', kind: 'amount', amountMinor: 100, vatPercentage: 5 },
      w.admin.accessToken,
    );
    expect(wrongRate.status).toBe(400);
    expect(wrongRate.body.errors?.[0]?.field).toBe('vatPercentage');
    const otherLine = await issuedInvoice(t, w, { prices: [1_000] });
    const notItsLine = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'x', kind: 'lines', lines: [{ invoiceLineId: otherLine.lineIds[0]! }] },
      w.admin.accessToken,
    );
    expect(notItsLine.status).toBe(400);
    expect(notItsLine.body.errors?.[0]?.field).toBe('lines.0.invoiceLineId');
    const refundUnpaid = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'x', settlement: 'refund' },
      w.admin.accessToken,
    );
    expect(refundUnpaid.status).toBe(409);
    const foreign = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'x' },
      them.admin.accessToken,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('issuing a credit note', () => {
  it('reduceInvoice in full: numbered, posted, the invoice cancelled; then final', async () => {
    const inv = await issuedInvoice(t, w, { prices: [12_000] });
    const revenue = await ledgerBalance(t, w.company.id, 'revenue');
    const vat = await ledgerBalance(t, w.company.id, 'vatPayable');
    const receivable = await ledgerBalance(t, w.company.id, 'clientReceivable', w.clientId);
    const draft = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'Wrong client' },
      w.admin.accessToken,
    );
    const issued = await call(t.app, 'CreditNote/UpdateCreditNote', { id: draft.id, issue: true }, w.admin.accessToken);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.data).toMatchObject({ status: 'issued', grossMinor: 12_000 });
    expect(issued.body.data.creditNo).toMatch(new RegExp(`^CN-${year}-\\d{5}$`));
    expect(await invoiceRow(inv.id)).toMatchObject({ creditedMinor: 12_000, status: 'cancelled' });
    expect(await ledgerBalance(t, w.company.id, 'revenue')).toBe(revenue + 10_000);
    expect(await ledgerBalance(t, w.company.id, 'vatPayable')).toBe(vat + 2_000);
    expect(await ledgerBalance(t, w.company.id, 'clientReceivable', w.clientId)).toBe(receivable - 12_000);
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.companyId, w.company.id),
          eq(journalEntries.idempotencyKey, `creditNote:${draft.id}:issued`),
        ),
      );
    expect(entry!.kind).toBe('creditNoteIssued');

    const change = await call(
      t.app,
      'CreditNote/UpdateCreditNote',
      { id: draft.id, reason: 'Another' },
      w.admin.accessToken,
    );
    expect(change.status).toBe(409);
    expect(change.body.currentStatus).toBe('issued');
    const del = await call(t.app, 'CreditNote/DeleteCreditCard', { id: draft.id }, w.admin.accessToken);
    expect(del.status).toBe(409);
    const more = await call(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'x', kind: 'amount', amountMinor: 1 },
      w.admin.accessToken,
    );
    expect(more.status).toBe(409);
  });

  it('numbers notes one after another without gaps; a failed issue gives its number back', async () => {
    const inv = await issuedInvoice(t, w, { prices: [3_000] });
    const a = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'a', kind: 'amount', amountMinor: 1_000 },
      w.admin.accessToken,
    );
    const b = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'b', kind: 'amount', amountMinor: 1_500 },
      w.admin.accessToken,
    );
    const c = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'c', kind: 'amount', amountMinor: 1_000 },
      w.admin.accessToken,
    );
    const first = await callData(t.app, 'CreditNote/UpdateCreditNote', { id: a.id, issue: true }, w.admin.accessToken);
    const second = await callData(t.app, 'CreditNote/UpdateCreditNote', { id: b.id, issue: true }, w.admin.accessToken);
    // Only 500 is left creditable now: the third draft is refused at issue, and its number is not used.
    const third = await call(t.app, 'CreditNote/UpdateCreditNote', { id: c.id, issue: true }, w.admin.accessToken);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ creditableMinor: 500, requestedMinor: 1_000 });
    const n = (no: string | null) => Number(no!.slice(-5));
    expect(n(second.creditNo)).toBe(n(first.creditNo) + 1);
    const fixed = await callData(
      t.app,
      'CreditNote/UpdateCreditNote',
      { id: c.id, amountMinor: 500, issue: true },
      w.admin.accessToken,
    );
    expect(n(fixed.creditNo)).toBe(n(second.creditNo) + 1);
    expect(fixed.grossMinor).toBe(500);
    expect(await invoiceRow(inv.id)).toMatchObject({ creditedMinor: 3_000, status: 'cancelled' });
  });

  it('clientCredit leaves the invoice as it is and the client in credit, which pays another invoice', async () => {
    const [cl] = await t.db
      .execute<{ id: number }>(
        sql`insert into clients (company_id, name) values (${w.company.id}, 'Credit Ltd') returning id`,
      )
      .then((r) => r.rows);
    const inv = await issuedInvoice(t, w, { prices: [4_000], clientId: cl!.id });
    const next = await issuedInvoice(t, w, { prices: [2_000], clientId: cl!.id });
    await callData(
      t.app,
      'Client/ClientPayment',
      {
        clientID: cl!.id,
        amount: 4_000,
        method: 'bank_transfer',
        allocations: [{ invoiceId: inv.id, amountMinor: 4_000 }],
      },
      w.admin.accessToken,
    );
    const draft = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'Goodwill', settlement: 'clientCredit', kind: 'amount', amountMinor: 1_200 },
      w.admin.accessToken,
    );
    const note = await callData(
      t.app,
      'CreditNote/UpdateCreditNote',
      { id: draft.id, issue: true },
      w.admin.accessToken,
    );
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', creditedMinor: 0, paidMinor: 4_000 });
    const due = await callData(t.app, 'Client/InvoiceDeAmount', { clientID: cl!.id }, w.admin.accessToken);
    expect(due).toMatchObject({ totalDueMinor: 2_000, creditMinor: 1_200, balanceMinor: 800 });
    expect(due.credits).toEqual([
      expect.objectContaining({ source: 'creditNote', creditNoteId: note.id, restMinor: 1_200 }),
    ]);
    const used = await callData(
      t.app,
      'Client/AddInvoicePaymentTransaction',
      { invoiceId: next.id, creditNoteId: note.id },
      w.admin.accessToken,
    );
    expect(used).toMatchObject({ source: 'creditNote', amountMinor: 1_200, creditNo: note.creditNo, method: 'credit' });
    expect(await invoiceRow(next.id)).toMatchObject({ status: 'part_paid', paidMinor: 1_200 });
    const draftNote = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: next.id, reason: 'd', settlement: 'clientCredit', kind: 'amount', amountMinor: 10 },
      w.admin.accessToken,
    );
    const notIssued = await call(
      t.app,
      'Client/AddInvoicePaymentTransaction',
      { invoiceId: next.id, creditNoteId: draftNote.id },
      w.admin.accessToken,
    );
    expect(notIssued.status).toBe(409);
  });

  it('refund of an invoice paid by card goes back through the provider; paid by bank, by bank', async () => {
    const inv = await issuedInvoice(t, w, { prices: [6_000] });
    await callData(
      t.app,
      'PaymentTransaction/InvoiceCheckoutPaymentTransaction',
      { invoiceId: inv.id, token: visa },
      w.admin.accessToken,
    );
    const clearing = await ledgerBalance(t, w.company.id, 'cardClearing');
    const receivable = await ledgerBalance(t, w.company.id, 'clientReceivable', w.clientId);
    const draft = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      {
        invoiceId: inv.id,
        reason: 'Job not done',
        settlement: 'refund',
        kind: 'lines',
        lines: [{ invoiceLineId: inv.lineIds[0]!, amountMinor: 2_400 }],
      },
      w.admin.accessToken,
    );
    const note = await callData(
      t.app,
      'CreditNote/UpdateCreditNote',
      { id: draft.id, issue: true },
      w.admin.accessToken,
    );
    expect(note.refundMethod).toBe('card');
    expect(await ledgerBalance(t, w.company.id, 'cardClearing')).toBe(clearing - 2_400);
    expect(await ledgerBalance(t, w.company.id, 'clientReceivable', w.clientId)).toBe(receivable);
    const [card] = await t.db
      .select()
      .from(cardPayments)
      .where(
        and(
          eq(cardPayments.companyId, w.company.id),
          sql`${cardPayments.idempotencyKey} like ${`c${w.company.id}:invoice:${inv.id}:%`}`,
        ),
      );
    expect(card).toMatchObject({ capturedMinor: 6_000, refundedMinor: 2_400 });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paidMinor: 6_000, creditedMinor: 0 });

    const byBank = await issuedInvoice(t, w, { prices: [3_000] });
    await callData(
      t.app,
      'Client/ClientPayment',
      {
        clientID: w.clientId,
        amount: 3_000,
        method: 'cheque',
        allocations: [{ invoiceId: byBank.id, amountMinor: 3_000 }],
      },
      w.admin.accessToken,
    );
    const bank = await ledgerBalance(t, w.company.id, 'bank');
    const d2 = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: byBank.id, reason: 'Overcharged', settlement: 'refund', kind: 'amount', amountMinor: 600 },
      w.admin.accessToken,
    );
    const n2 = await callData(t.app, 'CreditNote/UpdateCreditNote', { id: d2.id, issue: true }, w.admin.accessToken);
    expect(n2.refundMethod).toBe('bank_transfer');
    expect(await ledgerBalance(t, w.company.id, 'bank')).toBe(bank - 600);
    const [refund] = await t.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.companyId, w.company.id), eq(paymentTransactions.reference, n2.creditNo!)));
    expect(refund).toMatchObject({ kind: 'refund', method: 'bank_transfer', amountMinor: -600 });
  });
});

describe('draft credit notes: change, delete, lists', () => {
  it('changes a draft’s content and settlement, deletes a draft, lists with filters', async () => {
    const inv = await issuedInvoice(t, w, { prices: [8_000] });
    const draft = await callData(
      t.app,
      'CreditNote/CreateCreditNote',
      { invoiceId: inv.id, reason: 'First' },
      w.admin.accessToken,
    );
    expect(draft.grossMinor).toBe(8_000);
    const changed = await callData(
      t.app,
      'CreditNote/UpdateCreditNote',
      { id: draft.id, kind: 'amount', amountMinor: 1_000, reason: 'Second', settlement: 'clientCredit' },
      w.admin.accessToken,
    );
    expect(changed).toMatchObject({
      grossMinor: 1_000,
      netMinor: 833,
      vatMinor: 167,
      reason: 'Second',
      settlement: 'clientCredit',
      status: 'draft',
    });
    expect(changed.lines).toHaveLength(1);
    const list = await call(
      t.app,
      'CreditNote/GetTableSummaryCreditNote',
      { invoiceId: inv.id, status: 'draft' },
      w.admin.accessToken,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((r) => r.id)).toEqual([draft.id]);
    const byQ = await call(t.app, 'CreditNote/GetTableSummaryCreditNote', { q: inv.invoiceNo }, w.admin.accessToken);
    expect(byQ.body.data.map((r) => r.id)).toContain(draft.id);
    const badSort = await call(
      t.app,
      'CreditNote/GetTableSummaryCreditNote',
      { sortColumn: 'secret' as 'status' },
      w.admin.accessToken,
    );
    expect(badSort.status).toBe(400);
    const ofInvoice = await callData(t.app, 'CreditNote/AllCreditNotes', { invoiceId: inv.id }, w.admin.accessToken);
    expect(ofInvoice.map((r) => r.id)).toEqual([draft.id]);
    const ofClient = await callData(t.app, 'CreditNote/AllCreditNotes', { clientID: w.clientId }, w.admin.accessToken);
    expect(ofClient.map((r) => r.id)).toContain(draft.id);
    const neither = await call(t.app, 'CreditNote/AllCreditNotes', {}, w.admin.accessToken);
    expect(neither.status).toBe(400);
    const foreignList = await call(t.app, 'CreditNote/AllCreditNotes', { invoiceId: inv.id }, them.admin.accessToken);
    expect(foreignList.status).toBe(404);
    const theirs = await call(
      t.app,
      'CreditNote/GetTableSummaryCreditNote',
      { invoiceId: inv.id },
      them.admin.accessToken,
    );
    expect(theirs.body.count).toBe(0);

    const foreignDelete = await call(t.app, 'CreditNote/DeleteCreditCard', { id: draft.id }, them.admin.accessToken);
    expect(foreignDelete.status).toBe(404);
    const del = await call(t.app, 'CreditNote/DeleteCreditCard', { id: draft.id }, w.admin.accessToken);
    expect(del.status).toBe(200);
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.id, draft.id))).toEqual([]);
    const gone = await call(t.app, 'CreditNote/UpdateCreditNote', { id: draft.id, reason: 'x' }, w.admin.accessToken);
    expect(gone.status).toBe(404);
  });
});
