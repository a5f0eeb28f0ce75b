import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupJobs, periodOf, resumeStoppedRuns, runGeneration } from '../src/domains/invoicing/generate';
import { invoiceLines, invoiceRuns, invoices } from '../src/domains/invoicing/schema';
import { passengers } from '../src/domains/passengers/schema';
import { call, callData } from './client';
import {
  balance,
  day,
  doneAccountJobs,
  invoiceWorld,
  jobsPeriod,
  ledgerFaults,
  setClientInvoicing,
  validate,
  waitForRun,
  type InvoiceWorld,
} from './factories-invoices';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: InvoiceWorld;
let token = '';
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t);
  token = w.accounts.accessToken;
}, 60_000);

describe('invoice periods and splits', () => {
  it('puts a day in its month, week (from Monday) or fortnight', () => {
    expect(periodOf('2026-02-17', 'monthly')).toEqual(['2026-02-01', '2026-02-28']);
    expect(periodOf('2026-11-26', 'weekly')).toEqual(['2026-11-23', '2026-11-29']);
    const [from, to] = periodOf('2026-11-26', 'fortnightly');
    expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(13);
    expect(periodOf('2026-11-26', 'per_booking')).toEqual(['2026-11-26', '2026-11-26']);
  });

  it('groups a client’s jobs by period, then by its split', () => {
    const job = (bookingId: number, serviceDate: string, passengerId: number, reference: string | null) => ({
      bookingId,
      clientId: 1,
      clientName: 'Acme',
      status: 'completed',
      pickupAt: `${serviceDate}T10:00:00.000Z`,
      serviceDate,
      passengerId,
      passengerName: null,
      route: null,
      reference,
      priceMinor: 1000,
      currency: 'GBP',
      breakdown: null,
    });
    const jobs = [job(1, '2026-10-30', 7, 'A'), job(2, '2026-11-02', 7, 'B'), job(3, '2026-11-03', 8, 'A')];
    const run = { from: '2026-10-01', to: '2026-11-15' };
    const monthly = groupJobs(jobs, { invoicePeriod: 'monthly', invoiceSplit: 'single' }, run);
    expect(monthly.map((g) => [g.periodFrom, g.periodTo, g.jobs.map((j) => j.bookingId)])).toEqual([
      ['2026-10-01', '2026-10-31', [1]],
      ['2026-11-01', '2026-11-15', [2, 3]],
    ]);
    const perPassenger = groupJobs(jobs, { invoicePeriod: 'monthly', invoiceSplit: 'per_passenger' }, run);
    expect(perPassenger.map((g) => [g.passengerId, g.jobs.length])).toEqual([
      [7, 1],
      [7, 1],
      [8, 1],
    ]);
    const perReference = groupJobs(jobs, { invoicePeriod: 'weekly', invoiceSplit: 'per_reference' }, run);
    expect(perReference.map((g) => [g.periodFrom, g.splitReference])).toEqual([
      ['2026-10-26', 'A'],
      ['2026-11-02', 'B'],
      ['2026-11-02', 'A'],
    ]);
    expect(groupJobs(jobs, { invoicePeriod: 'monthly', invoiceSplit: 'per_booking' }, run).length).toBe(3);
  });
});

describe('auto-generation', () => {
  it('makes drafts per client and split, only of validated jobs; twice makes nothing new', async () => {
    const [grace] = await t.db
      .insert(passengers)
      .values({ companyId: w.company.id, firstName: 'Grace', surname: 'Hopper' })
      .returning();
    await setClientInvoicing(t, w.otherClientId, { invoiceSplit: 'per_passenger' });
    await doneAccountJobs(t, w, w.otherClientId, 2);
    await doneAccountJobs(t, w, w.otherClientId, 1, { passengerId: grace!.id });
    await doneAccountJobs(t, w, w.clientId, 2);
    const waiting = await doneAccountJobs(t, w, w.clientId, 1, { validated: false });

    const bad = await call(t.app, 'BookingInvoice/CreateAutoGenerate', { fromDate: day(3), toDate: day(1) }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('toDate');
    const missing = await call(t.app, 'BookingInvoice/CreateAutoGenerate', { toDate: day(1) } as never, token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('fromDate');

    const res = await call(t.app, 'BookingInvoice/CreateAutoGenerate', jobsPeriod, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'running', clientsTotal: 2, clientsDone: 0 });
    const run = await waitForRun(t, token, res.body.data!.id);
    expect(run).toMatchObject({ status: 'done', clientsDone: 2, invoicesMade: 3, error: null });

    const made = await callData(t.app, 'BookingInvoice/GetGeneratedInvoices', { runId: run.id }, token);
    expect(made.length).toBe(3);
    const other = made.filter((i) => i.clientId === w.otherClientId);
    expect(other.map((i) => [i.passengerName, i.lineCount]).sort()).toEqual([
      ['Ada Lovelace', 2],
      ['Grace Hopper', 1],
    ]);
    expect(made.find((i) => i.clientId === w.clientId)).toMatchObject({ lineCount: 2, status: 'draft', runId: run.id });

    const again = await call(t.app, 'BookingInvoice/CreateAutoGenerate', jobsPeriod, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `There are no validated account jobs to invoice from ${jobsPeriod.fromDate} to ${jobsPeriod.toDate}: nothing was made.`,
    );

    // A job validated later is made on the next run, alone.
    await validate(t, w.company.id, waiting[0]!.id);
    const next = await callData(
      t.app,
      'BookingInvoice/CreateAutoGenerate',
      { ...jobsPeriod, clientID: w.clientId },
      token,
    );
    expect(await waitForRun(t, token, next.id)).toMatchObject({ status: 'done', invoicesMade: 1 });
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, w.company.id), eq(invoiceLines.bookingId, waiting[0]!.id)));
    expect(lines.length).toBe(1);

    const theirs = await call(
      t.app,
      'BookingInvoice/GetAutoGenerateRun',
      { id: run.id },
      (await invoiceWorld(t)).admin.accessToken,
    );
    expect(theirs.status).toBe(404);
  });

  it('approves the generated drafts together, numbered in order', async () => {
    const drafts = await callData(t.app, 'BookingInvoice/GetGeneratedInvoices', {}, token);
    const ids = drafts.map((d) => d.id);
    const res = await callData(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids }, token);
    expect(res.invoices.map((i) => i.invoiceNo)).toEqual(
      ids.map((_, i) => `INV-${year}-${String(i + 1).padStart(5, '0')}`),
    );
    expect(await callData(t.app, 'BookingInvoice/GetGeneratedInvoices', {}, token)).toEqual([]);
    expect(await balance(t, w.company.id, 'clientUnbilled', w.otherClientId)).toBe(0);
  });
});

