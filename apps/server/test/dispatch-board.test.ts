import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../src/platform/events/schema';
import { driverShifts } from '../src/domains/dispatch/schema';
import { drivers } from '../src/domains/drivers/schema';
import { type DriverCandidate, distanceMetres, rankDrivers } from '../src/domains/dispatch/rank-drivers';
import { createTestApp, type TestApp } from './harness';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { createCompany, createUser, signIn, type SignedIn } from './factories';
import {
  dispatchWorld,
  giveDocument,
  makeBooking,
  makeDriver,
  makeVehicle,
  onShiftAt,
  type DispatchWorld,
} from './factories-dispatch';

let t: TestApp;
let w: DispatchWorld;
let other: SignedIn;
let cid: number;
const DAY = '2099-06-15';
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00Z`);

const run = <K extends BuiltName>(name: K, body: CallInput<K>, token = w.dispatcher.accessToken) =>
  call(t.app, name, body, token);
/** A call the contract refuses, as the dispatcher. */
const runRaw = (name: string, body: unknown) => callRaw(t.app, name, body, w.dispatcher.accessToken);

beforeAll(async () => {
  t = await createTestApp();
  w = await dispatchWorld(t.app, t.db);
  cid = w.company.id;
  other = await signIn(t.app, (await createCompany(t.db)).adminEmail);
});

describe('Booking/GetBookingDispatch and GetTableSummaryDispatchBookingsTest', () => {
  let driverId: number;
  beforeAll(async () => {
    const driver = await makeDriver(t.db, cid, { firstName: 'Zed', lastName: 'Zulu', callsign: 'ZZ9' });
    driverId = driver.id;
    for (let i = 0; i < 12; i++)
      await makeBooking(t.db, cid, { pickupAt: at(`1${i % 10}:0${i % 6}`), vehicleTypeId: w.saloonId });
    await makeBooking(t.db, cid, { pickupAt: at('09:00'), status: 'offered', driverId });
    await makeBooking(t.db, cid, { pickupAt: at('09:30'), status: 'accepted', driverId, vehicleTypeId: w.mpvId });
    await makeBooking(t.db, cid, {
      pickupAt: at('08:00'),
      status: 'on_board',
      driverId,
      address: 'Kings Cross Station',
    });
    await makeBooking(t.db, cid, { pickupAt: at('07:00'), status: 'completed' });
    await makeBooking(t.db, cid, { pickupAt: at('06:00'), status: 'cancelled' });
    await makeBooking(t.db, cid, { pickupAt: new Date(`2099-06-16T12:00:00Z`) }); // the next day
    await makeBooking(t.db, cid, { pickupAt: new Date(`2099-06-14T22:30:00Z`) }); // 23:30 in London: the 14th
  });

  it('answers every tab of the day with counts, page counts and first pages', async () => {
    const res = await run('Booking/GetBookingDispatch', { date: DAY });
    expect(res.status).toBe(200);
    const board = res.body.data;
    expect(board.totals).toMatchObject({
      count: 17,
      unallocated: 12,
      offered: 1,
      allocated: 1,
      active: 1,
      done: 1,
      cancelled: 1,
    });
    const tab = (name: string) => board.tabs.find((x) => x.tab === name);
    expect(tab('unallocated')).toMatchObject({ count: 12, total: 2 });
    expect(tab('unallocated')?.data).toHaveLength(10);
    expect(tab('allocated')?.data[0]).toMatchObject({ status: 'accepted', driverCallsign: 'ZZ9' });
    const times = tab('unallocated')?.data.map((r) => r.pickupAt);
    expect([...(times ?? [])].sort()).toEqual(times);
  });

  it('pages one tab and filters by vehicle type, driver and search', async () => {
    const page = await run('Booking/GetBookingDispatch', { date: DAY, tab: 'unallocated', page: 1 });
    expect(page.body.data.tabs.find((x) => x.tab === 'unallocated')?.data).toHaveLength(2);
    expect(page.body.data.tabs.find((x) => x.tab === 'offered')?.data).toHaveLength(0);
    const mpv = await run('Booking/GetBookingDispatch', { date: DAY, vehicleTypeId: w.mpvId });
    expect(mpv.body.data.totals.count).toBe(1);
    const byDriver = await run('Booking/GetBookingDispatch', { date: DAY, driverId });
    expect(byDriver.body.data.totals.count).toBe(3);
    const search = await run('Booking/GetBookingDispatch', { date: DAY, q: 'kings cross' });
    expect(search.body.data.totals).toMatchObject({ count: 1, active: 1 });
  });

  it('gives each tab the same first page with or without a tab, whatever the order', async () => {
    const day = '2099-07-01';
    const statuses = ['pending', 'confirmed', 'allocated', 'accepted', 'on_route', 'arrived', 'completed', 'no_show'];
    for (let i = 0; i < 48; i++) {
      const minute = String((i * 7) % 60).padStart(2, '0');
      await makeBooking(t.db, cid, {
        pickupAt: new Date(`${day}T${String(8 + (i % 9)).padStart(2, '0')}:${minute}:00Z`),
        status: statuses[(i * 5) % statuses.length] as 'pending',
        priceMinor: 1000 + ((i * 37) % 23) * 100,
      });
    }
    for (const order of [
      {},
      { sortColumn: 'priceMinor', sortType: 'desc' },
      { sortColumn: 'id', sortType: 'asc' },
    ] as const) {
      const board = (await run('Booking/GetBookingDispatch', { date: day, perPage: 4, ...order })).body.data;
      for (const tab of ['unallocated', 'allocated', 'active', 'done'] as const) {
        const alone = await run('Booking/GetTableSummaryDispatchBookingsTest', {
          date: day,
          tab,
          perPage: 4,
          ...order,
        });
        const ids = board.tabs.find((x) => x.tab === tab)?.data.map((r) => r.id);
        expect(ids).toHaveLength(4);
        expect(ids).toEqual(alone.body.data.map((r) => r.id));
      }
    }
  });

  it('serves a tab as a plain list', async () => {
    const res = await run('Booking/GetTableSummaryDispatchBookingsTest', { date: DAY, perPage: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 12, total: 3 });
    expect(res.body.data).toHaveLength(5);
    const done = await run('Booking/GetTableSummaryDispatchBookingsTest', { date: DAY, tab: 'done' });
    expect(done.body.data.map((r) => r.status)).toEqual(['completed']);
  });

  it('refuses bad filters, another company sees nothing, no permission is 403', async () => {
    const bad = await runRaw('Booking/GetBookingDispatch', { date: '15-06-2099', tab: 'soon', sortColumn: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['date', 'sortColumn', 'tab']);
    const theirs = await run('Booking/GetBookingDispatch', { date: DAY }, other.accessToken);
    expect(theirs.body.data.totals.count).toBe(0);
    expect(
      (await run('Booking/GetTableSummaryDispatchBookingsTest', { date: DAY }, other.accessToken)).body.count,
    ).toBe(0);
    expect((await run('Booking/GetBookingDispatch', { date: DAY }, w.accounts.accessToken)).status).toBe(403);
    expect(
      (await run('Booking/GetTableSummaryDispatchBookingsTest', { date: DAY }, w.accounts.accessToken)).status,
    ).toBe(403);
  });
});

describe('driver status and shifts', () => {
  it('Driver/UpdateDriverStatus sets availability and announces driver.status', async () => {
    const driver = await makeDriver(t.db, cid);
    const res = await run('Driver/UpdateDriverStatus', { driverId: driver.id, availability: 4 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      driverId: driver.id,
      availability: 4,
      availabilityName: 'On break',
      onShift: false,
    });
    const events = await t.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.companyId, cid), eq(liveEvents.type, 'driver.status')));
    expect(
      events.some((e) => {
        const payload = e.payload as { driverId?: number; _driverId?: number };
        return payload.driverId === driver.id && payload._driverId === driver.id;
      }),
    ).toBe(true);
    expect((await run('Driver/UpdateDriverStatus', { driverId: driver.id, availability: 5 })).status).toBe(400);
    expect(
      (await run('Driver/UpdateDriverStatus', { driverId: driver.id, availability: 1 }, other.accessToken)).status,
    ).toBe(404);
    expect(
      (await run('Driver/UpdateDriverStatus', { driverId: driver.id, availability: 1 }, w.accounts.accessToken)).status,
    ).toBe(403);
  });

  it('Driver/AddDriverShift starts with a vehicle (available) and ends (offline); one open shift', async () => {
    const driver = await makeDriver(t.db, cid);
    const vehicle = await makeVehicle(t.db, cid, w.saloonId);
    const start = await run('Driver/AddDriverShift', { driverId: driver.id, vehicleId: vehicle.id });
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({
      driverId: driver.id,
      vehicleId: vehicle.id,
      endedAt: null,
      availability: 1,
    });
    expect((await run('Driver/AddDriverShift', { driverId: driver.id })).status).toBe(409);
    const rival = await makeDriver(t.db, cid);
    const taken = await run('Driver/AddDriverShift', { driverId: rival.id, vehicleId: vehicle.id });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(driver.firstName);
    const end = await run('Driver/AddDriverShift', { driverId: driver.id, action: 'end' });
    expect(end.status).toBe(200);
    expect(end.body.data).toMatchObject({ availability: 3, vehicleRegistration: vehicle.registration });
    expect(end.body.data.endedAt).not.toBeNull();
    expect((await run('Driver/AddDriverShift', { driverId: driver.id, action: 'end' })).status).toBe(409);
    expect((await runRaw('Driver/AddDriverShift', { driverId: driver.id, action: 'pause' })).status).toBe(400);
    expect((await run('Driver/AddDriverShift', { driverId: driver.id }, other.accessToken)).status).toBe(404);
    expect((await run('Driver/AddDriverShift', { driverId: driver.id }, w.accounts.accessToken)).status).toBe(403);
    const shifts = await t.db.select().from(driverShifts).where(eq(driverShifts.driverId, driver.id));
    expect(shifts).toHaveLength(1);
  });

  it('lets a driver act for itself only', async () => {
    const user = await createUser(t.db, cid, 'driver');
    const app = await signIn(t.app, user.email);
    const someone = await makeDriver(t.db, cid);
    // The call is open to the driver app (alsoFor), but another driver's id does not exist for it.
    expect(
      (await run('Driver/UpdateDriverStatus', { driverId: someone.id, availability: 1 }, app.accessToken)).status,
    ).toBe(404);
  });
});

describe('driver lists and details', () => {
  let onShiftId: number;
  beforeAll(async () => {
    const a = await makeDriver(t.db, cid, { callsign: 'SIDE1', firstName: 'Sid', lastName: 'Able' });
    const v = await makeVehicle(t.db, cid, w.saloonId);
    await onShiftAt(t.db, cid, a.id, v.id, 51.5, -0.12);
    onShiftId = a.id;
    await makeBooking(t.db, cid, { status: 'on_route', driverId: a.id, pickupAt: new Date() });
    await makeDriver(t.db, cid, { availability: 4, callsign: 'SIDE2' });
    await makeDriver(t.db, cid, { isActive: false, callsign: 'SIDE3' });
  });

  it('Driver/GetTableSummaryDriverAllocation lists active drivers with shift, vehicle, job and position', async () => {
    const res = await run('Driver/GetTableSummaryDriverAllocation', { q: 'SIDE', perPage: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d) => d.callsign)).toEqual(['SIDE1', 'SIDE2']);
    expect(res.body.data[0]).toMatchObject({
      onShift: true,
      availability: 1,
      currentBookingStatus: 'on_route',
      lat: 51.5,
    });
    const onBreak = await run('Driver/GetTableSummaryDriverAllocation', { q: 'SIDE', availability: 4 });
    expect(onBreak.body.data.map((d) => d.callsign)).toEqual(['SIDE2']);
    const shift = await run('Driver/GetTableSummaryDriverAllocation', { q: 'SIDE', onShift: true });
    expect(shift.body.count).toBe(1);
    expect((await runRaw('Driver/GetTableSummaryDriverAllocation', { sortColumn: 'nope' })).status).toBe(400);
    expect((await run('Driver/GetTableSummaryDriverAllocation', { q: 'SIDE' }, other.accessToken)).body.count).toBe(0);
    expect((await run('Driver/GetTableSummaryDriverAllocation', {}, w.accounts.accessToken)).status).toBe(403);
  });

  it('Driver/GetDispatchDriverDetailsSumAvailability counts active drivers', async () => {
    const res = await run('Driver/GetDispatchDriverDetailsSumAvailability', {});
    expect(res.status).toBe(200);
    const [counted] = await t.db.$client
      .query('select count(*)::int as n from drivers where company_id = $1 and is_active', [cid])
      .then((r) => r.rows as { n: number }[]);
    const s = res.body.data;
    expect(s.total).toBe(counted!.n);
    expect(s.available + s.busy + s.offline + s.onBreak).toBe(s.total);
    expect(s.onShift).toBeGreaterThanOrEqual(1);
    const theirs = await run('Driver/GetDispatchDriverDetailsSumAvailability', {}, other.accessToken);
    expect(theirs.body.data.total).toBe(0);
    expect((await run('Driver/GetDispatchDriverDetailsSumAvailability', {}, w.accounts.accessToken)).status).toBe(403);
  });

  it('Driver/GetFindDriverDetail finds by id or callsign', async () => {
    const byCallsign = await run('Driver/GetFindDriverDetail', { callsign: 'side1' });
    expect(byCallsign.status).toBe(200);
    expect(byCallsign.body.data).toMatchObject({ id: onShiftId, onShift: true });
    expect(byCallsign.body.data.currentBooking).toMatchObject({ status: 'on_route' });
    expect((await run('Driver/GetFindDriverDetail', { driverId: onShiftId })).body.data.upcoming).toHaveLength(1);
    const none = await runRaw('Driver/GetFindDriverDetail', {});
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.field).toBe('driverId');
    expect((await run('Driver/GetFindDriverDetail', { driverId: onShiftId }, other.accessToken)).status).toBe(404);
    expect((await run('Driver/GetFindDriverDetail', { driverId: onShiftId }, w.accounts.accessToken)).status).toBe(403);
  });

  it('Booking/GetTableSummaryDriverSubContractor lists subcontractors’ drivers', async () => {
    const sub = await makeDriver(t.db, cid, { vendorId: w.vendorId, callsign: 'SUB1' });
    await makeDriver(t.db, cid, { vendorId: w.offVendorId, callsign: 'SUB2' });
    const res = await run('Booking/GetTableSummaryDriverSubContractor', { q: 'SUB', perPage: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: sub.id, vendorName: 'Night Cars Ltd' })]);
    expect((await run('Booking/GetTableSummaryDriverSubContractor', { availability: 9 })).status).toBe(400);
    expect((await run('Booking/GetTableSummaryDriverSubContractor', {}, other.accessToken)).body.count).toBe(0);
    expect((await run('Booking/GetTableSummaryDriverSubContractor', {}, w.accounts.accessToken)).status).toBe(403);
  });

  it('Booking/GetTableSummaryDriverListDocumentExpiry lists expired and expiring papers', async () => {
    const d = await makeDriver(t.db, cid, { callsign: 'PAP1' });
    await giveDocument(t.db, cid, 'driver', d.id, 'Driving licence', '2020-01-01');
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const v = await makeVehicle(t.db, cid, w.saloonId);
    await t.db.$client.query('update vehicles set owner_driver_id = $1 where id = $2', [d.id, v.id]);
    await giveDocument(t.db, cid, 'vehicle', v.id, 'MOT certificate', soon);
    await giveDocument(t.db, cid, 'driver', d.id, 'Private hire driver licence', '2099-01-01');
    const res = await run('Booking/GetTableSummaryDriverListDocumentExpiry', { driverId: d.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ documentTypeName: 'Driving licence', state: 'expired', ownerType: 'driver' }),
      expect.objectContaining({
        documentTypeName: 'MOT certificate',
        state: 'expiring',
        ownerType: 'vehicle',
        ownerName: v.registration,
      }),
    ]);
    expect(res.body.data[1]?.daysLeft).toBeGreaterThanOrEqual(4);
    const expired = await run('Booking/GetTableSummaryDriverListDocumentExpiry', { driverId: d.id, state: 'expired' });
    expect(expired.body.count).toBe(1);
    expect((await runRaw('Booking/GetTableSummaryDriverListDocumentExpiry', { state: 'old' })).status).toBe(400);
    expect((await run('Booking/GetTableSummaryDriverListDocumentExpiry', {}, other.accessToken)).body.count).toBe(0);
    expect((await run('Booking/GetTableSummaryDriverListDocumentExpiry', {}, w.accounts.accessToken)).status).toBe(403);
  });
});

describe('Booking/GetSuggestedDrivers', () => {
  it('ranks available drivers on shift by ETA, explains each and leaves out the ones that cannot take it', async () => {
    const pickup = { lat: 51.5074, lng: -0.1278 };
    const booking = await makeBooking(t.db, cid, { vehicleTypeId: w.saloonId, ...pickup });
    const place = async (
      name: string,
      dLat: number,
      typeId: number,
      opts: { expired?: boolean; busy?: boolean } = {},
    ) => {
      const d = await makeDriver(t.db, cid, { firstName: name, lastName: 'Near' });
      const v = await makeVehicle(t.db, cid, typeId);
      await onShiftAt(t.db, cid, d.id, v.id, pickup.lat + dLat, pickup.lng);
      if (opts.expired) await giveDocument(t.db, cid, 'driver', d.id, 'Driving licence', '2020-01-01');
      if (opts.busy) await t.db.update(drivers).set({ availability: 2 }).where(eq(drivers.id, d.id));
      return d.id;
    };
    const far = await place('Far', 0.05, w.saloonId);
    const near = await place('Near', 0.01, w.saloonId);
    const mpv = await place('Mpv', 0.001, w.mpvId);
    const lapsed = await place('Lapsed', 0.002, w.saloonId, { expired: true });
    const busy = await place('Busy', 0.003, w.saloonId, { busy: true });
    const res = await run('Booking/GetSuggestedDrivers', { bookingId: booking.id });
    expect(res.status).toBe(200);
    const s = res.body.data;
    const order = s.candidates.map((c) => c.driverId);
    expect(order.indexOf(near)).toBeLessThan(order.indexOf(far));
    expect(order).not.toContain(lapsed);
    expect(order).not.toContain(mpv);
    expect(order).not.toContain(busy);
    const etas = s.candidates.map((c) => c.score);
    expect([...etas].sort((a, b) => a - b)).toEqual(etas);
    const top = s.candidates.find((c) => c.driverId === near)!;
    expect(top).toMatchObject({ onShift: true, vehicleTypeFits: true });
    expect(top.distanceMetres).toBeGreaterThan(1000);
    expect(top.distanceMetres).toBeLessThan(1200);
    expect(top.etaSeconds).toBe(Math.round(top.distanceMetres / (30 / 3.6)));
    expect(top.reasons.join(' ')).toContain('km/h');
    expect(s.note).toContain('1 of the nearest drivers left out for expired documents');
    expect(
      (await run('Booking/GetSuggestedDrivers', { bookingId: booking.id, limit: 1 })).body.data.candidates,
    ).toHaveLength(1);
    expect((await run('Booking/GetSuggestedDrivers', { bookingId: booking.id, limit: 99 })).status).toBe(400);
    const theirs = await run('Booking/GetSuggestedDrivers', { bookingId: booking.id }, other.accessToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors?.[0]?.field).toBe('bookingId');
    expect((await run('Booking/GetSuggestedDrivers', { bookingId: booking.id }, w.accounts.accessToken)).status).toBe(
      403,
    );
  });
});

describe('rankDrivers (pure)', () => {
  const base: Omit<DriverCandidate, 'driverId' | 'lat'> = {
    driverName: 'D',
    callsign: null,
    vehicleId: 1,
    vehicleRegistration: 'AB1',
    vehicleTypeId: 1,
    vehicleTypeName: 'Saloon',
    lng: 0,
    seenAt: Date.now(),
    onShift: true,
    documentState: 'valid',
  };
  const options = { pickup: { lat: 0, lng: 0 }, vehicleTypeId: 1, limit: 3, speedKmh: 30, now: Date.now() };

  it('measures great-circle distance', () => {
    expect(Math.round(distanceMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 }) / 1000)).toBe(111);
  });

  it('keeps the best few by ETA plus penalties', () => {
    const cs: DriverCandidate[] = [
      { ...base, driverId: 1, lat: 0.03 },
      { ...base, driverId: 2, lat: 0.01, documentState: 'missing' }, // +600 s outweighs 2.2 km
      { ...base, driverId: 3, lat: 0.02 },
      { ...base, driverId: 4, lat: 0.001, documentState: 'expired' },
      { ...base, driverId: 5, lat: 0.001, vehicleTypeId: 2 },
      { ...base, driverId: 6, lat: 0.05, seenAt: Date.now() - 3_600_000 }, // 5.6 km + stale
    ];
    const { ranked, leftOut } = rankDrivers(cs, options);
    expect(ranked.map((r) => r.driverId)).toEqual([3, 1, 2]);
    expect(leftOut).toEqual({ expiredDocuments: 1, wrongVehicleType: 1 });
    expect(ranked[2]!.documentsValid).toBe(false);
    expect(ranked[2]!.reasons.join(' ')).toContain('missing');
  });

  it('among 10,000 drivers keeps exactly the ten a full sort by distance would pick', () => {
    const many: DriverCandidate[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...base,
      driverId: i,
      lat: Math.sin(i) * 0.3,
      lng: Math.cos(i * 1.7) * 0.3,
    }));
    // Speed is measured by `npm run bench`; here only the choice is checked against a plain sort.
    const expected = [...many]
      .sort((a, b) => distanceMetres(options.pickup, a) - distanceMetres(options.pickup, b))
      .slice(0, 10)
      .map((c) => c.driverId);
    const { ranked } = rankDrivers(many, { ...options, limit: 10 });
    expect(ranked.map((r) => r.driverId)).toEqual(expected);
  });
});
