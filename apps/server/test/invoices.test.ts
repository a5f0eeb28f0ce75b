import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceLines, invoices } from '../src/domains/invoicing/schema';
import { lineMoney } from '../src/domains/invoicing/totals';
import { call, callData } from './client';
import {
  balance,
  bookingPaymentStatus,
  day,
  doneAccountJobs,
  invoiceWorld,
  jobsPeriod,
  ledgerFaults,
  type InvoiceWorld,
} from './factories-invoices';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: InvoiceWorld;
let them: InvoiceWorld;
let token = '';
let jobs: { id: number; priceMinor: number }[] = [];
let unvalidated: { id: number; priceMinor: number }[] = [];
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t);
  them = await invoiceWorld(t);
  token = w.accounts.accessToken;
  jobs = await doneAccountJobs(t, w, w.clientId, 4);
  unvalidated = await doneAccountJobs(t, w, w.clientId, 1, { validated: false });
}, 120_000);

describe('a done account job in the ledger', () => {
  it('waits on the client’s unbilled account until it is invoiced', async () => {
    const sum = [...jobs, ...unvalidated].reduce((s, j) => s + j.priceMinor, 0);
    expect(await balance(t, w.company.id, 'clientUnbilled', w.clientId)).toBe(sum);
    expect(await balance(t, w.company.id, 'clientReceivable', w.clientId)).toBe(0);
  });
});

describe('jobs to invoice', () => {
  it('lists each client with its validated, uninvoiced account jobs', async () => {
    const res = await call(t.app, 'BookingInvoice/GetTableSummaryBookingInvoice', { ...jobsPeriod }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        clientId: w.clientId,
        clientName: 'Acme Ltd',
        jobs: 4,
        grossMinor: jobs.reduce((s, j) => s + j.priceMinor, 0),
        invoicePeriod: 'monthly',
        invoiceSplit: 'single',
      }),
    ]);
    const none = await callData(t.app, 'BookingInvoice/GetTableSummaryBookingInvoice', { q: 'nobody' }, token);
    expect(none).toEqual([]);
  });

  it("lists a client's billable jobs with their route and reference", async () => {
    const res = await call(
      t.app,
      'BookingInvoice/GetTableSummaryClientBookings',
      { clientID: w.clientId, ...jobsPeriod, perPage: 2 },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.total).toBe(2);
    expect(res.body.data[0]).toMatchObject({
      bookingId: jobs[0]!.id,
      priceMinor: jobs[0]!.priceMinor,
      reference: 'PO number: PO-1',
      passengerName: 'Ada Lovelace',
      route: expect.stringContaining('→'),
    });
    expect(res.body.allData.map((r) => r.bookingId)).not.toContain(unvalidated[0]!.id);
  });

  it('refuses bad filters by name and an unknown client', async () => {
    const bad = await call(t.app, 'BookingInvoice/GetTableSummaryClientBookings', { clientID: 0 as never }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('clientID');
    const range = await call(
      t.app,
      'BookingInvoice/GetTableSummaryBookingInvoice',
      { fromDate: day(3), toDate: day(1) },
      token,
    );
    expect(range.status).toBe(400);
    expect(range.body.errors?.[0]?.field).toBe('toDate');
    const theirs = await call(
      t.app,
      'BookingInvoice/GetTableSummaryClientBookings',
      { clientID: them.clientId },
      token,
    );
    expect(theirs.status).toBe(404);
  });

  it('names the kinds of job an invoice holds', async () => {
    const kinds = await callData(t.app, 'BookingInvoice/GetInvoiceBookingType', {}, token);
    expect(kinds.map((k) => k.code)).toEqual(['completed', 'no_show']);
  });
});

