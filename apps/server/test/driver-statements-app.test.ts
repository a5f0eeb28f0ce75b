import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../src/domains/drivers/schema';
import { call, callData } from './client';
import { doneJob, makeModel } from './factories-driver-pay';
import { world, type Person, type World } from './world';

let w: World<'Accounts' | 'driver', true>;
let token = '';
let me: Person;
let colleague: Person;
let stranger: Person;
/** My statements by week: the first settled, the second approved, the third still a draft. */
const mine: Record<'settled' | 'approved' | 'draft', number> = { settled: 0, approved: 0, draft: 0 };
let colleagues = 0;

const weeks = {
  first: { fromDate: '2026-10-05', toDate: '2026-10-11' },
  second: { fromDate: '2026-10-12', toDate: '2026-10-18' },
  third: { fromDate: '2026-10-19', toDate: '2026-10-25' },
};

const list = (as: string, input: { page?: number; perPage?: number } = {}) =>
  call(w.app, 'Driver/GetDriverStatementsDrvApp', input, as);

async function driverPaidBy(modelId: number, lastName: string, person: Person) {
  await w.db
    .update(drivers)
    .set({
      defaultPaymentModelId: modelId,
      firstName: 'Test',
      lastName,
      bankSortCode: '12-34-56',
      bankAccountNumber: '12345678',
    })
    .where(eq(drivers.id, person.personId));
  return person;
}

const statementOf = async (period: { fromDate: string; toDate: string }, driverId: number) => {
  const made = await callData(w.app, 'DrvrPayment/GeneratePayment', { ...period, driverIDs: [driverId] }, token);
  return made.statements[0]!.id;
};

beforeAll(async () => {
  w = await world({ roles: ['Accounts', 'driver'], otherCompany: true });
  token = w.as.Accounts.token;
  const modelId = await makeModel(w, w.admin.token);
  me = await driverPaidBy(modelId, 'Mine', w.as.driver);
  colleague = await driverPaidBy(modelId, 'Colleague', await w.person('driver'));
  stranger = await w.other.person('driver');
  // Commission 25 %: a card job of 20.00 pays 15.00; a cash job of 20.00 leaves the driver owing 5.00.
  await doneJob(w, w.company.id, me.personId, { method: 'card', fare: 2000, pickupAt: '2026-10-06T10:00:00Z' });
  await doneJob(w, w.company.id, me.personId, { method: 'cash', fare: 2000, pickupAt: '2026-10-13T10:00:00Z' });
  await doneJob(w, w.company.id, me.personId, { method: 'card', fare: 4000, pickupAt: '2026-10-20T10:00:00Z' });
  await doneJob(w, w.company.id, colleague.personId, {
    method: 'card',
    fare: 3000,
    pickupAt: '2026-10-07T10:00:00Z',
  });
  mine.settled = await statementOf(weeks.first, me.personId);
  mine.approved = await statementOf(weeks.second, me.personId);
  mine.draft = await statementOf(weeks.third, me.personId);
  colleagues = await statementOf(weeks.first, colleague.personId);
  await callData(w.app, 'DrvrPayment/ApprovePayments', { ids: [mine.settled, mine.approved, colleagues] }, token);
  await callData(w.app, 'DrvrPayment/SettlePayments', { ids: [mine.settled], method: 'bank' }, token);
}, 180_000);

describe('Driver/GetDriverStatementsDrvApp', () => {
  it("lists the signed-in driver's approved and settled statements, newest period first, never a draft", async () => {
    const res = await list(me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.data.map((r) => r.id)).toEqual([mine.approved, mine.settled]);
    expect(res.body.data.map((r) => r.id)).not.toContain(mine.draft);
    const [approved] = res.body.data;
    expect(approved).toMatchObject({
      status: 'approved',
      periodFrom: '2026-10-12',
      periodTo: '2026-10-18',
      earnedMinor: 1500,
      cashCollectedMinor: 2000,
      netMinor: -500,
      settledMinor: 0,
      dueMinor: 500,
    });
    expect(approved!.statementNo).toMatch(/^DS-\d{4}-\d{5}$/);
    expect(approved!.approvedAt).not.toBeNull();
    // The office's parts stay in the office.
    expect(approved).not.toHaveProperty('attentionReasons');
    expect(approved).not.toHaveProperty('driverId');
  });

  it('shows a settled statement with nothing left to pay', async () => {
    const settled = (await list(me.token)).body.data.find((r) => r.id === mine.settled);
    expect(settled).toMatchObject({ status: 'settled', netMinor: 1500, settledMinor: 1500, dueMinor: 0 });
  });

  it('pages like the other driver-app lists', async () => {
    const first = await list(me.token, { page: 0, perPage: 1 });
    expect(first.body).toMatchObject({ count: 2, total: 2 });
    expect(first.body.data.map((r) => r.id)).toEqual([mine.approved]);
    const second = await list(me.token, { page: 1, perPage: 1 });
    expect(second.body.data.map((r) => r.id)).toEqual([mine.settled]);
  });

  it("never shows another driver's statements, whatever the payload names", async () => {
    const theirs = await list(colleague.token);
    expect(theirs.body.data.map((r) => r.id)).toEqual([colleagues]);
    const asked = await call(
      w.app,
      'Driver/GetDriverStatementsDrvApp',
      { driverID: me.personId, driverId: me.personId } as never,
      colleague.token,
    );
    expect(asked.body.data.map((r) => r.id)).toEqual([colleagues]);
    const elsewhere = await list(stranger.token);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.count).toBe(0);
  });

  it('refuses office staff (403) and a call without a token (401)', async () => {
    expect((await list(token)).status).toBe(403);
    expect((await list(w.admin.token)).status).toBe(403);
    expect((await call(w.app, 'Driver/GetDriverStatementsDrvApp', {})).status).toBe(401);
  });

  it('the PDF of each listed statement opens for its driver', async () => {
    for (const row of (await list(me.token)).body.data) {
      const pdf = await call(
        w.app,
        'BookingInvoice/GetGenerateDocumentDriverPaymentForDriverApp',
        { id: row.id },
        me.token,
      );
      expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
      expect(pdf.body.data.draft).toBe(false);
    }
  });
});
