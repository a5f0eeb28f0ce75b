import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { passengers } from '../src/domains/passengers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let driver: SignedIn;
let alice: number;
let bob: number;
let quiet: number;
let bookingIds: number[];

type Failure = { code: number; message: string; errors?: { field: string; message: string }[] };
type HistoryRow = Record<string, unknown> & { id: number };

const daysAgo = (n: number, hour = 10) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - n);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

beforeAll(async () => {
  t = await createTestApp();
  // UTC keeps the day arithmetic of the assertions simple.
  company = await createCompany(t.db, { timezone: 'UTC' });
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, (await createCompany(t.db)).adminEmail);
  const driverUser = await createUser(t.db, company.id, 'driver');
  driver = await signIn(t.app, driverUser.email);
  const [type] = await t.db.insert(vehicleTypes).values({ companyId: company.id, name: 'Saloon' }).returning();
  const [car] = await t.db
    .insert(vehicles)
    .values({ companyId: company.id, vehicleTypeId: type!.id, registration: 'AB12 CDE' })
    .returning();
  const rows = await t.db
    .insert(passengers)
    .values([
      { companyId: company.id, firstName: 'Alice', surname: 'Stone', email: 'alice@stats.test' },
      { companyId: company.id, firstName: 'Bob', surname: 'Stone', email: 'bob@stats.test' },
      { companyId: company.id, firstName: 'Quiet', surname: 'Stone', email: 'quiet@stats.test' },
    ])
    .returning();
  [alice, bob, quiet] = rows.map((r) => r.id) as [number, number, number];

  const base = { companyId: company.id, currency: 'GBP' };
  const inserted = await t.db
    .insert(bookings)
    .values([
      // Alice: two completed, one cancelled, one no-show, one upcoming.
      {
        ...base,
        passengerId: alice,
        status: 'completed',
        priceMinor: 3000,
        pickupAt: daysAgo(40),
        driverId: driverUser.personId,
        vehicleId: car!.id,
      },
      { ...base, passengerId: alice, status: 'completed', priceMinor: 5000, pickupAt: daysAgo(10) },
      { ...base, passengerId: alice, status: 'cancelled', priceMinor: 2500, pickupAt: daysAgo(5) },
      { ...base, passengerId: alice, status: 'no_show', priceMinor: 1000, pickupAt: daysAgo(3) },
      { ...base, passengerId: alice, status: 'confirmed', priceMinor: 4000, pickupAt: daysAgo(-3) },
      // Bob: one completed.
      { ...base, passengerId: bob, status: 'completed', priceMinor: 9000, pickupAt: daysAgo(2) },
    ])
    .returning({ id: bookings.id });
  bookingIds = inserted.map((b) => b.id);
  await t.db.insert(bookingStops).values([
    { companyId: company.id, bookingId: bookingIds[0]!, seq: 1, kind: 'pickup', address: 'Heathrow T5' },
    { companyId: company.id, bookingId: bookingIds[0]!, seq: 2, kind: 'via', address: 'Hammersmith' },
    { companyId: company.id, bookingId: bookingIds[0]!, seq: 3, kind: 'dropoff', address: '10 Downing St' },
    { companyId: company.id, bookingId: bookingIds[1]!, seq: 1, kind: 'pickup', address: 'Kings Cross' },
  ]);
});