describe('a run left by a stopped process', () => {
  it('is queued again when nobody holds it, left alone while a live process does', async () => {
    await doneAccountJobs(t, w, w.clientId, 2);
    const [admin] = await t.db
      .execute<{ id: number }>(sql`select id from users where company_id = ${w.company.id} order by id limit 1`)
      .then((r) => r.rows);
    // What a process killed before its first client leaves: the run running, no job waiting for it.
    const [run] = await t.db
      .insert(invoiceRuns)
      .values({
        companyId: w.company.id,
        periodFrom: jobsPeriod.fromDate,
        periodTo: jobsPeriod.toDate,
        clientsTotal: 1,
        createdBy: admin!.id,
      })
      .returning();
    const holder = await t.db.$client.connect();
    try {
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [w.company.id, `invoice-run:${run!.id}`]);
      // Held by a live process: neither queued again nor worked on twice.
      expect(await resumeStoppedRuns(t.services)).toBe(0);
      await runGeneration(t.services, w.company.id, run!.id);
      expect(await callData(t.app, 'BookingInvoice/GetAutoGenerateRun', { id: run!.id }, token)).toMatchObject({
        status: 'running',
        clientsDone: 0,
      });
    } finally {
      await holder.query('select pg_advisory_unlock_all()');
      holder.release();
    }
    // Its process gone, the run is queued again (here or by the server's own round) and finishes.
    expect(await resumeStoppedRuns(t.services)).toBeLessThanOrEqual(1);
    expect(await waitForRun(t, token, run!.id)).toMatchObject({ status: 'done', clientsDone: 1, invoicesMade: 1 });
    expect(await resumeStoppedRuns(t.services)).toBe(0);

    // A scheduled run whose job is gone cannot know its clients' periods: it says so.
    const [scheduled] = await t.db
      .insert(invoiceRuns)
      .values({ companyId: w.company.id, periodFrom: jobsPeriod.fromDate, periodTo: jobsPeriod.toDate })
      .returning();
    await resumeStoppedRuns(t.services);
    const stopped = await callData(t.app, 'BookingInvoice/GetAutoGenerateRun', { id: scheduled!.id }, token);
    expect(stopped).toMatchObject({ status: 'failed', invoicesMade: 0 });
    expect(stopped.error).toMatch(/stopped before it finished/);
  });
});

describe('numbers under load', () => {
  it('gives 20 approvals made at once 20 consecutive numbers', async () => {
    const companyId = w.company.id;
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const [inv] = await t.db
        .insert(invoices)
        .values({ companyId, clientId: w.clientId, currency: 'GBP', netMinor: 1000, vatMinor: 200, grossMinor: 1200 })
        .returning();
      await t.db.insert(invoiceLines).values({
        companyId,
        invoiceId: inv!.id,
        position: 1,
        description: 'Waiting time',
        unitPriceMinor: 1200,
        netMinor: 1000,
        vatRateBp: 2000,
        vatMinor: 200,
        grossMinor: 1200,
      });
      ids.push(inv!.id);
    }
    const [before] = (
      await t.db.execute<{ n: number }>(
        sql`select coalesce(max(number), 0)::int as n from invoices where company_id = ${companyId}`,
      )
    ).rows;
    const answers = await Promise.all(
      ids.map((id) => call(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [id] }, token)),
    );
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const numbers = (await t.db.select({ n: invoices.number }).from(invoices).where(eq(invoices.companyId, companyId)))
      .map((r) => r.n)
      .filter((n): n is number => n !== null && n > before!.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before!.n + 1 + i));
    expect(await ledgerFaults(t, companyId)).toEqual({ entries: 0, accounts: 0 });
  });
});

