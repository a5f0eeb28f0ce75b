import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { bookingExpenseTypes } from '../src/domains/reference-data/schema';
import { callData } from './client';
import { doneJob, makeModel, payDriver } from './factories-driver-pay';
import { accountBalance } from './ledger-balance';
import { world, type World } from './world';

let w: World<'Accounts', false>;
let driver = 0;
let job = 0;
const ids: Record<string, number> = {};
const week = { fromDate: '2026-10-05', toDate: '2026-10-11' };

beforeAll(async () => {
  w = await world({ roles: ['Accounts'] });
  const model = await makeModel(w, w.admin.token);
  driver = await payDriver(w, w.company.id, model, { name: 'Cara' });
  // A card job of 40.00: the office keeps 25 %, so it pays 30.00.
  job = await doneJob(w, w.company.id, driver, { method: 'card', fare: 4000, pickupAt: '2026-10-07T10:00:00Z' });
  const [parking] = await w.db
    .insert(bookingExpenseTypes)
    .values({ companyId: w.company.id, name: 'Parking at the airport' })
    .returning({ id: bookingExpenseTypes.id });
  const expense = async (key: string, values: Partial<typeof driverExpenses.$inferInsert>) => {
    const [row] = await w.db
      .insert(driverExpenses)
      .values({
        companyId: w.company.id,
        driverId: driver,
        bookingId: job,
        expenseTypeId: parking!.id,
        amountMinor: 650,
        status: 'approved',
        paidBy: 'company',
        createdAt: new Date('2026-10-07T12:00:00Z'),
        ...values,
      })
      .returning({ id: driverExpenses.id });
    ids[key] = row!.id;
  };
  await expense('paid', {});
  await expense('earlier', { amountMinor: 250, bookingId: null, createdAt: new Date('2026-09-20T08:00:00Z') });
  await expense('byClient', { amountMinor: 900, paidBy: 'client' });
  await expense('pending', { status: 'pending' });
  await expense('declined', { status: 'declined', declineReason: 'no receipt' });
  await expense('later', { createdAt: new Date('2026-10-20T08:00:00Z') });
}, 120_000);

const statementOf = async (id: number) =>
  (
    await w.db
      .select()
      .from(driverExpenses)
      .where(and(eq(driverExpenses.companyId, w.company.id), eq(driverExpenses.id, id)))
  )[0]!.statementId;

describe('approved expenses the company pays go on the driver’s next statement', () => {
  let statementId = 0;

  it('adds the approved company-paid expenses up to the period’s end, once, as expense lines', async () => {
    const made = await callData(w.app, 'DrvrPayment/GeneratePayment', week, w.as.Accounts.token);
    statementId = made.statements[0]!.id;
    const view = await callData(
      w.app,
      'DrvrPayment/GetGeneratedPaymentsViews',
      { id: statementId },
      w.as.Accounts.token,
    );
    expect(
      view.lines
        .filter((l) => l.kind === 'expense')
        .map((l) => l.amountMinor)
        .sort(),
    ).toEqual([250, 650]);
    expect(made.statements[0]).toMatchObject({
      earnedMinor: 3000,
      expensesMinor: 900,
      netMinor: 3900,
      payToDriverMinor: 3900,
    });
    expect(await statementOf(ids.paid!)).toBe(statementId);
    expect(await statementOf(ids.earlier!)).toBe(statementId);
    for (const key of ['byClient', 'pending', 'declined', 'later']) expect(await statementOf(ids[key]!)).toBeNull();
  });

  it('made again, the statement takes the same expenses once; approval pays them to the driver', async () => {
    const again = await callData(w.app, 'DrvrPayment/GeneratePayment', week, w.as.Accounts.token);
    const next = again.statements[0]!;
    expect(next.id).not.toBe(statementId);
    expect(next.expensesMinor).toBe(900);
    expect(await statementOf(ids.paid!)).toBe(next.id);
    await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [next.id] }, w.as.Accounts.token);
    // The office owes the driver pay and expenses: a credit of 39.00 on the driver's balance.
    expect(await accountBalance(w, w.company.id, 'driverBalance', driver)).toBe(-3900);
  });
});
