import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { clients } from '../src/domains/clients/schema';
import { companies } from '../src/domains/company/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { drivers } from '../src/domains/drivers/schema';
import { passengers } from '../src/domains/passengers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { call, callData, callRaw } from './client';
import { world, type World } from './world';

/**
 * A New York company (UTC-5 in January), so that day boundaries in UTC and on the company's clock
 * differ: 03:00 UTC on the 10th is still the 9th there.
 */
const TZ = 'America/New_York';
let w: World<'Dispatcher' | 'driver', true>;
const ids = { driverA: 0, driverB: 0, clientX: 0, clientY: 0, typeT1: 0, typeT2: 0, passenger: 0 };
const range = { fromDate: '2026-01-09', toDate: '2026-01-12' };

const read = <K extends BuiltName>(name: K, body: CallInput<K>, token = w.admin.token) =>
  callData(w.app, name, body, token);

function localToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
}
function inDays(days: number): string {
  const d = new Date(`${localToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const daysSince = (date: string) => Math.round((Date.parse(localToday()) - Date.parse(date)) / 86_400_000);

beforeAll(async () => {
  w = await world({
    company: { timezone: TZ, monthlyBookingsGoal: 100, monthlyRevenueGoalMinor: 1_000_000 },
    roles: ['Dispatcher', 'driver'],
    otherCompany: true,
  });
  const cid = w.company.id;
  const [a, b, c] = await w.db
    .insert(drivers)
    .values([
      { companyId: cid, firstName: 'Alice', lastName: 'Archer' },
      { companyId: cid, firstName: 'Bob', lastName: 'Baker' },
      { companyId: cid, firstName: 'Carl', lastName: 'Gone', isActive: false },
    ])
    .returning({ id: drivers.id });
  ids.driverA = a?.id ?? 0;
  ids.driverB = b?.id ?? 0;
  const [x, y] = await w.db
    .insert(clients)
    .values([
      { companyId: cid, name: 'Xylo Ltd' },
      { companyId: cid, name: 'Yew plc' },
    ])
    .returning({ id: clients.id });
  ids.clientX = x?.id ?? 0;
  ids.clientY = y?.id ?? 0;
  const [p] = await w.db
    .insert(passengers)
    .values({ companyId: cid, firstName: 'Pat', surname: 'Rider' })
    .returning({ id: passengers.id });
  ids.passenger = p?.id ?? 0;
  const [t1, t2] = await w.db
    .insert(vehicleTypes)
    .values([
      { companyId: cid, name: 'Saloon' },
      { companyId: cid, name: 'MPV' },
    ])
    .returning({ id: vehicleTypes.id });
  ids.typeT1 = t1?.id ?? 0;
  ids.typeT2 = t2?.id ?? 0;

  const booking = (
    pickupAt: string,
    status: 'completed' | 'cancelled' | 'no_show',
    priceMinor: number,
    extra: Partial<typeof bookings.$inferInsert> = {},
  ): typeof bookings.$inferInsert => ({ companyId: cid, pickupAt: new Date(pickupAt), status, priceMinor, ...extra });
  await w.db.insert(bookings).values([
    // 23:00 on the 8th in New York: before the range.
    booking('2026-01-09T04:00:00Z', 'completed', 100, { paymentStatus: 'unpaid' }),
    // 22:00 on the 9th in New York, though the 10th in UTC.
    booking('2026-01-10T03:00:00Z', 'completed', 1000, {
      driverId: ids.driverA,
      clientId: ids.clientX,
      passengerId: ids.passenger,
      source: 'phone',
      paymentMethod: 'cash',
    }),
    booking('2026-01-10T15:00:00Z', 'completed', 2500, {
      driverId: ids.driverA,
      clientId: ids.clientX,
      source: 'web',
      paymentStatus: 'paid',
    }),
    // 23:59 on the 10th in New York.
    booking('2026-01-11T04:59:00Z', 'cancelled', 900, { driverId: ids.driverB, source: 'phone' }),
    // Midnight on the 11th in New York.
    booking('2026-01-11T05:00:00Z', 'no_show', 700, { driverId: ids.driverB, clientId: ids.clientY }),
    booking('2026-01-12T12:00:00Z', 'completed', 3000, {
      driverId: ids.driverB,
      clientId: ids.clientY,
      vehicleTypeId: ids.typeT1,
      paymentMethod: 'account',
    }),
    // The 13th in New York: after the range.
    booking('2026-01-13T06:00:00Z', 'completed', 200),
    // This month, for the goals.
    booking(new Date().toISOString(), 'completed', 5000),
    booking(new Date().toISOString(), 'cancelled', 4000),
  ]);

  const types = Object.fromEntries(
    (await w.db.select().from(documentTypes).where(eq(documentTypes.companyId, cid))).map((r) => [r.name, r.id]),
  );
  const [v1] = await w.db
    .insert(vehicles)
    .values([
      { companyId: cid, vehicleTypeId: ids.typeT1, registration: 'V1 AAA' },
      { companyId: cid, vehicleTypeId: ids.typeT2, registration: 'V2 BBB' },
    ])
    .returning({ id: vehicles.id });
  const doc = (ownerType: 'driver' | 'vehicle', ownerId: number, type: string, expiryDate: string) => ({
    companyId: cid,
    ownerType,
    ownerId,
    documentTypeId: types[type] as number,
    expiryDate,
  });
  await w.db
    .insert(documents)
    .values([
      doc('driver', ids.driverA, 'Driving licence', inDays(-3)),
      doc('driver', ids.driverB, 'Private hire driver licence', inDays(5)),
      doc('driver', ids.driverB, 'Criminal record check', inDays(200)),
      doc('driver', c?.id ?? 0, 'Driving licence', inDays(-30)),
      doc('vehicle', v1?.id ?? 0, 'Insurance certificate', inDays(90)),
      doc('vehicle', v1?.id ?? 0, 'MOT certificate', inDays(-1)),
    ]);
});

describe('the bookings panels, against the bookings inserted', () => {
  it('counts each company day, every day present, on the New York clock', async () => {
    const graph = await read('Dashboard/GetBookingsGraph', range);
    expect(graph).toEqual([
      { date: '2026-01-09', bookings: 1, completed: 1, cancelled: 0, revenueMinor: 1000 },
      { date: '2026-01-10', bookings: 2, completed: 1, cancelled: 1, revenueMinor: 2500 },
      { date: '2026-01-11', bookings: 1, completed: 0, cancelled: 0, revenueMinor: 700 },
      { date: '2026-01-12', bookings: 1, completed: 1, cancelled: 0, revenueMinor: 3000 },
    ]);
  });

  it('ranks drivers and clients by done jobs, then revenue', async () => {
    expect(await read('Dashboard/GetDashboardTopDriver', range)).toEqual([
      { rank: 1, id: ids.driverB, name: 'Bob Baker', bookings: 2, revenueMinor: 3700 },
      { rank: 2, id: ids.driverA, name: 'Alice Archer', bookings: 2, revenueMinor: 3500 },
    ]);
    expect(await read('Dashboard/GetDashboardTopClient', range)).toEqual([
      { rank: 1, id: ids.clientY, name: 'Yew plc', bookings: 2, revenueMinor: 3700 },
      { rank: 2, id: ids.clientX, name: 'Xylo Ltd', bookings: 2, revenueMinor: 3500 },
    ]);
  });

  it('gives every source, with its bookings and revenue', async () => {
    const sources = await read('Dashboard/GetDashboardSources', range);
    expect(sources.map((s) => s.source)).toEqual(['office', 'phone', 'web', 'passenger_app', 'client_portal', 'api']);
    expect(sources.find((s) => s.source === 'phone')).toMatchObject({ name: 'Phone', bookings: 2, revenueMinor: 1000 });
    expect(sources.find((s) => s.source === 'office')).toMatchObject({ bookings: 2, revenueMinor: 3700 });
    expect(sources.find((s) => s.source === 'api')).toMatchObject({ bookings: 0, revenueMinor: 0 });
  });

  it('lists completed unpaid bookings, oldest first, with their total', async () => {
    const pending = await read('Dashboard/GetPendingBookingPayments', range);
    expect(pending).toMatchObject({ totalMinor: 4000, count: 2, currency: 'GBP' });
    expect(pending.rows).toEqual([
      expect.objectContaining({
        pickupAt: '2026-01-10T03:00:00.000Z',
        passengerName: 'Pat Rider',
        clientName: 'Xylo Ltd',
        priceMinor: 1000,
        paymentMethod: 'cash',
        daysOutstanding: daysSince('2026-01-09'),
      }),
      expect.objectContaining({ priceMinor: 3000, clientName: 'Yew plc', passengerName: null }),
    ]);
  });

  it('applies every filter of the bar', async () => {
    const graphOf = async (filters: CallInput<'Dashboard/GetBookingsGraph'>) =>
      (await read('Dashboard/GetBookingsGraph', { ...range, ...filters })).map((d) => d.bookings);
    expect(await graphOf({ driverId: ids.driverA })).toEqual([1, 1, 0, 0]);
    expect(await graphOf({ clientId: ids.clientY })).toEqual([0, 0, 1, 1]);
    expect(await graphOf({ vehicleTypeId: ids.typeT1 })).toEqual([0, 0, 0, 1]);
    expect(await graphOf({ source: 'phone' })).toEqual([1, 1, 0, 0]);
    // 0 and "" mean "all", as the existing clients send them.
    expect(await graphOf({ driverId: 0, clientId: '0', source: '' })).toEqual([1, 2, 1, 1]);
    const pending = await read('Dashboard/GetPendingBookingPayments', {
      ...range,
      clientId: ids.clientY,
    });
    expect(pending.count).toBe(1);
    const top = await read('Dashboard/GetDashboardTopDriver', { ...range, source: 'web' });
    expect(top).toEqual([{ rank: 1, id: ids.driverA, name: 'Alice Archer', bookings: 1, revenueMinor: 2500 }]);
  });

  it('measures this month so far against the goals', async () => {
    const goal = await read('Dashboard/GetGoalOverview', range);
    const today = localToday();
    const daysElapsed = Number(today.slice(8, 10));
    const [y, m] = today.split('-').map(Number) as [number, number];
    const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    expect(goal).toEqual({
      month: today.slice(0, 7),
      bookings: 2,
      bookingsGoal: 100,
      revenueMinor: 5000,
      revenueGoalMinor: 1_000_000,
      currency: 'GBP',
      completionRate: 5000,
      cancellationRate: 5000,
      daysElapsed,
      daysInMonth,
      projectedBookings: Math.round((2 * daysInMonth) / daysElapsed),
      projectedRevenueMinor: Math.round((5000 * daysInMonth) / daysElapsed),
    });
  });

  it('gives the monthly trends over the range, every month present', async () => {
    const trends = await read('Common/GetAllBookingTrends', {
      fromDate: '2025-12-01',
      toDate: '2026-01-31',
    });
    expect(trends).toEqual([
      { period: '2025-12', name: 'Dec 2025', bookings: 0, completed: 0, cancelled: 0, revenueMinor: 0 },
      { period: '2026-01', name: 'Jan 2026', bookings: 7, completed: 5, cancelled: 1, revenueMinor: 7500 },
    ]);
    expect(await read('Common/GetAllBookingTrends', {})).toHaveLength(12);
  });

  it('defaults to the last 30 days of the company', async () => {
    const graph = await read('Dashboard/GetBookingsGraph', {});
    expect(graph).toHaveLength(30);
    expect(graph.at(-1)?.date).toBe(localToday());
  });
});

describe('the document panels', () => {
  it('counts active drivers’ documents by state, the mandatory ones lacking, soonest first', async () => {
    const panel = await read('Dashboard/GetDashboardDriverDocuments', {});
    // Alice lacks the PHD licence, Bob the driving licence, the driver-app account's driver both.
    expect(panel).toMatchObject({ valid: 1, expiring: 1, expired: 1, missing: 4 });
    expect(panel.items).toEqual([
      expect.objectContaining({
        ownerName: 'Alice Archer',
        documentTypeName: 'Driving licence',
        expiryState: 'expired',
      }),
      expect.objectContaining({ ownerName: 'Bob Baker', expiryState: 'expiring', expiryDate: inDays(5) }),
    ]);
    const one = await read('Dashboard/GetDashboardDriverDocuments', {
      driverId: ids.driverA,
    });
    expect(one).toMatchObject({ valid: 0, expiring: 0, expired: 1, missing: 1 });
  });

  it('counts vehicles’ documents, narrowed by vehicle type', async () => {
    const all = await read('Dashboard/GetDashboardVehicleDocuments', {});
    expect(all).toMatchObject({ valid: 1, expiring: 0, expired: 1, missing: 4 });
    const saloons = await read('Dashboard/GetDashboardVehicleDocuments', {
      vehicleTypeId: ids.typeT1,
    });
    expect(saloons).toMatchObject({ missing: 1 });
  });
});

describe('all at once, and the rules', () => {
  it('answers every panel in one call, the same as the single calls', async () => {
    const all = await read('Dashboard/GetDashboardAllData', range);
    expect(Object.keys(all).sort()).toEqual(
      [
        'bookingsGraph',
        'driverDocuments',
        'fromDate',
        'goalOverview',
        'pendingPayments',
        'sources',
        'toDate',
        'topClients',
        'topDrivers',
        'vehicleDocuments',
      ].sort(),
    );
    expect(all.bookingsGraph).toEqual(await read('Dashboard/GetBookingsGraph', range));
    expect(all.topDrivers).toEqual(await read('Dashboard/GetDashboardTopDriver', range));
    expect(all.pendingPayments).toEqual(await read('Dashboard/GetPendingBookingPayments', range));
    expect(all.vehicleDocuments).toEqual(await read('Dashboard/GetDashboardVehicleDocuments', range));
  });

  it('names the field of bad filters', async () => {
    const cases: [unknown, string][] = [
      [{ fromDate: '2026-01-10', toDate: '2026-01-09' }, 'toDate'],
      [{ fromDate: '2020-01-01', toDate: '2026-01-09' }, 'fromDate'],
      [{ source: 'fax' }, 'source'],
      [{ driverId: 'x' }, 'driverId'],
      [{ fromDate: '9 January' }, 'fromDate'],
    ];
    for (const [body, field] of cases) {
      const res = await callRaw(w.app, 'Dashboard/GetBookingsGraph', body, w.admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
    }
  });

  it('shows nothing of one company to another, and nothing to a role without the dashboard', async () => {
    expect(await read('Dashboard/GetDashboardTopDriver', range, w.other.admin.token)).toEqual([]);
    const theirs = await read('Dashboard/GetPendingBookingPayments', range, w.other.admin.token);
    expect(theirs.count).toBe(0);
    expect((await call(w.app, 'Dashboard/GetDashboardAllData', range, w.as.driver.token)).status).toBe(403);
    expect((await call(w.app, 'Dashboard/GetBookingsGraph', range, w.as.Dispatcher.token)).status).toBe(200);
  });

  it('answers a company without goals with null goals', async () => {
    await w.db
      .update(companies)
      .set({ monthlyBookingsGoal: null, monthlyRevenueGoalMinor: null })
      .where(eq(companies.id, w.company.id));
    const goal = await read('Dashboard/GetGoalOverview', {});
    expect(goal).toMatchObject({ bookingsGoal: null, revenueGoalMinor: null });
  });
});
