import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceLines } from '../src/domains/invoicing/schema';
import { call, callData } from './client';
import {
  balance,
  doneAccountJobs,
  invoiceWorld,
  jobsPeriod,
  ledgerFaults,
  waitForRun,
  type InvoiceWorld,
} from './factories-invoices';
import { createTestApp, type TestApp } from './harness';

/*
 * Child accounts billed through their parent (docs/invoicing.md#billing-through-the-parent): a child
 * with invoiceGroup 'parent' is invoiced on its parent's invoices, the receivable is the parent's and
 * the child's unbilled fares leave its own unbilled account at approval.
 */

let t: TestApp;
let w: InvoiceWorld;
let token = '';
let parentId = 0;
let legalId = 0;
let salesId = 0;
let ownId = 0;
const sumOf = (jobs: { priceMinor: number }[]) => jobs.reduce((s, j) => s + j.priceMinor, 0);

beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t);
  token = w.accounts.accessToken;
  const admin = w.admin.accessToken;
  const parent = await callData(t.app, 'Client/Create', { name: 'Łódź Holdings', accountNo: 'LODZ' }, admin);
  parentId = parent.id;
  const child = async (name: string, invoiceGroup: 'own' | 'parent') =>
    (await callData(t.app, 'Client/CreateChild', { name, parentClientId: parentId, invoiceGroup }, admin)).id;
  legalId = await child('Łódź Legal', 'parent');
  salesId = await child('Łódź Sales', 'parent');
  ownId = await child('Łódź Travel', 'own');
}, 60_000);