describe('the ledger under any sequence', () => {
  it('keeps every entry at zero and the client accounts equal to what is invoiced and not', async () => {
    const world = await invoiceWorld(t);
    const tok = world.accounts.accessToken;
    const companyId = world.company.id;
    await doneAccountJobs(t, world, world.clientId, 4);
    await doneAccountJobs(t, world, world.otherClientId, 3);
    const clientIds = [world.clientId, world.otherClientId];

    const drafts = async () =>
      (await callData(t.app, 'BookingInvoice/GetTableSummary', { statusID: 'draft', perPage: 0 }, tok)).filter(
        (d) => d.lineCount > 0,
      );
    const issued = async () =>
      callData(t.app, 'BookingInvoice/GetTableSummary', { statusID: 'approved', perPage: 0 }, tok);
    const pick = <T>(list: T[], n: number) => list[n % Math.max(1, list.length)];

    type Step = { op: 'generate' | 'draft' | 'approve' | 'unapprove' | 'delete' | 'reprice'; n: number };
    const step = fc.record({
      op: fc.constantFrom<Step['op']>('generate', 'draft', 'approve', 'unapprove', 'delete', 'reprice'),
      n: fc.nat(20),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          if (s.op === 'generate') {
            const res = await call(t.app, 'BookingInvoice/CreateAutoGenerate', jobsPeriod, tok);
            expect([200, 409]).toContain(res.status);
            if (res.status === 200) await waitForRun(t, tok, res.body.data!.id);
          } else if (s.op === 'draft') {
            const clientId = pick(clientIds, s.n)!;
            const jobs = await callData(
              t.app,
              'BookingInvoice/GetTableSummaryClientBookings',
              { clientID: clientId },
              tok,
            );
            if (jobs.length) {
              const res = await call(
                t.app,
                'BookingInvoice/Create',
                { clientID: clientId, bookingIds: [pick(jobs, s.n)!.bookingId] },
                tok,
              );
              expect(res.status).toBe(200);
            }
          } else if (s.op === 'approve') {
            const d = pick(await drafts(), s.n);
            if (d)
              expect((await call(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [d.id] }, tok)).status).toBe(
                200,
              );
          } else if (s.op === 'unapprove') {
            const i = pick(await issued(), s.n);
            if (i)
              expect([200, 409]).toContain(
                (await call(t.app, 'BookingInvoice/UnApproveGeneratedInvoices', { ids: [i.id] }, tok)).status,
              );
          } else if (s.op === 'delete') {
            const d = pick(await drafts(), s.n);
            if (d) expect((await call(t.app, 'BookingInvoice/Delete', { id: d.id }, tok)).status).toBe(200);
          } else {
            const d = pick(await drafts(), s.n);
            if (d) {
              const details = await callData(t.app, 'BookingInvoice/GetInvoiceDetails', { id: d.id }, tok);
              const line = details.lines[0]!;
              const res = await call(
                t.app,
                'BookingInvoice/UpdateInvoiceData',
                {
                  id: d.id,
                  prices: [{ lineId: line.id, priceMinor: line.unitPriceMinor + 1 + s.n * 37, reason: 'agreed' }],
                },
                tok,
              );
              expect(res.status).toBe(200);
            }
          }
        }
        expect(await ledgerFaults(t, companyId)).toEqual({ entries: 0, accounts: 0 });
        for (const clientId of clientIds) {
          const [sums] = (
            await t.db.execute<{ invoiced: string; earned: string; uninvoiced: string }>(sql`
              select
                (select coalesce(sum(gross_minor), 0) from invoices where company_id = ${companyId} and client_id = ${clientId}
                   and status <> 'draft') as invoiced,
                (select coalesce(sum(b.price_minor), 0) from bookings b where b.company_id = ${companyId}
                   and b.client_id = ${clientId} and b.status = 'completed' and b.payment_method = 'account') as earned,
                (select coalesce(sum(b.price_minor), 0) from bookings b where b.company_id = ${companyId}
                   and b.client_id = ${clientId} and b.status = 'completed' and b.payment_method = 'account'
                   and not exists (select 1 from invoice_lines l join invoices i on i.id = l.invoice_id
                     where l.company_id = b.company_id and l.booking_id = b.id and i.status <> 'draft')) as uninvoiced`)
          ).rows;
          expect(await balance(t, companyId, 'clientReceivable', clientId)).toBe(Number(sums!.invoiced));
          expect(await balance(t, companyId, 'clientUnbilled', clientId)).toBe(Number(sums!.uninvoiced));
        }
      }),
      { numRuns: 6 },
    );
  }, 180_000);
});
