import { eq } from 'drizzle-orm';
import { bookings } from '../src/domains/bookings/schema';
import { clients } from '../src/domains/clients/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { invoiceLines, invoices } from '../src/domains/invoicing/schema';
import { takeNumber } from '../src/domains/invoicing/numbering';
import { lineMoney } from '../src/domains/invoicing/totals';
import { postEntry } from '../src/domains/ledger/post';
import { bookingExpenseTypes } from '../src/domains/reference-data/schema';
import { adminSession, inCall } from './call-context';
import { doneJob, makeModel, payDriver } from './factories-driver-pay';
import type { TestApp } from './harness';

/*
 * A month of jobs with their money as the product leaves it (docs/ledger.md#postings): the fare
 * earned when done (VAT at 20 %), then card money, cash the driver collected, or an approved invoice.
 */

export type Settled = 'card' | 'cash' | 'invoiced' | 'owed';

export interface JobSpec {
  clientId: number;
  driverId: number;
  vehicleId?: number;
  fare: number;
  settled: Settled;
  pickupAt: string;
  /** An approved expense on the job the company bears. */
  expense?: number;
}

export async function makeClient(t: TestApp, companyId: number, name: string): Promise<number> {
  const [c] = await t.db.insert(clients).values({ companyId, name }).returning({ id: clients.id });
  return c!.id;
}

const vatOf = (gross: number) => gross - Math.round((gross * 10) / 12);

/** A done, validated job of the spec with its ledger entries and, when invoiced, an approved invoice. */
export async function settledJob(t: TestApp, companyId: number, job: JobSpec): Promise<number> {
  const method = job.settled === 'card' ? 'card' : job.settled === 'cash' ? 'cash' : 'account';
  const id = await doneJob(t, companyId, job.driverId, { method, fare: job.fare, pickupAt: job.pickupAt });
  await t.db
    .update(bookings)
    .set({
      clientId: job.clientId,
      vehicleId: job.vehicleId ?? null,
      cardCapturedMinor: job.settled === 'card' ? job.fare : 0,
      cashCollectedMinor: job.settled === 'cash' ? job.fare : 0,
      paymentStatus: job.settled === 'owed' ? 'unpaid' : job.settled === 'invoiced' ? 'invoiced' : 'paid',
    })
    .where(eq(bookings.id, id));
  const vat = vatOf(job.fare);
  await inCall(t, adminSession(companyId, 0), async (ctx) => {
    const receivable =
      method === 'account'
        ? { kind: 'clientUnbilled' as const, ownerId: job.clientId }
        : { kind: 'clientReceivable' as const, ownerId: job.clientId };
    await postEntry(ctx, {
      kind: 'fareEarned',
      description: `Fare of booking ${id}`,
      bookingId: id,
      idempotencyKey: `booking:${id}:earned`,
      lines: [
        { account: receivable, amount: job.fare },
        { account: { kind: 'revenue' }, amount: -(job.fare - vat) },
        { account: { kind: 'vatPayable' }, amount: -vat },
      ],
    });
    if (job.settled === 'card' || job.settled === 'cash') {
      await postEntry(ctx, {
        kind: job.settled === 'card' ? 'cardPayment' : 'cashCollection',
        description: `Payment of booking ${id}`,
        bookingId: id,
        idempotencyKey: `booking:${id}:paid`,
        lines: [
          {
            account: job.settled === 'card' ? { kind: 'cardClearing' } : { kind: 'driverCash', ownerId: job.driverId },
            amount: job.fare,
          },
          { account: receivable, amount: -job.fare },
        ],
      });
    }
    if (job.settled === 'invoiced') {
      const money = lineMoney(job.fare, 2000, true);
      const number = await takeNumber(ctx, 'invoice', job.pickupAt.slice(0, 10));
      const [inv] = await ctx.db
        .insert(invoices)
        .values({
          companyId,
          clientId: job.clientId,
          status: 'approved',
          number: number.number,
          numberYear: number.year,
          invoiceNo: number.text,
          issueDate: job.pickupAt.slice(0, 10),
          dueDate: job.pickupAt.slice(0, 10),
          paymentTermsDays: 0,
          currency: 'GBP',
          netMinor: money.netMinor,
          vatMinor: money.vatMinor,
          grossMinor: money.grossMinor,
          issuedTo: { name: 'Client', address: null, vatNumber: null, email: null },
          approvedAt: new Date(),
        })
        .returning({ id: invoices.id });
      await ctx.db.insert(invoiceLines).values({
        companyId,
        invoiceId: inv!.id,
        bookingId: id,
        position: 1,
        description: `Job ${id}`,
        unitPriceMinor: money.grossMinor,
        ...money,
      });
      await postEntry(ctx, {
        kind: 'invoiceIssued',
        description: `Invoice ${number.text}`,
        idempotencyKey: `invoice:${inv!.id}:issued`,
        lines: [
          { account: { kind: 'clientReceivable', ownerId: job.clientId }, amount: job.fare },
          { account: { kind: 'clientUnbilled', ownerId: job.clientId }, amount: -job.fare },
        ],
      });
    }
  });
  if (job.expense) {
    const [type] = await t.db
      .insert(bookingExpenseTypes)
      .values({ companyId, name: `Parking ${id}` })
      .returning({ id: bookingExpenseTypes.id });
    await t.db.insert(driverExpenses).values({
      companyId,
      driverId: job.driverId,
      bookingId: id,
      expenseTypeId: type!.id,
      amountMinor: job.expense,
      status: 'approved',
      paidBy: 'company',
      createdAt: new Date(job.pickupAt),
    });
  }
  return id;
}

/** A moment of October 2026, the profitability tests' month. */
export const october = (day: number) => `2026-10-${String(day).padStart(2, '0')}T11:00:00Z`;

/**
 * The profitability tests' October, hand-computed (profitability.test.ts says the figures): a
 * commission model, drivers Ann and Ben, clients Acme and Beta, and four done jobs — Acme's card job
 * with an expense the company bears and its invoiced account job by Ann (in `vehicleId` when given),
 * Beta's cash job and its account job still owed by Ben.
 */
export async function octoberJobs(t: TestApp, companyId: number, adminToken: string, vehicleId?: number) {
  const model = await makeModel(t, adminToken);
  const ann = await payDriver(t, companyId, model, { name: 'Ann' });
  const ben = await payDriver(t, companyId, model, { name: 'Ben' });
  const acme = await makeClient(t, companyId, 'Acme Ltd');
  const beta = await makeClient(t, companyId, 'Beta plc');
  const byAnn = { driverId: ann, vehicleId, clientId: acme };
  const card = await settledJob(t, companyId, {
    ...byAnn,
    fare: 4000,
    settled: 'card',
    pickupAt: october(5),
    expense: 500,
  });
  const invoiced = await settledJob(t, companyId, { ...byAnn, fare: 6000, settled: 'invoiced', pickupAt: october(6) });
  const byBen = { driverId: ben, clientId: beta };
  await settledJob(t, companyId, { ...byBen, fare: 2000, settled: 'cash', pickupAt: october(7) });
  const owed = await settledJob(t, companyId, { ...byBen, fare: 3000, settled: 'owed', pickupAt: october(8) });
  return { ann, ben, acme, beta, card, invoiced, owed };
}