describe('billing child accounts through the parent', () => {
  let parentJobs: { id: number; priceMinor: number }[] = [];
  let legalJobs: { id: number; priceMinor: number }[] = [];
  let salesJobs: { id: number; priceMinor: number }[] = [];
  let ownJobs: { id: number; priceMinor: number }[] = [];
  let parentInvoiceId = 0;
  let ownInvoiceId = 0;

  it('lists the children’s jobs under the parent, an own child apart', async () => {
    parentJobs = await doneAccountJobs(t, w, parentId, 1);
    legalJobs = await doneAccountJobs(t, w, legalId, 2);
    salesJobs = await doneAccountJobs(t, w, salesId, 1);
    ownJobs = await doneAccountJobs(t, w, ownId, 1);
    expect(await balance(t, w.company.id, 'clientUnbilled', legalId)).toBe(sumOf(legalJobs));

    const toMake = await callData(t.app, 'BookingInvoice/GetTableSummaryBookingInvoice', jobsPeriod, token);
    expect(toMake.map((r) => [r.clientId, r.jobs]).sort()).toEqual(
      [
        [parentId, 4],
        [ownId, 1],
      ].sort(),
    );
    const parentList = await callData(
      t.app,
      'BookingInvoice/GetTableSummaryClientBookings',
      { ...jobsPeriod, clientID: parentId },
      token,
    );
    expect(parentList.map((j) => j.bookingId).sort()).toEqual(
      [...parentJobs, ...legalJobs, ...salesJobs].map((j) => j.id).sort(),
    );
  });

  it('generates one invoice for the parent with its children’s jobs, and one for the own child', async () => {
    const started = await callData(t.app, 'BookingInvoice/CreateAutoGenerate', jobsPeriod, token);
    expect(started.clientsTotal).toBe(2);
    const run = await waitForRun(t, token, started.id);
    expect(run).toMatchObject({ status: 'done', clientsDone: 2, invoicesMade: 2 });

    const made = await callData(t.app, 'BookingInvoice/GetGeneratedInvoices', { runId: run.id }, token);
    expect(made.map((i) => [i.clientId, i.lineCount]).sort()).toEqual(
      [
        [parentId, 4],
        [ownId, 1],
      ].sort(),
    );
    parentInvoiceId = made.find((i) => i.clientId === parentId)!.id;
    ownInvoiceId = made.find((i) => i.clientId === ownId)!.id;

    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, w.company.id), eq(invoiceLines.invoiceId, parentInvoiceId)));
    const byBooking = new Map(lines.map((l) => [l.bookingId, l]));
    // Each line says whom it is for: the parent's own job plainly, a child's with the child's name.
    expect(byBooking.get(parentJobs[0]!.id)!.description).toBe(`Journey ${parentJobs[0]!.id}`);
    for (const j of legalJobs) {
      expect(byBooking.get(j.id)!.description).toBe(`Journey ${j.id} for Łódź Legal`);
      expect(byBooking.get(j.id)!.reference).toMatch(/^Łódź Legal/);
    }
    expect(byBooking.get(salesJobs[0]!.id)!.reference).toMatch(/^Łódź Sales/);
  });

  it('posts the receivable to the parent and empties each child’s unbilled account at approval', async () => {
    const res = await callData(
      t.app,
      'BookingInvoice/ApproveGeneratedInvoices',
      { ids: [parentInvoiceId, ownInvoiceId] },
      token,
    );
    expect(res.invoices.map((i) => i.status)).toEqual(['approved', 'approved']);
    const parentGross = sumOf([...parentJobs, ...legalJobs, ...salesJobs]);
    const companyId = w.company.id;
    expect(await balance(t, companyId, 'clientReceivable', parentId)).toBe(parentGross);
    expect(await balance(t, companyId, 'clientReceivable', legalId)).toBe(0);
    expect(await balance(t, companyId, 'clientReceivable', salesId)).toBe(0);
    expect(await balance(t, companyId, 'clientReceivable', ownId)).toBe(sumOf(ownJobs));
    for (const id of [parentId, legalId, salesId, ownId]) {
      expect(await balance(t, companyId, 'clientUnbilled', id)).toBe(0);
    }
    expect(await ledgerFaults(t, companyId)).toEqual({ entries: 0, accounts: 0 });

    const reconciliation = await callData(
      t.app,
      'PaymentTransaction/GetReconciliation',
      jobsPeriod,
      w.admin.accessToken,
    );
    expect(reconciliation.differing).toBe(0);
  });

  it('gives the parent the statement, the child none', async () => {
    const parentGross = sumOf([...parentJobs, ...legalJobs, ...salesJobs]);
    const due = await callData(t.app, 'Client/InvoiceDeAmount', { clientID: parentId }, w.admin.accessToken);
    expect(due).toMatchObject({ totalDueMinor: parentGross, balanceMinor: parentGross, creditMinor: 0 });
    expect(due.invoices.map((i) => i.invoiceId)).toEqual([parentInvoiceId]);
    expect(due.statement.entries.map((e) => [e.invoiceId, e.balanceMinor])).toEqual([[parentInvoiceId, parentGross]]);
    const child = await callData(t.app, 'Client/InvoiceDeAmount', { clientID: legalId }, w.admin.accessToken);
    expect(child).toMatchObject({ totalDueMinor: 0, balanceMinor: 0, invoices: [] });

    // The parent pays its invoice: paid in full, the children owe nothing either.
    await callData(
      t.app,
      'Client/ClientPayment',
      {
        clientID: parentId,
        amount: parentGross,
        method: 'bank_transfer',
        allocations: [{ invoiceId: parentInvoiceId, amountMinor: parentGross }],
      },
      w.admin.accessToken,
    );
    const paid = await callData(t.app, 'BookingInvoice/GetInvoiceDetails', { id: parentInvoiceId }, token);
    expect(paid.status).toBe('paid');
    expect(await balance(t, w.company.id, 'clientReceivable', parentId)).toBe(0);
  });

  it('takes the approval back to the children’s unbilled accounts on unapproval', async () => {
    // The own child's invoice holds the last number: it goes back to draft.
    await callData(t.app, 'BookingInvoice/UnApproveGeneratedInvoices', { ids: [ownInvoiceId] }, token);
    expect(await balance(t, w.company.id, 'clientUnbilled', ownId)).toBe(sumOf(ownJobs));
    expect(await balance(t, w.company.id, 'clientReceivable', ownId)).toBe(0);
  });

  it('makes a draft asked for a child the parent’s; the child’s own jobs only', async () => {
    const more = await doneAccountJobs(t, w, legalId, 1);
    const parentMore = await doneAccountJobs(t, w, parentId, 1);
    const res = await call(t.app, 'BookingInvoice/Create', { clientID: legalId, ...jobsPeriod }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ clientId: parentId, clientName: 'Łódź Holdings', lineCount: 1 });
    expect(res.body.message).toBe('The draft invoice is made for Łódź Holdings: the client is billed through it.');
    expect(res.body.data!.lines.map((l) => l.bookingId)).toEqual([more[0]!.id]);

    // The parent's own job may join the parent's draft; an own child's job may not.
    const other = await doneAccountJobs(t, w, ownId, 1);
    const refused = await call(
      t.app,
      'BookingInvoice/UpdateInvoiceData',
      { id: res.body.data!.id, addBookingIds: [other[0]!.id] },
      token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Booking ${other[0]!.id} is not a job of this client (nor of a child account billed through it).`,
    );
    const added = await callData(
      t.app,
      'BookingInvoice/UpdateInvoiceData',
      { id: res.body.data!.id, addBookingIds: [parentMore[0]!.id] },
      token,
    );
    expect(added.lineCount).toBe(2);

    // The e-mail of a child's booking goes to the parent first.
    const addresses = await callData(t.app, 'Booking/GetInvoiceEmailAddresses', { bookingId: more[0]!.id }, token);
    expect(addresses.clientId).toBe(parentId);
  });

  it('bills a grandchild billed through a child billed through the parent on the parent’s invoice', async () => {
    const grandchild = (
      await callData(
        t.app,
        'Client/CreateChild',
        { name: 'Łódź Legal Kraków', parentClientId: legalId, invoiceGroup: 'parent' },
        w.admin.accessToken,
      )
    ).id;
    const jobs = await doneAccountJobs(t, w, grandchild, 1);
    const res = await callData(t.app, 'BookingInvoice/Create', { clientID: grandchild, ...jobsPeriod }, token);
    expect(res).toMatchObject({ clientId: parentId, lineCount: 1 });
    await callData(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [res.id] }, token);
    expect(await balance(t, w.company.id, 'clientUnbilled', grandchild)).toBe(0);
    expect(await balance(t, w.company.id, 'clientReceivable', grandchild)).toBe(0);
    expect(await balance(t, w.company.id, 'clientReceivable', parentId)).toBe(jobs[0]!.priceMinor);
    expect(await ledgerFaults(t, w.company.id)).toEqual({ entries: 0, accounts: 0 });
  });
});
