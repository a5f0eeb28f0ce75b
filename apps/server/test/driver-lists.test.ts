import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { chatMessages } from '../src/domains/chat/schema';
import { driverAdjustments, driverNotifications } from '../src/domains/driver-app/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { drivers } from '../src/domains/drivers/schema';
import { bookingExpenseTypes } from '../src/domains/reference-data/schema';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { makeModel } from './factories-driver-pay';
import { world, type Person, type World } from './world';

let w: World<'driver', true>;
let me: Person;
let colleague: Person;
let stranger: Person;
let myId = 0;
let colleagueId = 0;
let strangerId = 0;

const day = (iso: string) => new Date(iso);

/**
 * Earnings are driver pay (docs/driver-app-lists.md#earnings): every driver here is paid by a model
 * whose office commission is 0 %, so a done job earns its whole price. The booking's hand-set driver
 * price is a penny more: no statement pays it, and the job rows must not show it.
 */
async function job(companyId: number, driverId: number, status: string, pickupAt: string, priceMinor?: number) {
  const [b] = await w.db
    .insert(bookings)
    .values({
      companyId,
      driverId,
      status: status as 'pending',
      pickupAt: day(pickupAt),
      priceMinor: priceMinor ?? null,
      driverPriceMinor: priceMinor === undefined ? null : priceMinor + 1,
    })
    .returning({ id: bookings.id });
  return b!.id;
}

let ids: Awaited<ReturnType<typeof jobs>>;
let wholeFareModel = 0;

const wholeFare = {
  name: 'Whole fare',
  basis: 'commission' as const,
  commission: { cashPercent: '0', cardPercent: '0', accountPercent: '0' },
};

const paidBy = (modelId: number, driverIds: number[]) =>
  w.db.update(drivers).set({ defaultPaymentModelId: modelId }).where(inArray(drivers.id, driverIds));

beforeAll(async () => {
  // Berlin: 23:30 UTC on 1 March is already 2 March there, which the day tests rely on.
  w = await world({ company: { timezone: 'Europe/Berlin' }, roles: ['driver'], otherCompany: true });
  me = w.as.driver;
  colleague = await w.person('driver');
  stranger = await w.other.person('driver');
  [myId, colleagueId, strangerId] = [me.personId, colleague.personId, stranger.personId];
  wholeFareModel = await makeModel(w, w.admin.token, wholeFare);
  await paidBy(wholeFareModel, [myId, colleagueId]);
  await paidBy(await makeModel(w, w.other.admin.token, wholeFare), [strangerId]);
  ids = await jobs();
});

/** The jobs the lists are read against: the driver's open and done ones, a colleague's and a stranger's. */
async function jobs() {
  return {
    later: await job(w.company.id, myId, 'accepted', '2099-05-02T10:00:00Z'),
    sooner: await job(w.company.id, myId, 'allocated', '2099-05-01T10:00:00Z'),
    underWay: await job(w.company.id, myId, 'on_route', '2099-05-03T10:00:00Z'),
    doneA: await job(w.company.id, myId, 'completed', '2026-03-01T23:30:00Z', 2500),
    doneB: await job(w.company.id, myId, 'no_show', '2026-03-03T09:00:00Z', 1000),
    cancelled: await job(w.company.id, myId, 'cancelled', '2026-03-03T10:00:00Z', 9999),
    colleagueOpen: await job(w.company.id, colleagueId, 'accepted', '2099-05-01T09:00:00Z'),
    colleagueDone: await job(w.company.id, colleagueId, 'completed', '2026-03-02T10:00:00Z', 7777),
    strangerDone: await job(w.other.company.id, strangerId, 'completed', '2026-03-02T10:00:00Z', 5555),
  };
}