describe('a draft from chosen jobs', () => {
  let draftId = 0;

  it('makes a draft with one line per job, VAT and totals', async () => {
    const res = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [jobs[0]!.id, jobs[1]!.id], clientReference: 'ORDER-7' },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data!;
    draftId = d.id;
    expect(d).toMatchObject({ status: 'draft', invoiceNo: null, clientReference: 'ORDER-7', lineCount: 2 });
    const expected = [jobs[0]!, jobs[1]!].map((j) => lineMoney(j.priceMinor, 2000, true));
    expect(d.lines.map((l) => l.bookingId)).toEqual([jobs[0]!.id, jobs[1]!.id]);
    expect(d.lines.map((l) => l.grossMinor)).toEqual(expected.map((e) => e.grossMinor));
    expect(d.grossMinor).toBe(jobs[0]!.priceMinor + jobs[1]!.priceMinor);
    expect(d.vatMinor).toBe(expected[0]!.vatMinor + expected[1]!.vatMinor);
    expect(d.vatTable).toEqual([
      { vatRateBp: 2000, netMinor: d.netMinor, vatMinor: d.vatMinor, grossMinor: d.grossMinor },
    ]);
    expect(d.can).toEqual({ edit: true, approve: true, unapprove: false, delete: true });
    expect(d.leftToPayMinor).toBe(0);
  });

  it('never puts a job on two invoices', async () => {
    const again = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [jobs[0]!.id] },
      token,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(new RegExp(`Booking ${jobs[0]!.id} is already on invoice draft #${draftId}`));
    // The index itself refuses a second line for the job.
    await expect(
      t.db.insert(invoiceLines).values({
        companyId: w.company.id,
        invoiceId: draftId,
        bookingId: jobs[0]!.id,
        position: 99,
        description: 'again',
        unitPriceMinor: 1,
        netMinor: 1,
        vatRateBp: 0,
        vatMinor: 0,
        grossMinor: 1,
      }),
    ).rejects.toThrow();
  });

  it('refuses a job that is not validated, another client’s, or unknown', async () => {
    const notValid = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [unvalidated[0]!.id] },
      token,
    );
    expect(notValid.status).toBe(409);
    expect(notValid.body.message).toContain('is not validated yet');
    const other = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.otherClientId, bookingIds: [jobs[2]!.id] },
      token,
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toContain('is not a job of this client');
    const unknown = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [99_999_999] },
      token,
    );
    expect(unknown.status).toBe(404);
    const theirClient = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: them.clientId, bookingIds: [jobs[2]!.id] },
      token,
    );
    expect(theirClient.status).toBe(404);
  });

  it('refuses bad input by field name', async () => {
    const noClient = await call(t.app, 'BookingInvoice/Create', { bookingIds: [jobs[2]!.id] }, token);
    expect(noClient.status).toBe(400);
    expect(noClient.body.errors?.map((e) => e.field)).toContain('clientID');
    const nothing = await call(t.app, 'BookingInvoice/Create', { clientID: w.clientId }, token);
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors?.map((e) => e.field)).toContain('bookingIds');
    const badIds = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: ['x' as never] },
      token,
    );
    expect(badIds.status).toBe(400);
    expect(badIds.body.errors?.[0]?.field).toMatch(/^bookingIds/);
  });

  it('says so when a period has no jobs, and makes nothing', async () => {
    const before = await t.db.select().from(invoices).where(eq(invoices.companyId, w.company.id));
    const res = await call(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.otherClientId, fromDate: day(-30), toDate: day(-20) },
      token,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Other Ltd has no validated account jobs to invoice');
    const after = await t.db.select().from(invoices).where(eq(invoices.companyId, w.company.id));
    expect(after.length).toBe(before.length);
  });

  it('edits the header with Create and id', async () => {
    const res = await call(
      t.app,
      'BookingInvoice/Create',
      { id: draftId, notes: 'Thank you', dueDate: day(40) },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: draftId,
      notes: 'Thank you',
      dueDate: day(40),
      clientReference: 'ORDER-7',
    });
  });

  it('changes a price with its reason, adds a job and removes a line', async () => {
    const before = await callData(t.app, 'BookingInvoice/GetInvoiceDetails', { id: draftId }, token);
    const first = before.lines[0]!;
    const res = await call(
      t.app,
      'BookingInvoice/UpdateInvoiceData',
      {
        id: draftId,
        prices: [{ lineId: first.id, priceMinor: first.grossMinor + 500, reason: 'Waiting time agreed' }],
        addBookingIds: [jobs[2]!.id],
      },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data!;
    expect(d.lines.length).toBe(3);
    expect(d.lines[0]).toMatchObject({
      grossMinor: first.grossMinor + 500,
      pricedGrossMinor: first.grossMinor,
      overrideReason: 'Waiting time agreed',
    });
    expect(d.grossMinor).toBe(d.lines.reduce((s, l) => s + l.grossMinor, 0));
    const noReason = await call(
      t.app,
      'BookingInvoice/UpdateInvoiceData',
      { id: draftId, prices: [{ lineId: first.id, priceMinor: 100, reason: '' }] },
      token,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]?.field).toBe('prices.0.reason');
    const removed = await call(t.app, 'BookingInvoice/DeleteEdit', { id: d.lines[2]!.id }, token);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data!.lines.map((l) => l.bookingId)).toEqual([jobs[0]!.id, jobs[1]!.id]);
    const lines = await callData(t.app, 'BookingInvoice/GetTableSummaryEditInvoice', { invoiceID: draftId }, token);
    expect(lines.map((l) => l.position)).toEqual([1, 2]);
  });

  it('gives the editor the draft and the jobs that may be added', async () => {
    const data = await callData(t.app, 'BookingInvoice/GetEditData', { id: draftId }, token);
    expect(data.invoice.id).toBe(draftId);
    expect(data.billableJobs.map((j) => j.bookingId)).toEqual([jobs[2]!.id, jobs[3]!.id]);
    const same = await callData(t.app, 'BookingInvoice/GetInvEditData', { id: draftId }, token);
    expect(same.billableJobs.length).toBe(2);
  });

  it('marks and clears attention, with a reason', async () => {
    const noReason = await call(
      t.app,
      'BookingInvoice/UpdateAttentionRequired',
      { id: draftId, attentionRequired: true },
      token,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]?.field).toBe('reason');
    const set = await call(
      t.app,
      'BookingInvoice/UpdateAttentionRequired',
      { id: draftId, attentionRequired: true, reason: 'PO missing' },
      token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const list = await callData(t.app, 'BookingInvoice/GetTableSummaryAttentionRequired', {}, token);
    expect(list.map((r) => [r.id, r.attentionReason])).toEqual([[draftId, 'PO missing']]);
    await callData(t.app, 'BookingInvoice/UpdateAttentionRequired', { id: draftId, attentionRequired: false }, token);
    expect(await callData(t.app, 'BookingInvoice/GetTableSummaryAttentionRequired', {}, token)).toEqual([]);
  });

  it('answers 404 for another company’s invoice, whatever the call', async () => {
    const theirToken = them.accounts.accessToken;
    for (const res of [
      await call(t.app, 'BookingInvoice/GetInvoiceDetails', { id: draftId }, theirToken),
      await call(t.app, 'BookingInvoice/Delete', { id: draftId }, theirToken),
      await call(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [draftId] }, theirToken),
      await call(t.app, 'BookingInvoice/UnApproveGeneratedInvoices', { ids: [draftId] }, theirToken),
      await call(t.app, 'BookingInvoice/UpdateInvoiceData', { id: draftId, notes: 'x' }, theirToken),
      await call(t.app, 'BookingInvoice/GetTableSummaryEditInvoice', { invoiceID: draftId }, theirToken),
    ]) {
      expect(res.status).toBe(404);
    }
  });

  it('approves: a number, dates, parties, the ledger entry, and the jobs invoiced', async () => {
    const draft = await callData(t.app, 'BookingInvoice/GetInvoiceDetails', { id: draftId }, token);
    const res = await call(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [draftId] }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data!.invoices).toEqual([{ id: draftId, invoiceNo: `INV-${year}-00001`, status: 'approved' }]);
    const d = await callData(t.app, 'BookingInvoice/GetInvoiceDetails', { id: draftId }, token);
    expect(d).toMatchObject({
      status: 'approved',
      number: 1,
      invoiceNo: `INV-${year}-00001`,
      dueDate: day(40),
      issuedTo: { name: 'Acme Ltd' },
      leftToPayMinor: draft.grossMinor,
      can: { edit: false, approve: false, unapprove: true, delete: false },
    });
    expect(d.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await bookingPaymentStatus(t, w.company.id, jobs[0]!.id)).toBe('invoiced');
    // Receivable: the gross; unbilled: what the two jobs earned is gone; the override (+500) is revenue and VAT.
    expect(await balance(t, w.company.id, 'clientReceivable', w.clientId)).toBe(draft.grossMinor);
    const rest = [jobs[2]!, jobs[3]!, unvalidated[0]!].reduce((s, j) => s + j.priceMinor, 0);
    expect(await balance(t, w.company.id, 'clientUnbilled', w.clientId)).toBe(rest);
    const entry = await t.db.execute<{ kind: string; amount: string }>(sql`
      select a.kind, l.amount_minor as amount from journal_entries e
      join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
      where e.company_id = ${w.company.id} and e.idempotency_key = ${`invoice:${draftId}:issued`} order by a.kind`);
    const byKind = Object.fromEntries(entry.rows.map((r) => [r.kind, Number(r.amount)]));
    expect(byKind.clientReceivable).toBe(draft.grossMinor);
    expect(byKind.clientUnbilled).toBe(-(jobs[0]!.priceMinor + jobs[1]!.priceMinor));
    expect((byKind.revenue ?? 0) + (byKind.vatPayable ?? 0)).toBe(-500);
    expect(await ledgerFaults(t, w.company.id)).toEqual({ entries: 0, accounts: 0 });
  });

  it("stores the approved invoice's PDF and XLSX with their SHA-256 right after the approval", async () => {
    let kinds: string[] = [];
    for (let i = 0; i < 100 && kinds.length < 2; i++) {
      const res = await t.db.execute<{ kind: string; sha256: string }>(sql`
        select kind, sha256 from issued_documents where company_id = ${w.company.id} and invoice_id = ${draftId} order by kind`);
      kinds = res.rows.map((r) => r.kind);
      if (kinds.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kinds).toEqual(['invoicePdf', 'invoiceXlsx']);
    const pdf = await callData(t.app, 'BookingInvoice/GetGenerateDocument', { invoiceId: draftId }, token);
    expect(pdf).toMatchObject({ draft: false, fileName: expect.stringContaining(`INV-${year}-00001`) });
  });

  it('keeps an issued invoice as it is: no edit, no delete, no second approval', async () => {
    const edit = await call(t.app, 'BookingInvoice/UpdateInvoiceData', { id: draftId, notes: 'later' }, token);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('correct it with a credit note');
    const del = await call(t.app, 'BookingInvoice/Delete', { id: draftId }, token);
    expect(del.status).toBe(409);
    const again = await call(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [draftId] }, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('is already approved');
    const mark = await call(
      t.app,
      'BookingInvoice/UpdateAttentionRequired',
      { id: draftId, attentionRequired: true, reason: 'x' },
      token,
    );
    expect(mark.status).toBe(409);
  });

  it('lists invoices with filters', async () => {
    const all = await callData(t.app, 'BookingInvoice/GetTableSummary', {}, token);
    expect(all.map((r) => r.id)).toContain(draftId);
    const approved = await callData(t.app, 'BookingInvoice/GetTableSummary', { statusID: 'approved' }, token);
    expect(approved.map((r) => r.invoiceNo)).toEqual([`INV-${year}-00001`]);
    const drafts = await callData(t.app, 'BookingInvoice/GetTableSummary', { statusID: 'draft' }, token);
    expect(drafts).toEqual([]);
    const byNumber = await callData(t.app, 'BookingInvoice/GetTableSummary', { q: '00001' }, token);
    expect(byNumber.length).toBe(1);
    const bad = await call(t.app, 'BookingInvoice/GetTableSummary', { statusID: 'lost' as never }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('statusID');
  });

  it('unapproves the last number only, reversing its entry and taking the number back', async () => {
    const second = await callData(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [jobs[2]!.id] },
      token,
    );
    await callData(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [second.id] }, token);
    const notLast = await call(t.app, 'BookingInvoice/UnApproveGeneratedInvoices', { ids: [draftId] }, token);
    expect(notLast.status).toBe(409);
    expect(notLast.body.message).toBe(
      `Invoice INV-${year}-00001 is not the last number of its series (INV-${year}-00002 is): correct it with a credit note.`,
    );
    const receivable = await balance(t, w.company.id, 'clientReceivable', w.clientId);
    const back = await call(t.app, 'BookingInvoice/UnApproveGeneratedInvoices', { ids: [second.id] }, token);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data!.invoices).toEqual([{ id: second.id, invoiceNo: null, status: 'draft' }]);
    expect(await balance(t, w.company.id, 'clientReceivable', w.clientId)).toBe(receivable - second.grossMinor);
    expect(await bookingPaymentStatus(t, w.company.id, jobs[2]!.id)).toBe('unpaid');
    const draftAgain = await call(t.app, 'BookingInvoice/UnApproveGeneratedInvoices', { ids: [second.id] }, token);
    expect(draftAgain.status).toBe(409);
    // Approved again, it takes the same number: no gap.
    const again = await callData(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [second.id] }, token);
    expect(again.invoices[0]!.invoiceNo).toBe(`INV-${year}-00002`);
    expect(await balance(t, w.company.id, 'clientReceivable', w.clientId)).toBe(receivable);
    expect(await ledgerFaults(t, w.company.id)).toEqual({ entries: 0, accounts: 0 });
  });

  it('refuses to approve a draft without lines, and deletes a draft', async () => {
    const made = await callData(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [jobs[3]!.id] },
      token,
    );
    await callData(t.app, 'BookingInvoice/DeleteEdit', { id: made.lines[0]!.id }, token);
    const empty = await call(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [made.id] }, token);
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(`Invoice draft #${made.id} has no lines: add jobs before approving it.`);
    const gone = await call(t.app, 'BookingInvoice/Delete', { id: made.id }, token);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await call(t.app, 'BookingInvoice/GetInvoiceDetails', { id: made.id }, token)).status).toBe(404);
    const noIds = await call(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [] }, token);
    expect(noIds.status).toBe(400);
    expect(noIds.body.errors?.[0]?.field).toBe('ids');
  });

  it('reconciles: the invoiced jobs count as invoiced in the bookings and in the ledger', async () => {
    const rec = await callData(t.app, 'PaymentTransaction/GetReconciliation', jobsPeriod, w.admin.accessToken);
    expect(rec.balanced).toBe(true);
    expect(rec.differing).toBe(0);
    expect(rec.bookings.invoiced).toBeGreaterThan(0);
    expect(rec.ledger.invoiced).toBe(rec.bookings.invoiced);
    expect(rec.ledger.owed).toBe(rec.bookings.owed);
  });
});
