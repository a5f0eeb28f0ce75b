import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { invoiceLines, invoices } from '../src/domains/invoicing/schema';
import { bookingExpenseTypes } from '../src/domains/reference-data/schema';
import { fillStaleRollups, refreshRollups } from '../src/domains/reports/rollup/refresh';
import { call, callData } from './client';
import { october as at, octoberJobs } from './factories-profitability';
import { asideFromRollup as aside, changesNoted as noted } from './rollup-aside';
import { world, type World } from './world';

/**
 * The client profitability's daily rollup answers exactly what the bookings and their money answer:
 * once filled, while a booking's money changes under it (each kind of change on its own: a payment
 * by hand, an expense, an invoice's status, a statement's approval, a refund), and once the changed
 * days are summed again. Any change that did not note its day shows as a difference here.
 */
let w: World<'Accounts', true>;
const ids = { acme: 0, beta: 0, ann: 0, ben: 0, owed: 0, card: 0, invoiced: 0 };
const month = { startDate: '2026-10-01', endDate: '2026-10-31' };

const clients = (filter: Record<string, unknown> = {}) =>
  call(w.app, 'Profitability/GetClientProfitability', { ...month, ...filter }, w.as.Accounts.token).then(
    (res) => res.body,
  );

const asideFromRollup = <T>(read: () => Promise<T>) => aside(w.db, w.company.id, read);

const filters = () => [
  {},
  { clientID: ids.beta },
  { q: 'acme' },
  { startDate: '2026-10-06', endDate: '2026-10-08' },
  { sortColumn: 'revenue', sortType: 'asc' },
];

async function expectSameAsBookings(when: string) {
  for (const filter of filters()) {
    const read = () => clients(filter);
    expect(await read(), `${when}: ${JSON.stringify(filter)}`).toEqual(await asideFromRollup(read));
  }
}

const changesNoted = () => noted(w.db, w.company.id);

/** Each change must be noted for the days it touched: drained before it, counted after it. */
async function afterChange(when: string, change: () => Promise<unknown>) {
  await refreshRollups(w.db);
  expect(await changesNoted()).toBe(0);
  await change();
  expect(await changesNoted(), `${when} noted no day`).toBeGreaterThan(0);
  await expectSameAsBookings(when);
}

beforeAll(async () => {
  w = await world({ roles: ['Accounts'], otherCompany: true });
  const c = w.company.id;
  Object.assign(ids, await octoberJobs(w, c, w.admin.token));
  await w.db.insert(bookings).values([
    { companyId: c, status: 'confirmed', pickupAt: new Date(at(20)), clientId: ids.acme, priceMinor: 5000 },
    { companyId: c, status: 'cancelled', pickupAt: new Date(at(21)), clientId: ids.acme, priceMinor: 1000 },
    { companyId: c, status: 'completed', pickupAt: new Date(at(22)), priceMinor: 700 },
  ]);
}, 120_000);

describe('the client profitability’s daily rollup', () => {
  it('answers the month exactly as the bookings do once filled, and is what the report reads', async () => {
    await fillStaleRollups(w.db);
    expect(await changesNoted()).toBe(0);
    await expectSameAsBookings('filled');
    const before = await clients();
    expect(before).toMatchObject({ bookings: 6, amount: 20_000, revenue: 12_000, expenses: 500, driverPay: 0 });

    // A wrong rollup row shows in the answer: the report reads the rollup, not the bookings.
    await w.db.execute(sql`update profit_days set revenue = revenue + 1000
      where company_id = ${w.company.id} and client_id = ${ids.acme} and day = '2026-10-05'`);
    expect((await clients()).revenue).toBe(12_000 + 1000);
    await w.db.execute(sql`delete from report_rollups where company_id = ${w.company.id}`);
    await fillStaleRollups(w.db);
    expect(await clients()).toEqual(before);
  });

  it('stays exact while each kind of money changes under it, and after the days are summed again', async () => {
    await fillStaleRollups(w.db);
    await afterChange('a payment by hand', async () => {
      const paid = await call(
        w.app,
        'PaymentTransaction/AddPaymentTransaction',
        { bookingId: ids.owed, amount: 1000, method: 'bank_transfer', reference: 'TRF-9' },
        w.as.Accounts.token,
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    });
    await afterChange('an expense the company bears', async () => {
      const [type] = await w.db
        .insert(bookingExpenseTypes)
        .values({ companyId: w.company.id, name: 'Ferry crossing' })
        .returning({ id: bookingExpenseTypes.id });
      await w.db.insert(driverExpenses).values({
        companyId: w.company.id,
        driverId: ids.ben,
        bookingId: ids.owed,
        expenseTypeId: type!.id,
        amountMinor: 250,
        status: 'approved',
        paidBy: 'company',
        createdAt: new Date(at(8)),
      });
    });
    await afterChange('an invoice back to draft', async () => {
      const [line] = await w.db
        .select({ invoiceId: invoiceLines.invoiceId })
        .from(invoiceLines)
        .where(eq(invoiceLines.bookingId, ids.invoiced));
      await w.db
        .update(invoices)
        .set({ status: 'draft', number: null, invoiceNo: null })
        .where(eq(invoices.id, line!.invoiceId));
    });
    await afterChange('statements approved', async () => {
      const made = await callData(
        w.app,
        'DrvrPayment/GeneratePayment',
        { fromDate: '2026-10-01', toDate: '2026-10-31' },
        w.as.Accounts.token,
      );
      await callData(
        w.app,
        'DrvrPayment/ApprovePayments',
        { ids: made.statements.map((s) => s.id) },
        w.as.Accounts.token,
      );
    });
    await afterChange('a card refund', async () => {
      await w.db.update(bookings).set({ cardRefundedMinor: 1500 }).where(eq(bookings.id, ids.card));
    });

    const now = await clients();
    // Ann's and Ben's pay (75 % of card and cash fares, 80 % of account fares), the payment by hand, the
    // draft invoice's job earning nothing, the refund and the expense, all in the rolled-up answer.
    expect(now).toMatchObject({ driverPay: 11_700, revenue: 2500 + 2000 + 1000, expenses: 750 });
    await refreshRollups(w.db);
    expect(await changesNoted()).toBe(0);
    await expectSameAsBookings('summed again');
    expect(await clients()).toEqual(now);
  });

  it('leaves another company’s rollup alone and never shows it', async () => {
    await refreshRollups(w.db);
    const theirs = await call(w.app, 'Profitability/GetClientProfitability', month, w.other!.admin.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ data: [], bookings: 0, revenue: 0 });
  });
});
