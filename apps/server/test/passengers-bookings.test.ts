import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { passengers } from '../src/domains/passengers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'driver', true>;
let alice: number;
let bob: number;
let quiet: number;
let bookingIds: number[];

const daysAgo = (n: number, hour = 10) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - n);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

beforeAll(async () => {
  // UTC keeps the day arithmetic of the assertions simple.
  w = await world({ company: { timezone: 'UTC' }, roles: ['driver'], otherCompany: true });
  const driverUser = w.as.driver;
  const [type] = await w.db.insert(vehicleTypes).values({ companyId: w.company.id, name: 'Saloon' }).returning();
  const [car] = await w.db
    .insert(vehicles)
    .values({ companyId: w.company.id, vehicleTypeId: type!.id, registration: 'AB12 CDE' })
    .returning();
  const rows = await w.db
    .insert(passengers)
    .values([
      { companyId: w.company.id, firstName: 'Alice', surname: 'Stone', email: 'alice@stats.test' },
      { companyId: w.company.id, firstName: 'Bob', surname: 'Stone', email: 'bob@stats.test' },
      { companyId: w.company.id, firstName: 'Quiet', surname: 'Stone', email: 'quiet@stats.test' },
    ])
    .returning();
  [alice, bob, quiet] = rows.map((r) => r.id) as [number, number, number];

  const base = { companyId: w.company.id, currency: 'GBP' };
  const inserted = await w.db
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
  await w.db.insert(bookingStops).values([
    { companyId: w.company.id, bookingId: bookingIds[0]!, seq: 1, kind: 'pickup', address: 'Heathrow T5' },
    { companyId: w.company.id, bookingId: bookingIds[0]!, seq: 2, kind: 'via', address: 'Hammersmith' },
    { companyId: w.company.id, bookingId: bookingIds[0]!, seq: 3, kind: 'dropoff', address: '10 Downing St' },
    { companyId: w.company.id, bookingId: bookingIds[1]!, seq: 1, kind: 'pickup', address: 'Kings Cross' },
  ]);
});

describe('passenger statistics', () => {
  it('totals the passenger’s bookings', async () => {
    const res = await call(w.app, 'Passenger/GetPassengerStatistics', { id: alice }, w.admin.token);
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
      w.app,
      'Passenger/GetPassengerStatistics',
      { id: alice, fromDate: daysAgo(12).toISOString().slice(0, 10) },
      w.admin.token,
    );
    expect(ranged.body.data.totalBookings).toBe(4);
    const none = await call(w.app, 'Passenger/GetPassengerStatistics', { id: quiet }, w.admin.token);
    expect(none.body.data).toMatchObject({ totalBookings: 0, lastBookingAt: null });
  });

  it('counts, spreads over weekdays and months, and ranks passengers', async () => {
    const counts = await call(w.app, 'Passenger/GetPassengerBookingCount', { id: alice }, w.admin.token);
    expect(counts.body.data).toMatchObject({ total: 5, upcoming: 1 });

    const week = await call(w.app, 'Passenger/GetPassengerWeekDays', { id: alice }, w.admin.token);
    expect(week.body.data).toHaveLength(7);
    expect(week.body.data.reduce((n, d) => n + d.bookings, 0)).toBe(5);

    const trends = await call(w.app, 'Passenger/GetPassengerBookingTrends', { id: alice }, w.admin.token);
    expect(trends.body.data).toHaveLength(12);
    // The upcoming booking may fall next month, outside the default twelve months.
    expect(trends.body.data.reduce((n, d) => n + d.bookings, 0)).toBeGreaterThanOrEqual(4);

    const top = await call(w.app, 'Passenger/GetTopPassenger', { limit: 5 }, w.admin.token);
    expect(top.body.data.map((r) => [r.rank, r.id, r.bookings, r.revenueMinor])).toEqual([
      [1, alice, 3, 9000],
      [2, bob, 1, 9000],
    ]);
    expect(top.body.data[0]?.name).toBe('Alice Stone');
    const badLimit = await call(w.app, 'Passenger/GetTopPassenger', { limit: 500 }, w.admin.token);
    expect(badLimit.body.errors).toEqual([
      { field: 'limit', message: 'Limit must be at most 50', rule: 'must be at most 50' },
    ]);
    const theirs = await call(w.app, 'Passenger/GetTopPassenger', {}, w.other.admin.token);
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
    ] as const) {
      expect((await call(w.app, name, { id: alice }, w.other.admin.token)).status, name).toBe(404);
      expect((await call(w.app, name, { id: alice }, w.as.driver.token)).status, name).toBe(403);
    }
    const badDate = await call(
      w.app,
      'Passenger/GetPassengerWeekDays',
      { id: alice, fromDate: '2024-13-01' },
      w.admin.token,
    );
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors?.[0]?.field).toBe('fromDate');
  });
});

describe('Passenger/GetPassengerBookingHistory', () => {
  it('lists the passenger’s bookings newest first with addresses, driver and vehicle', async () => {
    const res = await call(w.app, 'Passenger/GetPassengerBookingHistory', { id: alice }, w.admin.token);
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
    const list = (body: Omit<CallInput<'Passenger/GetPassengerBookingHistory'>, 'id'>) =>
      call(w.app, 'Passenger/GetPassengerBookingHistory', { id: alice, ...body }, w.admin.token);
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
    expect(reversed.body.errors).toEqual([
      { field: 'toDate', message: 'To date must be on or after fromDate', rule: 'must be on or after fromDate' },
    ]);
    const badStatus = await callRaw(
      w.app,
      'Passenger/GetPassengerBookingHistory',
      { id: alice, status: 'lost' },
      w.admin.token,
    );
    expect(badStatus.body.errors?.[0]?.field).toBe('status');
    const noId = await callRaw(w.app, 'Passenger/GetPassengerBookingHistory', {}, w.admin.token);
    expect(noId.body.errors).toEqual([{ field: 'id', message: 'Id is required', rule: 'is required' }]);
  });

  it('is empty for a passenger who never booked', async () => {
    const res = await call(w.app, 'Passenger/GetPassengerBookingHistory', { id: quiet }, w.admin.token);
    expect(res.body).toEqual({ data: [], allData: [], total: 0, count: 0 });
  });
});
