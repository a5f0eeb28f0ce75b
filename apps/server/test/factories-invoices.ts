import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookingValidations } from '../src/domains/booking-validation/schema';
import { bookings } from '../src/domains/bookings/schema';
import { clients } from '../src/domains/clients/schema';
import { call, callData } from './client';
import { book, bookingWorld, type BookingWorld } from './factories-bookings';
import { createUser, signIn } from './factories';
import type { TestApp } from './harness';
import { accountBalance } from './ledger-balance';

/** A company with a driver who completes jobs through the driver app (so the fare is posted as in life). */
export interface InvoiceWorld extends BookingWorld {
  driverToken: string;
  driverPersonId: number;
}

export async function invoiceWorld(t: TestApp): Promise<InvoiceWorld> {
  const w = await bookingWorld(t.app, t.db);
  const made = await createUser(t.db, w.company.id, 'driver');
  const driver = await signIn(t.app, made.email);
  return { ...w, driverToken: driver.accessToken, driverPersonId: made.personId };
}

export const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** The period the test jobs are in: they are picked up tomorrow. */
export const jobsPeriod = { fromDate: day(-1), toDate: day(3) };

/**
 * Account jobs of a client, completed by the driver (the fare earned is posted) and, unless told
 * otherwise, validated.
 */
export async function doneAccountJobs(
  t: TestApp,
  w: InvoiceWorld,
  clientId: number,
  n: number,
  options: { validated?: boolean; passengerId?: number } = {},
): Promise<{ id: number; priceMinor: number }[]> {
  const out: { id: number; priceMinor: number }[] = [];
  for (let i = 0; i < n; i++) {
    const refs =
      clientId === w.clientId ? { clientReferences: [{ referenceId: w.referencePoId, value: `PO-${i + 1}` }] } : {};
    const made = await book(t.app, w, {
      paymentMethod: 'account',
      clientId,
      ...refs,
      ...(options.passengerId ? { passengerId: options.passengerId } : {}),
    });
    await t.db.update(bookings).set({ status: 'on_board', driverId: w.driverPersonId }).where(eq(bookings.id, made.id));
    const res = await call(
      t.app,
      'Driver/UpdateBookingStatusForJourney',
      { id: made.id, step: 'complete' },
      w.driverToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.id));
    expect(row!.status).toBe('completed');
    expect(row!.priceMinor).toBeGreaterThan(0);
    if (options.validated !== false) await validate(t, w.company.id, made.id);
    out.push({ id: made.id, priceMinor: row!.priceMinor! });
  }
  return out;
}

export async function validate(t: TestApp, companyId: number, bookingId: number) {
  await t.db.insert(bookingValidations).values({ companyId, bookingId, status: 'validated' });
}

export async function setClientInvoicing(
  t: TestApp,
  clientId: number,
  set: Partial<Pick<typeof clients.$inferInsert, 'invoicePeriod' | 'invoiceSplit'>>,
) {
  await t.db.update(clients).set(set).where(eq(clients.id, clientId));
}

/** The balance of an owned or company account (0 when never used). */
export const balance = accountBalance;

/** Entries whose lines do not add up to zero, and owned accounts whose running balance is not the sum of their lines. */
export async function ledgerFaults(t: TestApp, companyId: number) {
  const res = await t.db.execute<{ entries: number; accounts: number }>(sql`
    select (select count(*)::int from (select entry_id from journal_lines where company_id = ${companyId}
              group by entry_id having sum(amount_minor) <> 0) x) as entries,
           (select count(*)::int from ledger_accounts a where a.company_id = ${companyId}
              and a.kind in ('clientReceivable', 'clientUnbilled', 'passengerReceivable', 'driverBalance', 'driverCash')
              and a.balance_minor <>
              coalesce((select sum(amount_minor) from journal_lines l where l.company_id = a.company_id and l.account_id = a.id), 0)) as accounts`);
  return res.rows[0]!;
}

/** Waits for an auto-generation run to finish and answers it. */
export async function waitForRun(t: TestApp, token: string, id: number) {
  for (let i = 0; i < 200; i++) {
    const run = await callData(t.app, 'BookingInvoice/GetAutoGenerateRun', { id }, token);
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Run ${id} did not finish`);
}

export async function bookingPaymentStatus(t: TestApp, companyId: number, id: number) {
  const [row] = await t.db
    .select({ s: bookings.paymentStatus })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)));
  return row?.s;
}
