import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { drivers } from '../src/domains/drivers/schema';
import { bookingCountsOf, statisticsOf, topOf, trendsOf, weekDaysOf } from '../src/domains/statistics/booking-stats';
import { eq, sql } from 'drizzle-orm';
import { createCompany, createUser, type TestCompany } from './factories';
import { adminSession, callContext, type TestCallContext } from './call-context';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let company: TestCompany;
let driverId: number;
let ctx: TestCallContext;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db, { timezone: 'Europe/London' });
  const driver = await createUser(t.db, company.id, 'driver');
  driverId = driver.personId;
  const other = await createUser(t.db, company.id, 'driver');
  await t.db.update(drivers).set({ firstName: 'Zed' }).where(eq(drivers.id, other.personId));
  const row = (
    pickupAt: string,
    status: 'completed' | 'cancelled' | 'no_show' | 'confirmed',
    priceMinor: number,
    who = driverId,
  ) => ({
    companyId: company.id,
    pickupAt: new Date(pickupAt),
    status,
    priceMinor,
    driverId: who,
  });
  await t.db.insert(bookings).values([
    row('2026-03-02T09:00:00Z', 'completed', 1000), // Monday
    row('2026-03-02T23:30:00Z', 'completed', 2000), // Monday 23:30 UTC = Monday in London (GMT)
    row('2026-06-07T23:30:00Z', 'completed', 3000), // Sunday 23:30 UTC = Monday 00:30 in London (BST)
    row('2026-06-09T10:00:00Z', 'cancelled', 4000), // Tuesday
    row('2026-06-10T10:00:00Z', 'no_show', 500), // Wednesday
    row('2026-06-10T11:00:00Z', 'completed', 9999, other.personId),
  ]);
  ctx = await callContext(t, adminSession(company.id));
});

describe('booking statistics', () => {
  it('sums done bookings only and averages over them', async () => {
    const s = await statisticsOf(ctx, 'driver', driverId, {});
    expect(s).toMatchObject({ totalBookings: 5, completedBookings: 3, cancelledBookings: 1, noShowBookings: 1 });
    expect(s.revenueMinor).toBe(6500);
    expect(s.averageFareMinor).toBe(1625);
  });

  it('counts week days on the company clock', async () => {
    const days = await weekDaysOf(ctx, 'driver', driverId, {});
    expect(days.map((d) => d.bookings)).toEqual([3, 1, 1, 0, 0, 0, 0]);
    expect(days[0]).toMatchObject({ name: 'Monday', revenueMinor: 6000 });
  });

  it('gives every month of the range, empty ones too', async () => {
    const trend = await trendsOf(ctx, 'driver', driverId, { fromDate: '2026-02-01', toDate: '2026-06-30' });
    expect(trend.map((m) => m.period)).toEqual(['2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(trend.map((m) => m.bookings)).toEqual([0, 2, 0, 0, 3]);
    expect(trend[4]).toMatchObject({ completed: 1, cancelled: 1, revenueMinor: 3500 });
  });

  it('reads a range in local dates', async () => {
    const s = await statisticsOf(ctx, 'driver', driverId, { fromDate: '2026-06-08', toDate: '2026-06-08' });
    expect(s.totalBookings).toBe(1);
  });

  it('ranks the top drivers by jobs done, then revenue', async () => {
    const top = await topOf(ctx, 'driver', { table: drivers, name: sql<string>`${drivers.firstName}` }, {}, 5);
    expect(top.map((r) => r.bookings)).toEqual([4, 1]);
    expect(top[1]?.name).toBe('Zed');
  });

  it('counts nothing of another company', async () => {
    const other = await createCompany(t.db);
    const foreign = await callContext(t, adminSession(other.id));
    expect((await bookingCountsOf(foreign, 'driver', driverId)).total).toBe(0);
  });
});
