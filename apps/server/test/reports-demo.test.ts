import { beforeAll, describe, expect, it } from 'vitest';
import { seedBookingHistory } from '../src/demo/bookings';
import { seedRegister } from '../src/demo/people';
import { seedPastShifts } from '../src/demo/shifts';
import { callData } from './client';
import { createCompany, signIn } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  await t.db.transaction(async (tx) => {
    await seedRegister(tx, company.id, `demo${company.id}.test`, company.roleIds);
    await seedBookingHistory(tx, company.id, 5, 90);
    await seedPastShifts(tx, company.id);
  });
  token = (await signIn(t.app, company.adminEmail)).accessToken;
}, 180_000);

/** The first and last day of the month `back` months before this one. */
function monthBefore(back: number) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return { fromDate: first.toISOString().slice(0, 10), toDate: last.toISOString().slice(0, 10) };
}

describe("the demo company's reports", () => {
  it('show its past months with money, lost jobs and pick-up figures', async () => {
    const month = monthBefore(1);
    const totals = await callData(t.app, 'Reports/GetReportsDataBookingsTotals', month, token);
    expect(totals.summary.bookings).toBeGreaterThan(50);
    expect(totals.summary.revenueMinor).toBeGreaterThan(0);
    expect(totals.summary.lost).toBeGreaterThan(0);
    expect(totals.kpis.onTimePercent).toBeGreaterThan(50);
    expect(totals.kpis.averageAllocateSeconds).toBeGreaterThan(0);
    // Approaches of a few kilometres before journeys of ten or so: dead mileage is a share, neither none nor all.
    expect(totals.kpis.deadMileagePercent).toBeGreaterThan(5);
    expect(totals.kpis.deadMileagePercent).toBeLessThan(80);
    // Shifts are recorded for the past too: time on a job is a share of time on shift.
    expect(totals.kpis.shiftHours).toBeGreaterThan(totals.kpis.jobHours);
    expect(totals.kpis.utilisationPercent).toBeGreaterThan(5);
    expect(totals.kpis.utilisationPercent).toBeLessThan(100);
    const drivers = await callData(t.app, 'Reports/GetReportsDataDriver', month, token);
    expect(drivers.length).toBeGreaterThan(0);
    expect(drivers[0]!.revenueMinor).toBeGreaterThanOrEqual(drivers.at(-1)!.revenueMinor);
  });
});
