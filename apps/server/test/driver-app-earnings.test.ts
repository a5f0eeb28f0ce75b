import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingValidations } from '../src/domains/booking-validation/schema';
import { bookings } from '../src/domains/bookings/schema';
import { call, callData } from './client';
import { drivers } from '../src/domains/drivers/schema';
import { doneJob, makeModel } from './factories-driver-pay';
import { world, type Person, type World } from './world';

/*
 * The driver app's earnings agree with driver pay (docs/driver-app-lists.md#earnings): a job on an
 * approved statement counts at the statement's pay with its corrections, any other done job at what
 * generation would pay it now, shown apart as the estimate.
 */

let w: World<'Accounts', true>;
let token = '';
let me: Person;
let colleague: Person;
const week = { fromDate: '2026-10-05', toDate: '2026-10-11' };
let statementId = 0;
let estimatedJob = 0;

const earnings = (as: Person) => callData(w.app, 'Driver/GetDriverEarnings', week, as.token);
const summary = (as: Person) => callData(w.app, 'Driver/GetDriverPaymentSummary', week, as.token);
const generate = async () =>
  (await callData(w.app, 'DrvrPayment/GeneratePayment', { ...week, driverIDs: [me.personId] }, token)).statements[0]!
    .id;

async function signedInDriver(modelId: number, lastName: string): Promise<Person> {
  const person = await w.person('driver');
  await w.db
    .update(drivers)
    .set({ defaultPaymentModelId: modelId, lastName, bankSortCode: '12-34-56', bankAccountNumber: '12345678' })
    .where(eq(drivers.id, person.personId));
  return person;
}

beforeAll(async () => {
  w = await world({ roles: ['Accounts'], otherCompany: true });
  token = w.as.Accounts.token;
  // Commission: the office keeps 25 % of cash and card fares.
  const modelId = await makeModel(w, w.admin.token);
  me = await signedInDriver(modelId, 'Mine');
  colleague = await signedInDriver(modelId, 'Colleague');
  await doneJob(w, w.company.id, me.personId, { method: 'card', fare: 2000, pickupAt: '2026-10-06T10:00:00Z' });
  await doneJob(w, w.company.id, me.personId, { method: 'cash', fare: 3000, pickupAt: '2026-10-07T10:00:00Z' });
  await doneJob(w, w.company.id, colleague.personId, {
    method: 'card',
    fare: 5000,
    pickupAt: '2026-10-08T10:00:00Z',
  });
  statementId = await generate();
  await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [statementId] }, token);
  // Done after the statement was approved, so on none; its hand-set driver price is not what it earns.
  estimatedJob = await doneJob(w, w.company.id, me.personId, {
    method: 'card',
    fare: 4000,
    pickupAt: '2026-10-09T10:00:00Z',
  });
  await w.db.update(bookings).set({ driverPriceMinor: 12_345 }).where(eq(bookings.id, estimatedJob));
}, 180_000);

describe("the driver app's earnings", () => {
  it('count the approved statement part and the estimate apart, and the statement part is the statement', async () => {
    const e = await earnings(me);
    expect(e).toMatchObject({ jobs: 3, onStatementMinor: 1500 + 2250, estimatedMinor: 3000, estimatedJobs: 1 });
    expect(e.totalMinor).toBe(1500 + 2250 + 3000);
    const statements = await call(w.app, 'Driver/GetDriverStatementsDrvApp', {}, me.token);
    expect(statements.body.data.map((s) => s.earnedMinor)).toEqual([e.onStatementMinor]);
    const byDay = Object.fromEntries(e.days.map((d) => [d.date, [d.jobs, d.onStatementMinor, d.estimatedMinor]]));
    expect(byDay).toMatchObject({
      '2026-10-06': [1, 1500, 0],
      '2026-10-07': [1, 2250, 0],
      '2026-10-08': [0, 0, 0],
      '2026-10-09': [1, 0, 3000],
    });
    for (const d of e.days) expect(d.earningsMinor).toBe(d.onStatementMinor + d.estimatedMinor);

    const s = await summary(me);
    expect(s).toMatchObject({ jobs: 3, earningsMinor: 6750, onStatementMinor: 3750, estimatedMinor: 3000 });
    expect(s.netMinor).toBe(6750);
    const avg = await callData(w.app, 'Driver/GetDriverEarningsAverage', week, me.token);
    expect(avg).toMatchObject({ totalMinor: 6750, onStatementMinor: 3750, estimatedMinor: 3000, perJobMinor: 2250 });
  });

  it("never counts another driver's jobs, nor another company's", async () => {
    expect(await earnings(colleague)).toMatchObject({ jobs: 1, totalMinor: 3750, estimatedMinor: 3750 });
    const stranger = await w.other.person('driver');
    expect(await earnings(stranger)).toMatchObject({ jobs: 0, totalMinor: 0 });
  });

  it('estimate a job at what generation then pays it, and count it on the statement once approved', async () => {
    const draft = await generate();
    const view = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: draft }, token);
    expect(view.jobs.map((j) => [j.bookingId, j.payMinor])).toEqual([[estimatedJob, 3000]]);
    // A statement the office has not approved is not the driver's yet: still the estimate.
    expect(await earnings(me)).toMatchObject({ onStatementMinor: 3750, estimatedMinor: 3000 });
    await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [draft] }, token);
    expect(await earnings(me)).toMatchObject({ totalMinor: 6750, onStatementMinor: 6750, estimatedMinor: 0 });
  });

  it("add a paid job's correction once the statement carrying it is approved", async () => {
    // The office accepts 24.00 for the first job after paying it at 20.00: 18.00 is due, 3.00 more.
    const [first] = await w.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.driverId, me.personId), eq(bookings.pickupAt, new Date('2026-10-06T10:00:00Z'))));
    await w.db
      .update(bookingValidations)
      .set({ acceptedMinor: 2400 })
      .where(eq(bookingValidations.bookingId, first!.id));
    const draft = await generate();
    const view = await callData(w.app, 'DrvrPayment/GetGeneratedPaymentsViews', { id: draft }, token);
    expect(view.lines.map((l) => [l.kind, l.bookingId, l.amountMinor])).toEqual([['correction', first!.id, 300]]);
    expect((await earnings(me)).onStatementMinor).toBe(6750);
    await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [draft] }, token);
    const e = await earnings(me);
    expect(e).toMatchObject({ totalMinor: 7050, onStatementMinor: 7050, estimatedMinor: 0 });
    expect(e.days.find((d) => d.date === '2026-10-06')?.onStatementMinor).toBe(1800);
  });
});
