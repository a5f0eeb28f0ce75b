import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingValidations } from '../src/domains/booking-validation/schema';
import { bookings } from '../src/domains/bookings/schema';
import { driverStatementJobs, driverStatements } from '../src/domains/driver-pay/schema';
import { call, callData } from './client';
import { commissionModel, doneJob, makeModel, payDriver } from './factories-driver-pay';
import { ledgerFaults } from './factories-invoices';
import { accountBalance } from './ledger-balance';
import { world, type World } from './world';

let w: World<'Accounts' | 'Dispatcher', true>;
let token = '';
let modelId = 0;
let ann = 0; // paid more than her cash: pay to her
let bob = 0; // holds more cash than he earned: collect from him
const week = { fromDate: '2026-10-05', toDate: '2026-10-11' };
const at = (day: number, hour = 10) =>
  `2026-10-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
const balanceOf = (driverId: number) => accountBalance(w, w.company.id, 'driverBalance', driverId);

beforeAll(async () => {
  w = await world({ roles: ['Accounts', 'Dispatcher'], otherCompany: true });
  token = w.as.Accounts.token;
  modelId = await makeModel(w, w.admin.token);
  ann = await payDriver(w, w.company.id, modelId, { name: 'Ann' });
  bob = await payDriver(w, w.company.id, modelId, { name: 'Bob', bank: false });
  // Ann: cash 24.00 (pays 18.00), card 18.00 (13.50), account 40.00 (32.00): earned 63.50, cash 24.00.
  await doneJob(w, w.company.id, ann, { method: 'cash', fare: 2400, pickupAt: at(5) });
  await doneJob(w, w.company.id, ann, { method: 'card', fare: 1800, pickupAt: at(7) });
  await doneJob(w, w.company.id, ann, { method: 'account', fare: 4000, pickupAt: at(9) });
  // Not validated, and outside the week: not paid.
  await doneJob(w, w.company.id, ann, { method: 'card', fare: 1000, pickupAt: at(8), validated: false });
  await doneJob(w, w.company.id, ann, { method: 'card', fare: 1000, pickupAt: at(12, 12) });
  // Bob: two cash jobs of 30.00 (each pays 22.50): earned 45.00, cash 60.00, net −15.00.
  await doneJob(w, w.company.id, bob, { method: 'cash', fare: 3000, pickupAt: at(6) });
  await doneJob(w, w.company.id, bob, { method: 'cash', fare: 3000, pickupAt: at(10) });
}, 120_000);

describe('bad input, permissions, other companies', () => {
  it('answers a bad period or a missing reason with a 400 naming the field', async () => {
    const back = await call(
      w.app,
      'DrvrPayment/GeneratePayment',
      { fromDate: '2026-10-11', toDate: '2026-10-05' },
      token,
    );
    expect(back.status).toBe(400);
    expect(back.body.errors?.[0]?.field).toBe('toDate');
    const missing = await call(w.app, 'DrvrPayment/GeneratePayment', { toDate: '2026-10-05' } as never, token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('fromDate');
    const noReason = await call(
      w.app,
      'DrvrPayment/AddDriverPaymentAdjustments',
      { statementId: 1, amountMinor: 500, reason: ' ' },
      token,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]?.field).toBe('reason');
    const settle = await call(w.app, 'DrvrPayment/SettlePayments', { ids: [], method: 'bank' }, token);
    expect(settle.status).toBe(400);
    expect(settle.body.errors?.[0]?.field).toBe('ids');
  });

  it('refuses a role without the permission (403)', async () => {
    const res = await call(w.app, 'DrvrPayment/GetGeneratedPayments', {}, w.as.Dispatcher.token);
    expect(res.status).toBe(403);
  });

  it('refuses another company’s driver as a field', async () => {
    const theirs = await payDriver(w, w.other!.company.id, null);
    const res = await call(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [theirs] }, token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('driverIDs.0');
  });
});

describe('generating, approving and settling a week', () => {
  let annStatement = 0;
  let bobStatement = 0;

  it('lists the eligible drivers with their job count and estimated net', async () => {
    const res = await call(w.app, 'DrvrPayment/GetEligibleDrivers', { ...week, perPage: 0 }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.allData.map((r) => [r.driverId, r.jobCount, r.estimatedNetMinor, r.CHECKED])).toEqual([
      [ann, 3, 3950, true],
      [bob, 2, -1500, true],
    ]);
    expect(res.body.allData[0]!.Dates).toBe('2026-10-05 to 2026-10-11');
  });

  it('makes a statement per driver with the jobs’ pay, the netting and the attention reasons', async () => {
    const res = await call(w.app, 'DrvrPayment/GeneratePayment', week, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ made: 2, replaced: 0 });
    const byDriver = new Map(res.body.data!.statements.map((s) => [s.driverId, s]));
    expect(byDriver.get(ann)).toMatchObject({
      status: 'generated',
      jobCount: 3,
      earnedMinor: 6350,
      cashCollectedMinor: 2400,
      netMinor: 3950,
      payToDriverMinor: 3950,
      collectFromDriverMinor: 0,
      statementNo: null,
    });
    expect(byDriver.get(bob)).toMatchObject({ status: 'generated', netMinor: -1500, collectFromDriverMinor: 1500 });
    annStatement = byDriver.get(ann)!.id;
    bobStatement = byDriver.get(bob)!.id;

    const view = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: annStatement }, token);
    expect(view.jobs.map((j) => [j.paymentMethod, j.fareMinor, j.payMinor, j.modelVersion])).toEqual([
      ['cash', 2400, 1800, 1],
      ['card', 1800, 1350, 1],
      ['account', 4000, 3200, 1],
    ]);
    expect(view.jobs[0]!.breakdown).toMatchObject({ amount: 1800, basis: 'commission' });
    const eligible = await callData(w.app, 'DrvrPayment/GetEligibleDrivers', week, token);
    expect(eligible).toEqual([]);
  });

  it('generating the period again replaces the drafts and makes nothing new', async () => {
    const res = await callData(w.app, 'DrvrPayment/GeneratePayment', week, token);
    expect(res).toMatchObject({ made: 2, replaced: 2 });
    const rows = await w.db.select().from(driverStatements).where(eq(driverStatements.companyId, w.company.id));
    expect(rows.length).toBe(2);
    const jobs = await w.db.select().from(driverStatementJobs).where(eq(driverStatementJobs.companyId, w.company.id));
    expect(jobs.length).toBe(5);
    annStatement = res.statements.find((s) => s.driverId === ann)!.id;
    bobStatement = res.statements.find((s) => s.driverId === bob)!.id;
  });

  it('keeps a job on one statement only (the unique index)', async () => {
    const [job] = await w.db
      .select()
      .from(driverStatementJobs)
      .where(eq(driverStatementJobs.statementId, annStatement));
    await expect(
      w.db.insert(driverStatementJobs).values({ ...job!, id: undefined, statementId: bobStatement }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'driver_statement_jobs_booking_key' }) });
  });

  it('adds and removes adjustments before approval, the totals made again', async () => {
    const added = await callData(
      w.app,
      'DrvrPayment/AddDriverPaymentAdjustments',
      { statementId: annStatement, amountMinor: 500, reason: 'Airport waiting' },
      token,
    );
    expect(added).toMatchObject({ adjustmentsMinor: 500, netMinor: 4450 });
    const fee = await callData(
      w.app,
      'DrvrPayment/AddDriverPaymentAdjustments',
      { statementId: annStatement, amountMinor: -200, reason: 'Card fee' },
      token,
    );
    expect(fee).toMatchObject({ adjustmentsMinor: 300, netMinor: 4250 });
    const lines = await callData(
      w.app,
      'DrvrPayment/GetDriverPaymentAdjustments',
      { statementId: annStatement },
      token,
    );
    expect(lines.map((l) => [l.kind, l.amountMinor, l.reason])).toEqual([
      ['adjustment', 500, 'Airport waiting'],
      ['adjustment', -200, 'Card fee'],
    ]);
    const removed = await callData(w.app, 'DrvrPayment/DeleteDriverPaymentAdjustment', { id: lines[0]!.id }, token);
    expect(removed).toMatchObject({ adjustmentsMinor: -200, netMinor: 3750 });
  });

  it('corrects a job’s pay with a reason before approval', async () => {
    const view = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: bobStatement }, token);
    const res = await callData(
      w.app,
      'DrvrPayment/UpdateCommissionsGetCollectFromDriverDetail',
      { statementId: bobStatement, bookingId: view.jobs[0]!.bookingId, payMinor: 2300, reason: 'Long wait' },
      token,
    );
    expect(res).toMatchObject({ earnedMinor: 4550, netMinor: -1450 });
    expect(res.jobs[0]).toMatchObject({ payMinor: 2300, correctionReason: 'Long wait' });
    const ann1 = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: annStatement }, token);
    const same = await callData(
      w.app,
      'DrvrPayment/updateCommissionsGeneratedPaymentsViews',
      { statementId: annStatement, bookingId: ann1.jobs[0]!.bookingId, payMinor: 1800, reason: 'Checked' },
      token,
    );
    expect(same.netMinor).toBe(3750);
    const notOnIt = await call(
      w.app,
      'DrvrPayment/updateCommissionsGeneratedPaymentsViews',
      { statementId: annStatement, bookingId: view.jobs[0]!.bookingId, payMinor: 1, reason: 'Wrong one' },
      token,
    );
    expect(notOnIt.status).toBe(404);
    // The deletions that name a direction refuse the other one.
    expect((await call(w.app, 'DrvrPayment/DeleteCollectFromDriver', { id: annStatement }, token)).status).toBe(409);
    expect((await call(w.app, 'DrvrPayment/DeletePayToDriver', { id: bobStatement }, token)).status).toBe(409);
  });

  it('generating again keeps the adjustments and the pay set by hand, with their reasons', async () => {
    const before = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: bobStatement }, token);
    const res = await callData(w.app, 'DrvrPayment/GeneratePayment', week, token);
    expect(res).toMatchObject({ made: 2, replaced: 2 });
    annStatement = res.statements.find((s) => s.driverId === ann)!.id;
    bobStatement = res.statements.find((s) => s.driverId === bob)!.id;
    const lines = await callData(
      w.app,
      'DrvrPayment/GetDriverPaymentAdjustments',
      { statementId: annStatement },
      token,
    );
    expect(lines.map((l) => [l.kind, l.amountMinor, l.reason])).toEqual([['adjustment', -200, 'Card fee']]);
    const bobNow = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: bobStatement }, token);
    expect(bobNow).toMatchObject({ earnedMinor: before.earnedMinor, netMinor: before.netMinor });
    expect(bobNow.jobs.find((j) => j.bookingId === before.jobs[0]!.bookingId)).toMatchObject({
      payMinor: 2300,
      correctionReason: 'Long wait',
    });
    const annNow = res.statements.find((s) => s.driverId === ann)!;
    expect(annNow).toMatchObject({ adjustmentsMinor: -200, netMinor: 3750 });
  });

  it('flags a statement that needs a person', async () => {
    const attention = await callData(w.app, 'DrvrPayment/GetAttentionPayments', {}, token);
    expect(attention).toEqual([]);
    // Carl, without bank details, is owed money and has a job without a price: attention.
    const carl = await payDriver(w, w.company.id, modelId, { name: 'Carl', bank: false });
    await doneJob(w, w.company.id, carl, { method: 'card', fare: 2000, pickupAt: at(8) });
    await doneJob(w, w.company.id, carl, { method: 'card', fare: null, pickupAt: at(8, 14) });
    const made = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [carl] }, token);
    expect(made.statements[0]).toMatchObject({ status: 'attention' });
    expect(made.statements[0]!.attentionReasons).toEqual([
      expect.stringMatching(/without a price/),
      'The driver has no bank details',
    ]);
    const list = await callData(w.app, 'DrvrPayment/GetAttentionPayments', {}, token);
    expect(list.map((s) => s.driverId)).toEqual([carl]);
    // A job without a price cannot be approved; the statement is deleted instead.
    const approve = await call(w.app, 'DrvrPayment/ApprovePayments', { ids: [made.statements[0]!.id] }, token);
    expect(approve.status).toBe(409);
    const deleted = await call(w.app, 'DrvrPayment/DeletePayToDriver', { id: made.statements[0]!.id }, token);
    expect(deleted.status).toBe(200);
    expect(await w.db.select().from(driverStatements).where(eq(driverStatements.id, made.statements[0]!.id))).toEqual(
      [],
    );
    // A driver who owes: DeleteCollectFromDriver deletes the statement; DeleteGeneratedPayment deletes any.
    const fay = await payDriver(w, w.company.id, modelId, { name: 'Fay' });
    await doneJob(w, w.company.id, fay, { method: 'cash', fare: 2000, pickupAt: at(8) });
    const owes = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [fay] }, token);
    expect(owes.statements[0]!.collectFromDriverMinor).toBe(500);
    expect(
      (await call(w.app, 'DrvrPayment/DeleteCollectFromDriver', { id: owes.statements[0]!.id }, token)).status,
    ).toBe(200);
    const again = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [fay] }, token);
    expect(
      (await call(w.app, 'DrvrPayment/DeleteGeneratedPayment', { id: again.statements[0]!.id }, token)).status,
    ).toBe(200);
  });

  it('approves with a number and posts the netting to the driver’s balance', async () => {
    const before = { ann: await balanceOf(ann), bob: await balanceOf(bob) };
    const res = await call(w.app, 'DrvrPayment/ApprovePayments', { ids: [bobStatement, annStatement] }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second] = res.body.data!.statements;
    expect(first!.statementNo).toMatch(new RegExp(`^DS-\\d{4}-00001$`));
    expect(second!.statementNo).toMatch(/-00002$/);
    expect((await balanceOf(ann)) - before.ann).toBe(-3750);
    expect((await balanceOf(bob)) - before.bob).toBe(1450);
    expect(await accountBalance(w, w.company.id, 'driverCash', ann)).toBe(-2400);
    expect(await ledgerFaults(w, w.company.id)).toEqual({ entries: 0, accounts: 0 });

    const again = await call(w.app, 'DrvrPayment/ApprovePayments', { ids: [annStatement] }, token);
    expect(again.status).toBe(409);
    const del = await call(w.app, 'DrvrPayment/DeleteGeneratedPayment', { id: annStatement }, token);
    expect(del.status).toBe(409);
    const delPay = await call(w.app, 'DrvrPayment/DeletePayToDriver', { id: annStatement }, token);
    expect(delPay.status).toBe(409);
    const adj = await call(
      w.app,
      'DrvrPayment/AddDriverPaymentAdjustments',
      { statementId: annStatement, amountMinor: 100, reason: 'Late' },
      token,
    );
    expect(adj.status).toBe(409);
  });

  it('settles: never more than is due, part payments, reversal, settled when all is paid', async () => {
    const tooMuch = await call(
      w.app,
      'DrvrPayment/CreateBillPayments',
      { statementId: annStatement, amountMinor: 3751, method: 'bank' },
      token,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toContain('3750');
    expect(tooMuch.body.message).toContain('3751');
    const wrongWay = await call(
      w.app,
      'DrvrPayment/CreateInvoice',
      { statementId: annStatement, amountMinor: 100, method: 'cash' },
      token,
    );
    expect(wrongWay.status).toBe(409);

    const part = await callData(
      w.app,
      'DrvrPayment/CreateBillPayments',
      { statementId: annStatement, amountMinor: 1000, method: 'bank', reference: 'BACS 1' },
      token,
    );
    expect(part.statement).toMatchObject({ status: 'approved', settledMinor: 1000, dueMinor: 2750 });
    expect(await balanceOf(ann)).toBe(-2750);
    const bills = await callData(w.app, 'DrvrPayment/GetBillPayments', { statementId: annStatement }, token);
    expect(bills.map((b) => [b.amountMinor, b.reference])).toEqual([[1000, 'BACS 1']]);
    const back = await callData(w.app, 'DrvrPayment/DeleteBillPayments', { id: part.payment.id }, token);
    expect(back).toMatchObject({ settledMinor: 0, dueMinor: 3750 });
    expect(await balanceOf(ann)).toBe(-3750);

    const totals = await callData(w.app, 'DrvrPayment/GetDriversBillTotalPayment', {}, token);
    expect(totals).toEqual([
      expect.objectContaining({ driverId: ann, totalMinor: 3750, paidMinor: 0, dueMinor: 3750 }),
    ]);

    const settled = await callData(
      w.app,
      'DrvrPayment/SettlePayments',
      { ids: [annStatement, bobStatement], method: 'bank' },
      token,
    );
    expect(settled.statements.map((s) => [s.status, s.dueMinor])).toEqual([
      ['settled', 0],
      ['settled', 0],
    ]);
    expect(settled.payments.map((p) => [p.kind, p.amountMinor]).sort()).toEqual([
      ['bill', 3750],
      ['invoice', 1450],
    ]);
    expect(await balanceOf(ann)).toBe(0);
    expect(await balanceOf(bob)).toBe(0);
    const collected = await callData(w.app, 'DrvrPayment/GetDriversInvoiceTotalPayment', {}, token);
    expect(collected).toEqual([
      expect.objectContaining({ driverId: bob, totalMinor: 1450, paidMinor: 1450, dueMinor: 0 }),
    ]);
    const nothingLeft = await call(w.app, 'DrvrPayment/SettlePayments', { ids: [annStatement], method: 'bank' }, token);
    expect(nothingLeft.status).toBe(409);
    // Money collected from Bob, deleted (reversed) and collected again.
    const fromBob = await callData(w.app, 'DrvrPayment/GetDriversInvoice', { driverID: bob }, token);
    expect(fromBob.map((p) => [p.kind, p.amountMinor, p.method])).toEqual([['invoice', 1450, 'bank']]);
    const undone = await callData(w.app, 'DrvrPayment/DeleteInvoicePayments', { id: fromBob[0]!.id }, token);
    expect(undone).toMatchObject({ status: 'approved', dueMinor: 1450 });
    expect(await balanceOf(bob)).toBe(1450);
    expect(await callData(w.app, 'DrvrPayment/GetDriversInvoice', { driverID: bob }, token)).toEqual([]);
    const twice = await call(w.app, 'DrvrPayment/DeleteInvoicePayments', { id: fromBob[0]!.id }, token);
    expect(twice.status).toBe(409);
    const cash = await callData(
      w.app,
      'DrvrPayment/CreateInvoice',
      { statementId: bobStatement, amountMinor: 1450, method: 'cash', reference: 'Office till' },
      token,
    );
    expect(cash.statement).toMatchObject({ status: 'settled', dueMinor: 0 });
    expect(await balanceOf(bob)).toBe(0);
    expect(await ledgerFaults(w, w.company.id)).toEqual({ entries: 0, accounts: 0 });
  });

  it('pays a changed job on an approved statement as a correction, never twice', async () => {
    const view = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: annStatement }, token);
    const card = view.jobs.find((j) => j.paymentMethod === 'card')!;
    await w.db.update(bookings).set({ priceMinor: 2200 }).where(eq(bookings.id, card.bookingId));
    await w.db
      .update(bookingValidations)
      .set({ acceptedMinor: 2200 })
      .where(eq(bookingValidations.bookingId, card.bookingId));
    const res = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [ann] }, token);
    const statement = await callData(
      w.app,
      'DrvrPayment/GetGeneratedPaymentsViews',
      { id: res.statements[0]!.id },
      token,
    );
    expect(statement.jobs).toEqual([]);
    expect(statement.lines.map((l) => [l.kind, l.amountMinor, l.bookingId])).toEqual([
      ['correction', 300, card.bookingId],
    ]);
    // No second deduction or bonus for the period, and the difference only.
    expect(statement).toMatchObject({ netMinor: 300, deductionsMinor: 0, bonusesMinor: 0 });
    const again = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [ann] }, token);
    expect(again).toMatchObject({ made: 1, replaced: 1 });
    await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [again.statements[0]!.id] }, token);
    const none = await call(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [ann] }, token);
    expect(none.status).toBe(409);
  });

  it('refuses to approve a statement whose job became invalid since generation', async () => {
    const dan = await payDriver(w, w.company.id, modelId, { name: 'Dan' });
    const job = await doneJob(w, w.company.id, dan, { method: 'card', fare: 1000, pickupAt: at(6) });
    const made = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [dan] }, token);
    await w.db
      .update(bookingValidations)
      .set({ status: 'invalid', reason: 'Wrong drop-off' })
      .where(eq(bookingValidations.bookingId, job));
    const res = await call(w.app, 'DrvrPayment/ApprovePayments', { ids: [made.statements[0]!.id] }, token);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(String(job));
    const [row] = await w.db.select().from(driverStatements).where(eq(driverStatements.id, made.statements[0]!.id));
    expect(row!.status).toBe('generated');
  });

  it('answers another company’s statement, line and payment with 404', async () => {
    const theirs = w.other!.admin.token;
    for (const res of [
      await call(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: annStatement }, theirs),
      await call(w.app, 'DrvrPayment/ApprovePayments', { ids: [bobStatement] }, theirs),
      await call(w.app, 'DrvrPayment/DeleteGeneratedPayment', { id: annStatement }, theirs),
      await call(
        w.app,
        'DrvrPayment/CreateBillPayments',
        { statementId: annStatement, amountMinor: 1, method: 'bank' },
        theirs,
      ),
      await call(w.app, 'DrvrPayment/GetDriverPaymentAdjustments', { statementId: annStatement }, theirs),
    ]) {
      expect(res.status).toBe(404);
    }
    const list = await callData(w.app, 'DrvrPayment/GetGeneratedPayments', {}, theirs);
    expect(list).toEqual([]);
  });

  it('takes the model’s bonuses and deductions once per period and lists the deductions taken', async () => {
    const busy = await makeModel(w, w.admin.token, {
      ...commissionModel,
      name: 'Commission with extras',
      bonuses: [{ id: 1, name: 'Busy week', measure: 'jobs', bands: [{ from: 2, to: null, amount: 1000 }] }],
      deductions: [
        { id: 1, name: 'App subscription', kind: 'subscription', weeklyAmount: 1250, companyCarOnly: false },
        { id: 2, name: 'Car rent', kind: 'rent', weeklyAmount: 15000, companyCarOnly: true },
      ],
    });
    const eve = await payDriver(w, w.company.id, busy, { name: 'Eve' });
    await doneJob(w, w.company.id, eve, { method: 'card', fare: 2000, pickupAt: at(6) });
    await doneJob(w, w.company.id, eve, { method: 'card', fare: 2000, pickupAt: at(7) });
    const made = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [eve] }, token);
    // Earned 2 × 15.00; bonus 10.00; subscription 12.50 (no rent: no company car).
    expect(made.statements[0]).toMatchObject({
      earnedMinor: 3000,
      bonusesMinor: 1000,
      deductionsMinor: 1250,
      netMinor: 2750,
    });
    await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [made.statements[0]!.id] }, token);
    expect(await balanceOf(eve)).toBe(-2750);
    const res = await callData(w.app, 'DrvrPayment/GetTableSummaryDriverDeductions', { driverID: eve }, token);
    expect(res.map((d) => [d.name, d.amountMinor, d.periodFrom])).toEqual([['App subscription', 1250, week.fromDate]]);
    // A later job of the week is paid on a new statement without a second subscription or bonus.
    await doneJob(w, w.company.id, eve, { method: 'card', fare: 2000, pickupAt: at(9) });
    const late = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [eve] }, token);
    expect(late.statements[0]).toMatchObject({
      earnedMinor: 1500,
      bonusesMinor: 0,
      deductionsMinor: 0,
      netMinor: 1500,
    });
  });
});

describe('the ledger follows any statement (property)', () => {
  it('pay-to − collect-from is the movement of the driver’s balance; settling brings it back', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            method: fc.constantFrom('cash', 'card', 'account' as const),
            fare: fc.integer({ min: 100, max: 20_000 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(
          fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
          { maxLength: 3 },
        ),
        async (jobs, adjustments) => {
          run++;
          const day = String(run).padStart(2, '0');
          const period = { fromDate: `2025-03-${day}`, toDate: `2025-03-${day}` };
          const driver = await payDriver(w, w.company.id, modelId, { name: `Prop ${run}` });
          for (const j of jobs) {
            await doneJob(w, w.company.id, driver, {
              method: j.method,
              fare: j.fare,
              pickupAt: `${period.fromDate}T12:00:00Z`,
            });
          }
          const made = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...period, driverIDs: [driver] }, token);
          const id = made.statements[0]!.id;
          for (const amount of adjustments) {
            await callData(
              w.app,
              'DrvrPayment/AddDriverPaymentAdjustments',
              { statementId: id, amountMinor: amount, reason: 'Test' },
              token,
            );
          }
          const before = await balanceOf(driver);
          const [approved] = (await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [id] }, token)).statements;
          const moved = (await balanceOf(driver)) - before;
          expect(-moved).toBe(approved!.payToDriverMinor - approved!.collectFromDriverMinor);
          if (approved!.dueMinor > 0) {
            await callData(w.app, 'DrvrPayment/SettlePayments', { ids: [id], method: 'cash' }, token);
          }
          expect(await balanceOf(driver)).toBe(before);
          expect(await ledgerFaults(w, w.company.id)).toEqual({ entries: 0, accounts: 0 });
        },
      ),
      { numRuns: 8 },
    );
    const [unbalanced] = (
      await w.db.execute<{ n: number }>(sql`select count(*)::int as n from (select entry_id from journal_lines
        where company_id = ${w.company.id} group by entry_id having sum(amount_minor) <> 0) x`)
    ).rows;
    expect(unbalanced!.n).toBe(0);
  });
});