describe('Booking/GetTableSummaryBookingDriverApp', () => {
  it("lists only the signed-in driver's open jobs, soonest first, paged", async () => {
    const res = await call(w.app, 'Booking/GetTableSummaryBookingDriverApp', { perPage: 2 }, me.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((r) => r.id)).toEqual([ids.sooner, ids.later]);
    expect(res.body.allData.map((r) => r.id)).toEqual([ids.sooner, ids.later, ids.underWay]);
  });
  it("carries the office's notes for the driver", async () => {
    await w.db.update(bookings).set({ notesForDriver: 'Meet at door 4.' }).where(eq(bookings.id, ids.sooner));
    const res = await call(w.app, 'Booking/GetTableSummaryBookingDriverApp', {}, me.token);
    expect(res.body.allData.find((r) => r.id === ids.sooner)).toMatchObject({ notesForDriver: 'Meet at door 4.' });
    expect(res.body.allData.find((r) => r.id === ids.later)).toMatchObject({ notesForDriver: null });
  });

  it('answers bad paging with 400 naming the field', async () => {
    const res = await call(w.app, 'Booking/GetTableSummaryBookingDriverApp', { perPage: -1 }, me.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('perPage');
  });
  it("never shows another driver's or company's jobs", async () => {
    const col = await call(w.app, 'Booking/GetTableSummaryBookingDriverApp', {}, colleague.token);
    expect(col.body.allData.map((r) => r.id)).toEqual([ids.colleagueOpen]);
    const str = await call(w.app, 'Booking/GetTableSummaryBookingDriverApp', {}, stranger.token);
    expect(str.body.count).toBe(0);
  });
  it('is refused to an office user', async () => {
    const res = await call(w.app, 'Booking/GetTableSummaryBookingDriverApp', {}, w.admin.token);
    expect(res.status).toBe(403);
  });
});

describe('Booking/GetDriverUpcomingBooking', () => {
  it('answers the job under way before the soonest waiting one', async () => {
    const res = await call(w.app, 'Booking/GetDriverUpcomingBooking', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.booking?.id).toBe(ids.underWay);
  });
  it('answers null for a driver with nothing to do, and 403 to the office', async () => {
    const res = await call(w.app, 'Booking/GetDriverUpcomingBooking', {}, stranger.token);
    expect(res.body.data.booking).toBeNull();
    expect((await call(w.app, 'Booking/GetDriverUpcomingBooking', {}, w.admin.token)).status).toBe(403);
  });
});

describe.each(['Booking/GetTableSummaryBookingDriverHistory', 'Booking/GetBookingDriverHistory'] as const)(
  '%s',
  (historyCall) => {
    it('lists done jobs newest first, filtered by company days', async () => {
      const all = await call(w.app, historyCall, {}, me.token);
      expect(all.status).toBe(200);
      expect(all.body.allData.map((r) => r.id)).toEqual([ids.doneB, ids.doneA]);
      // The driver sees what they are paid for each job, not only the fare.
      expect(all.body.allData.map((r) => [r.driverPriceMinor, r.driverPayEstimated])).toEqual([
        [1000, true],
        [2500, true],
      ]);
      // 23:30 UTC on 1 March is 2 March in Berlin.
      const one = await call(w.app, historyCall, { fromDate: '2026-03-02', toDate: '2026-03-02' }, me.token);
      expect(one.body.allData.map((r) => r.id)).toEqual([ids.doneA]);
    });
    it('answers a bad date with 400 naming the field', async () => {
      const res = await call(w.app, historyCall, { fromDate: 'soon' }, me.token);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('fromDate');
    });
    it("never shows another driver's or company's jobs; office 403", async () => {
      const col = await call(w.app, historyCall, {}, colleague.token);
      expect(col.body.allData.map((r) => r.id)).toEqual([ids.colleagueDone]);
      const str = await call(w.app, historyCall, {}, stranger.token);
      expect(str.body.allData.map((r) => r.id)).toEqual([ids.strangerDone]);
      expect((await call(w.app, historyCall, {}, w.admin.token)).status).toBe(403);
    });
  },
);

describe.each(['Booking/GetDriverEarnings', 'Driver/GetDriverEarnings'] as const)('%s', (name) => {
  it('sums driver pay of done jobs by company day', async () => {
    const res = await call(w.app, name, { fromDate: '2026-03-01', toDate: '2026-03-03' }, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.totalMinor).toBe(3500);
    expect(res.body.data.jobs).toBe(2);
    expect(res.body.data.days).toEqual([
      { date: '2026-03-01', jobs: 0, earningsMinor: 0, onStatementMinor: 0, estimatedMinor: 0 },
      { date: '2026-03-02', jobs: 1, earningsMinor: 2500, onStatementMinor: 0, estimatedMinor: 2500 },
      { date: '2026-03-03', jobs: 1, earningsMinor: 1000, onStatementMinor: 0, estimatedMinor: 1000 },
    ]);
  });
  it('answers a reversed or missing period with 400 naming the field', async () => {
    const rev = await call(w.app, name, { fromDate: '2026-03-03', toDate: '2026-03-01' }, me.token);
    expect(rev.status).toBe(400);
    expect(rev.body.errors?.[0]?.field).toBe('toDate');
    const missing = await callRaw(w.app, name, { toDate: '2026-03-01' }, me.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('fromDate');
  });
  it("counts only the driver's own company and jobs; office 403", async () => {
    const str = await call(w.app, name, { fromDate: '2026-03-02', toDate: '2026-03-02' }, stranger.token);
    expect(str.body.data.totalMinor).toBe(5555);
    const col = await call(w.app, name, { fromDate: '2026-03-02', toDate: '2026-03-02' }, colleague.token);
    expect(col.body.data.totalMinor).toBe(7777);
    expect((await call(w.app, name, { fromDate: '2026-03-01', toDate: '2026-03-01' }, w.admin.token)).status).toBe(403);
  });
});

describe('Driver notifications', () => {
  let mineIds: number[] = [];
  let theirs = 0;
  beforeAll(async () => {
    const rows = await w.db
      .insert(driverNotifications)
      .values([
        {
          companyId: w.company.id,
          driverId: myId,
          kind: 'offer',
          title: 'Old',
          body: 'b',
          createdAt: day('2026-03-01T08:00:00Z'),
        },
        {
          companyId: w.company.id,
          driverId: myId,
          kind: 'note',
          title: 'New',
          body: 'b',
          createdAt: day('2026-03-02T08:00:00Z'),
        },
      ])
      .returning({ id: driverNotifications.id });
    mineIds = rows.map((r) => r.id);
    const [c] = await w.db
      .insert(driverNotifications)
      .values({ companyId: w.company.id, driverId: colleagueId, kind: 'note', title: 'Theirs', body: 'b' })
      .returning({ id: driverNotifications.id });
    theirs = c!.id;
  });

  it('lists the driver’s own, newest first', async () => {
    const res = await call(w.app, 'Driver/GetDriverNotifications', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body.allData.map((r) => r.title)).toEqual(['New', 'Old']);
    const str = await call(w.app, 'Driver/GetDriverNotifications', {}, stranger.token);
    expect(str.body.count).toBe(0);
    expect((await call(w.app, 'Driver/GetDriverNotifications', {}, w.admin.token)).status).toBe(403);
  });
  it('marks one read; another driver’s is not found and stays unread', async () => {
    const res = await call(w.app, 'Driver/UpdateIsNotified', { id: mineIds[0] }, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBe(1);
    const other = await call(w.app, 'Driver/UpdateIsNotified', { id: theirs }, me.token);
    expect(other.status).toBe(404);
    const [row] = await w.db.select().from(driverNotifications).where(eq(driverNotifications.id, theirs));
    expect(row?.isNotified).toBe(false);
    expect((await call(w.app, 'Driver/UpdateIsNotified', { id: theirs }, stranger.token)).status).toBe(404);
  });
  it('marks all read with all: true', async () => {
    const res = await call(w.app, 'Driver/UpdateIsNotified', { all: true }, me.token);
    expect(res.body.data.updated).toBe(1);
    const list = await call(w.app, 'Driver/GetDriverNotifications', {}, me.token);
    expectEvery(list.body.allData, (r) => r.isNotified === true);
  });
  it('answers bad input with 400 naming the field, office 403', async () => {
    const res = await call(w.app, 'Driver/UpdateIsNotified', {}, me.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('id');
    const bad = await call(w.app, 'Driver/UpdateIsNotified', { id: 'x' }, me.token);
    expect(bad.status).toBe(400);
    expect((await call(w.app, 'Driver/UpdateIsNotified', { all: true }, w.admin.token)).status).toBe(403);
  });
});

describe('Driver/GetChatCount', () => {
  it('counts unread office messages to this driver only', async () => {
    await w.db.insert(chatMessages).values([
      { companyId: w.company.id, driverId: myId, fromDriver: false, body: 'unread' },
      { companyId: w.company.id, driverId: myId, fromDriver: false, body: 'also unread', isBroadcast: true },
      { companyId: w.company.id, driverId: myId, fromDriver: false, body: 'read', readAt: new Date() },
      { companyId: w.company.id, driverId: myId, fromDriver: true, body: 'mine' },
      { companyId: w.company.id, driverId: colleagueId, fromDriver: false, body: 'theirs' },
    ]);
    const res = await call(w.app, 'Driver/GetChatCount', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(2);
    expect((await call(w.app, 'Driver/GetChatCount', {}, stranger.token)).body.data.count).toBe(0);
    expect((await call(w.app, 'Driver/GetChatCount', {}, w.admin.token)).status).toBe(403);
  });
});

describe('Booking/GetDriverDashboardDetails', () => {
  it("answers the driver's today: jobs, earnings, availability, next job", async () => {
    const fresh = await w.person('driver');
    await paidBy(wholeFareModel, [fresh.personId]);
    const now = new Date().toISOString();
    const done = await job(w.company.id, fresh.personId, 'completed', now, 1200);
    const open = await job(w.company.id, fresh.personId, 'accepted', now);
    await job(w.company.id, fresh.personId, 'cancelled', now, 5000);
    await job(w.company.id, colleagueId, 'completed', now, 3000);
    const res = await call(w.app, 'Booking/GetDriverDashboardDetails', {}, fresh.token);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.availability).toBe(3);
    expect(d.availabilityName).toBe('Offline');
    expect(d.todayJobs.map((r) => r.id).sort()).toEqual([done, open].sort());
    expect(d.todayDoneCount).toBe(1);
    expect(d.earningsTodayMinor).toBe(1200);
    expect(d.earningsWeekMinor).toBe(1200);
    expect(d.earningsTodayEstimatedMinor).toBe(1200);
    expect(d.nextJob?.id).toBe(open);
  });
  it('shows nothing of other companies, and is refused to the office', async () => {
    const res = await call(w.app, 'Booking/GetDriverDashboardDetails', {}, stranger.token);
    expect(res.body.data.todayJobCount).toBe(0);
    expect(res.body.data.nextJob).toBeNull();
    expect((await call(w.app, 'Booking/GetDriverDashboardDetails', {}, w.admin.token)).status).toBe(403);
  });
});

describe('Driver/GetDriverPaymentSummary', () => {
  beforeAll(async () => {
    const [type] = await w.db
      .insert(bookingExpenseTypes)
      .values({ companyId: w.company.id, name: 'Driver-lists test parking' })
      .returning({ id: bookingExpenseTypes.id });
    const claimed = day('2026-03-02T10:00:00Z');
    const expense = { companyId: w.company.id, expenseTypeId: type!.id, createdAt: claimed };
    await w.db.insert(driverExpenses).values([
      { ...expense, driverId: myId, amountMinor: 300, status: 'approved' },
      { ...expense, driverId: myId, amountMinor: 400, status: 'pending' },
      { ...expense, driverId: myId, amountMinor: 500, status: 'declined' },
      { ...expense, driverId: myId, amountMinor: 600, status: 'approved', createdAt: day('2026-04-02T10:00:00Z') },
      { ...expense, driverId: colleagueId, amountMinor: 700, status: 'approved' },
    ]);
    const adj = { companyId: w.company.id, reason: 'r', effectiveDate: '2026-03-03' };
    await w.db.insert(driverAdjustments).values([
      { ...adj, driverId: myId, kind: 'credit', amountMinor: 1000 },
      { ...adj, driverId: myId, kind: 'debit', amountMinor: 250 },
      { ...adj, driverId: colleagueId, kind: 'credit', amountMinor: 9000 },
    ]);
  });

  it('adds earnings, approved expenses and credits, takes debits', async () => {
    const res = await call(
      w.app,
      'Driver/GetDriverPaymentSummary',
      { fromDate: '2026-03-01', toDate: '2026-03-31' },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      earningsMinor: 3500,
      approvedExpensesMinor: 300,
      pendingExpensesMinor: 400,
      creditsMinor: 1000,
      debitsMinor: 250,
      netMinor: 3500 + 300 + 1000 - 250,
    });
  });
  it('answers a bad period with 400 naming the field; other company sees none; office 403', async () => {
    const bad = await call(
      w.app,
      'Driver/GetDriverPaymentSummary',
      { fromDate: '2026-13-01', toDate: '2026-03-31' },
      me.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('fromDate');
    const str = await call(
      w.app,
      'Driver/GetDriverPaymentSummary',
      { fromDate: '2026-03-01', toDate: '2026-03-31' },
      stranger.token,
    );
    expect(str.body.data).toMatchObject({ approvedExpensesMinor: 0, creditsMinor: 0, netMinor: 5555 });
    const office = await call(
      w.app,
      'Driver/GetDriverPaymentSummary',
      { fromDate: '2026-03-01', toDate: '2026-03-31' },
      w.admin.token,
    );
    expect(office.status).toBe(403);
  });
});

describe('Booking/GetBookingTime', () => {
  it("answers the pick-up and journey times of the driver's own job", async () => {
    const id = await job(w.company.id, myId, 'completed', '2026-03-05T10:00:00Z', 100);
    await w.db
      .update(bookings)
      .set({ onBoardAt: day('2026-03-05T10:05:00Z'), completedAt: day('2026-03-05T10:47:00Z') })
      .where(eq(bookings.id, id));
    const res = await call(w.app, 'Booking/GetBookingTime', { id }, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      pickupAt: '2026-03-05T10:00:00.000Z',
      journeyMinutes: 42,
      arrivedAt: null,
    });
  });
  it("is not found for another driver's or company's job; 400 without id; office 403", async () => {
    expect((await call(w.app, 'Booking/GetBookingTime', { id: ids.colleagueDone }, me.token)).status).toBe(404);
    expect((await call(w.app, 'Booking/GetBookingTime', { id: ids.strangerDone }, me.token)).status).toBe(404);
    const bad = await callRaw(w.app, 'Booking/GetBookingTime', {}, me.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await call(w.app, 'Booking/GetBookingTime', { id: ids.doneA }, w.admin.token)).status).toBe(403);
  });
});

describe('Driver/GetDriverEarningsAverage', () => {
  it('averages per job, per day and per worked day', async () => {
    const res = await call(
      w.app,
      'Driver/GetDriverEarningsAverage',
      { fromDate: '2026-03-01', toDate: '2026-03-04' },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      jobs: 2,
      totalMinor: 3500,
      perJobMinor: 1750,
      perDayMinor: 875,
      perWorkedDayMinor: 1750,
    });
  });
  it('answers a bad period with 400, other company its own, office 403', async () => {
    const bad = await callRaw(w.app, 'Driver/GetDriverEarningsAverage', { fromDate: '2026-03-01' }, me.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('toDate');
    const str = await call(
      w.app,
      'Driver/GetDriverEarningsAverage',
      { fromDate: '2026-03-01', toDate: '2026-03-04' },
      stranger.token,
    );
    expect(str.body.data.totalMinor).toBe(5555);
    const office = await call(
      w.app,
      'Driver/GetDriverEarningsAverage',
      { fromDate: '2026-03-01', toDate: '2026-03-04' },
      w.admin.token,
    );
    expect(office.status).toBe(403);
  });
});

describe('Booking/GetTableSummaryBookingDriverAppPerWeek', () => {
  it('answers Monday to Sunday with the jobs of each company day', async () => {
    // 4 March 2026 is a Wednesday; the job at 23:30 UTC on 1 March is Monday 2 March in Berlin.
    const res = await call(w.app, 'Booking/GetTableSummaryBookingDriverAppPerWeek', { date: '2026-03-04' }, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.fromDate).toBe('2026-03-02');
    expect(res.body.data.toDate).toBe('2026-03-08');
    expect(res.body.data.days).toHaveLength(7);
    expect(res.body.data.days[0]?.jobs.map((r) => r.id)).toEqual([ids.doneA]);
    // The cancelled job of 3 March is left out.
    expect(res.body.data.days[1]?.jobs.map((r) => r.id)).toEqual([ids.doneB]);
  });
  it('answers a bad date with 400, shows nothing of others, office 403', async () => {
    const bad = await call(w.app, 'Booking/GetTableSummaryBookingDriverAppPerWeek', { date: '2026-02-30x' }, me.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('date');
    const col = await call(
      w.app,
      'Booking/GetTableSummaryBookingDriverAppPerWeek',
      { date: '2026-03-04' },
      colleague.token,
    );
    expect(col.body.data.days.flatMap((d) => d.jobs.map((r) => r.id))).toEqual([ids.colleagueDone]);
    const office = await call(w.app, 'Booking/GetTableSummaryBookingDriverAppPerWeek', {}, w.admin.token);
    expect(office.status).toBe(403);
  });
});