describe('passenger statistics', () => {
  it('totals the passenger’s bookings', async () => {
    const res = await call(t.app, 'Passenger/GetPassengerStatistics', { id: alice }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      totalBookings: 5,
      completedBookings: 2,
      cancelledBookings: 1,
      noShowBookings: 1,
      upcomingBookings: 1,
      revenueMinor: 9000,
      averageFareMinor: 3000,
      currency: 'GBP',
    });
    const ranged = await call(
      t.app,
      'Passenger/GetPassengerStatistics',
      { id: alice, fromDate: daysAgo(12).toISOString().slice(0, 10) },
      admin.accessToken,
    );
    expect((ranged.body.data as { totalBookings: number }).totalBookings).toBe(4);
    const none = await call(t.app, 'Passenger/GetPassengerStatistics', { id: quiet }, admin.accessToken);
    expect(none.body.data).toMatchObject({ totalBookings: 0, lastBookingAt: null });
  });

  it('counts, spreads over weekdays and months, and ranks passengers', async () => {
    const counts = await call(t.app, 'Passenger/GetPassengerBookingCount', { id: alice }, admin.accessToken);
    expect(counts.body.data).toMatchObject({ total: 5, upcoming: 1 });

    const week = await call(t.app, 'Passenger/GetPassengerWeekDays', { id: alice }, admin.accessToken);
    expect(week.body.data).toHaveLength(7);
    expect(week.body.data.reduce((n, d) => n + d.bookings, 0)).toBe(5);

    const trends = await call(t.app, 'Passenger/GetPassengerBookingTrends', { id: alice }, admin.accessToken);
    expect(trends.body.data).toHaveLength(12);
    // The upcoming booking may fall next month, outside the default twelve months.
    expect(trends.body.data.reduce((n, d) => n + d.bookings, 0)).toBeGreaterThanOrEqual(4);

    const top = await call(t.app, 'Passenger/GetTopPassenger', { limit: 5 }, admin.accessToken);
    expect(top.body.data.map((r) => [r.rank, r.id, r.bookings, r.revenueMinor])).toEqual([
      [1, alice, 3, 9000],
      [2, bob, 1, 9000],
    ]);
    expect((top.body.data[0] as unknown as { name: string }).name).toBe('Alice Stone');
    const badLimit = await call(t.app, 'Passenger/GetTopPassenger', { limit: 500 }, admin.accessToken);
    expect(badLimit.body.errors).toEqual([{ field: 'limit', message: 'must be at most 50' }]);
    const theirs = await call(t.app, 'Passenger/GetTopPassenger', {}, other.accessToken);
    expect(theirs.body.data).toEqual([]);
  });

  it('answers 404 for another company’s passenger, 400 naming a bad date, 403 for a driver', async () => {
    for (const name of [
      'Passenger/GetPassengerStatistics',
      'Passenger/GetPassengerBookingCount',
      'Passenger/GetPassengerWeekDays',
      'Passenger/GetPassengerBookingTrends',
      'Passenger/GetPassengerBookingHistory',
      'Passenger/GetPassengerNote',
    ]) {
      expect((await call(t.app, name, { id: alice }, other.accessToken)).status, name).toBe(404);
      expect((await call(t.app, name, { id: alice }, driver.accessToken)).status, name).toBe(403);
    }
    const badDate = await call(
      t.app,
      'Passenger/GetPassengerWeekDays',
      { id: alice, fromDate: '2024-13-01' },
      admin.accessToken,
    );
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors?.[0]?.field).toBe('fromDate');
  });
});

describe('Passenger/GetPassengerBookingHistory', () => {
  it('lists the passenger’s bookings newest first with addresses, driver and vehicle', async () => {
    const res = await call(t.app, 'Passenger/GetPassengerBookingHistory', { id: alice }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(res.body.data.map((r) => r.id)).toEqual([
      bookingIds[4],
      bookingIds[3],
      bookingIds[2],
      bookingIds[1],
      bookingIds[0],
    ]);
    expect(res.body.data[4]).toMatchObject({
      status: 'completed',
      statusName: 'Completed',
      pickup: 'Heathrow T5',
      dropoff: '10 Downing St',
      priceMinor: 3000,
      currency: 'GBP',
      driverName: 'Test Driver',
      vehicleRegistration: 'AB12 CDE',
    });
    expect(res.body.data[3]).toMatchObject({ pickup: 'Kings Cross', dropoff: null, driverName: null });
    expect(res.body.data[0]).toMatchObject({ pickup: null, dropoff: null, statusName: 'Confirmed' });
  });

  it('filters on status, dates and addresses, and pages', async () => {
    const list = (body: Record<string, unknown>) =>
      call(t.app, 'Passenger/GetPassengerBookingHistory', { id: alice, ...body }, admin.accessToken);
    expect((await list({ status: 'completed' })).body.data.map((r) => r.id)).toEqual([bookingIds[1], bookingIds[0]]);
    const recent = await list({
      fromDate: daysAgo(6).toISOString().slice(0, 10),
      toDate: daysAgo(0).toISOString().slice(0, 10),
    });
    expect(recent.body.data.map((r) => r.id)).toEqual([bookingIds[3], bookingIds[2]]);
    expect((await list({ q: 'downing' })).body.data.map((r) => r.id)).toEqual([bookingIds[0]]);
    const page = await list({ perPage: 2, page: 2 });
    expect(page.body).toMatchObject({ total: 3, count: 5 });
    expect(page.body.data.map((r) => r.id)).toEqual([bookingIds[0]]);
    const cheapest = await list({ sortColumn: 'priceMinor', sortType: 'asc' });
    expect(cheapest.body.data[0]?.priceMinor).toBe(1000);

    const reversed = await list({ fromDate: '2024-05-02', toDate: '2024-05-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([{ field: 'toDate', message: 'must be on or after fromDate' }]);
    const badStatus = await list({ status: 'lost' });
    expect(badStatus.body.errors?.[0]?.field).toBe('status');
    const noId = await call(t.app, 'Passenger/GetPassengerBookingHistory', {}, admin.accessToken);
    expect(noId.body.errors).toEqual([{ field: 'id', message: 'is required' }]);
  });

  it('is empty for a passenger who never booked', async () => {
    const res = await call(t.app, 'Passenger/GetPassengerBookingHistory', { id: quiet }, admin.accessToken);
    expect(res.body).toEqual({ data: [], allData: [], total: 0, count: 0 });
  });
});
