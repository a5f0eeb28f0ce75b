import { beforeAll, describe, expect, it } from 'vitest';
import { driverPositions } from '../src/domains/dispatch/schema';
import { recordPositions } from '../src/domains/tracking/positions';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { makeBooking, makeDriver, makeVehicle, openShift, point } from './factories-tracking';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Accounts', true>;
let admin: string;
let dispatcher: string;
let accounts: string;
let other: string;
let ids: {
  amira: number;
  boris: number;
  carla: number;
  unseen: number;
  theirs: number;
  vehicle: number;
  running: number;
  done: number;
  waiting: number;
  theirBooking: number;
};

const MIN = 60_000;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Accounts'], otherCompany: true });
  const otherCompany = w.other.company;
  [admin, other, dispatcher, accounts] = [
    w.admin.token,
    w.other.admin.token,
    w.as.Dispatcher.token,
    w.as.Accounts.token,
  ];

  const c = w.company.id;
  const amira = await makeDriver(w.db, c, { firstName: 'Amira', lastName: 'Khan', callsign: 'A1', availability: 2 });
  const boris = await makeDriver(w.db, c, { firstName: 'Boris', lastName: 'Ivanov', callsign: 'B2', availability: 1 });
  const carla = await makeDriver(w.db, c, { firstName: 'Carla', lastName: 'Diaz', callsign: 'C3', availability: 1 });
  const unseen = await makeDriver(w.db, c, { firstName: 'Dev', lastName: 'Unseen', availability: 1 });
  const theirs = await makeDriver(w.db, otherCompany.id, { firstName: 'Their', lastName: 'Driver' });
  const vehicle = await makeVehicle(w.db, c, 'LX21 TAX');
  await openShift(w.db, c, amira, vehicle);

  const started = new Date(Date.now() - 20 * MIN);
  const running = await makeBooking(w.db, c, {
    status: 'on_board',
    driverId: amira,
    vehicleId: vehicle,
    onRouteAt: started,
  });
  const done = await makeBooking(w.db, c, {
    status: 'completed',
    driverId: boris,
    onRouteAt: new Date(Date.now() - 60 * MIN),
    completedAt: new Date(Date.now() - 40 * MIN),
  });
  const waiting = await makeBooking(w.db, c, { status: 'confirmed' });
  const theirBooking = await makeBooking(w.db, otherCompany.id, { status: 'on_route', driverId: theirs });

  // Amira: one point before the job (not on the route), three during it.
  await recordPositions(w.db, c, amira, [
    point(25 * 60, 51.49, -0.1),
    point(15 * 60, 51.5, -0.12),
    point(10 * 60, 51.49, -0.2),
    point(30, 51.48, -0.3),
  ]);
  // Boris: a completed job 60–40 minutes ago, then 10 minutes ago near Heathrow.
  await recordPositions(w.db, c, boris, [
    point(55 * 60, 51.51, -0.13),
    point(45 * 60, 51.5, -0.3),
    point(600, 51.47, -0.45),
  ]);
  await recordPositions(w.db, c, carla, [point(5, 51.511, -0.121)]);
  await recordPositions(w.db, otherCompany.id, theirs, [point(5, 51.5, -0.1)]);
  ids = { amira, boris, carla, unseen, theirs, vehicle, running, done, waiting, theirBooking };
});

describe('Driver/GetTableSummaryDriverLocation', () => {
  const list = (body: CallInput<'Driver/GetTableSummaryDriverLocation'>, token = admin) =>
    call(w.app, 'Driver/GetTableSummaryDriverLocation', body, token);

  it('lists drivers with a position: status, shift vehicle, current job and last seen', async () => {
    const res = await list({ perPage: 10 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.data.map((r) => r.fullName)).toEqual(['Carla Diaz', 'Boris Ivanov', 'Amira Khan']);
    const amira = res.body.data.find((r) => r.driverId === ids.amira)!;
    expect(amira).toMatchObject({
      callsign: 'A1',
      availability: 2,
      availabilityName: 'Busy',
      onShift: true,
      vehicleRegistration: 'LX21 TAX',
      vehicleDescription: 'Silver Toyota Prius',
      bookingId: ids.running,
      bookingStatus: 'on_board',
      bookingPickup: 'The Savoy, Strand',
      position: { lat: 51.48, lng: -0.3, heading: 90 },
    });
    expect(amira.position?.secondsAgo).toBeGreaterThanOrEqual(29);
    const boris = res.body.data.find((r) => r.driverId === ids.boris)!;
    expect(boris).toMatchObject({ onShift: false, bookingId: null, vehicleRegistration: null });
  });

  it('filters by status, shift, last seen and search; sorts by last seen', async () => {
    expect((await list({ availability: 1 })).body.data.map((r) => r.driverId).sort()).toEqual(
      [ids.boris, ids.carla].sort(),
    );
    expect((await list({ onShift: true })).body.data.map((r) => r.driverId)).toEqual([ids.amira]);
    expect((await list({ seenWithinMinutes: 5 })).body.data.map((r) => r.driverId).sort()).toEqual(
      [ids.amira, ids.carla].sort(),
    );
    expect((await list({ q: 'lx21' })).body.data.map((r) => r.driverId)).toEqual([ids.amira]);
    expect((await list({ q: 'c3' })).body.data.map((r) => r.driverId)).toEqual([ids.carla]);
    const recent = await list({ sortColumn: 'lastSeen', sortType: 'desc' });
    expect(recent.body.data.map((r) => r.driverId)).toEqual([ids.carla, ids.amira, ids.boris]);
  });

  it('answers bad input by field', async () => {
    const res = await callRaw(w.app, 'Driver/GetTableSummaryDriverLocation', { sortColumn: 'salary' }, admin);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('sortColumn');
    const bad = await list({ availability: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('availability');
  });

  it("shows only the caller's company and needs the dispatch permission", async () => {
    const theirs = await list({}, other);
    expect(theirs.body.data.map((r) => r.driverId)).toEqual([ids.theirs]);
    expect((await list({}, dispatcher)).status).toBe(200);
    expect((await list({}, accounts)).status).toBe(403);
  });
});

describe('Driver/GetDriverLocation', () => {
  const get = (body: CallInput<'Driver/GetDriverLocation'>, token = admin) =>
    call(w.app, 'Driver/GetDriverLocation', body, token);

  it("answers one driver's latest position, or none for a driver never seen", async () => {
    const res = await get({ id: ids.carla });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ driverId: ids.carla, position: { lat: 51.511, lng: -0.121 } });
    const unseen = await get({ id: ids.unseen });
    expect(unseen.body.data).toMatchObject({ driverId: ids.unseen, position: null, availabilityName: 'Available' });
  });

  it("answers bad input by field, another company's driver as not found, and 403 without permission", async () => {
    const bad = await get({ id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await get({ id: ids.theirs })).status).toBe(404);
    expect((await get({ id: ids.carla }, accounts)).status).toBe(403);
  });
});

describe('Driver/GetAllAvailableDriverListForTracking', () => {
  const list = (body: CallInput<'Driver/GetAllAvailableDriverListForTracking'>, token = admin) =>
    call(w.app, 'Driver/GetAllAvailableDriverListForTracking', body, token);

  it('lists available drivers, nearest to a booking first, drivers never seen last', async () => {
    const res = await list({ bookingId: ids.waiting });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.driverId)).toEqual([ids.carla, ids.boris, ids.unseen]);
    const [carla, boris, unseen] = res.body.data;
    expect(carla!.distanceMetres).toBeLessThan(100);
    expect(boris!.distanceMetres).toBeGreaterThan(20_000);
    expect(unseen!.distanceMetres).toBeNull();
  });

  it('measures from a point, or sorts by name without one', async () => {
    const near = await list({ lat: 51.47, lng: -0.45 });
    expect(near.body.data[0]?.driverId).toBe(ids.boris);
    const named = await list({});
    expect(named.body.data.map((r) => r.fullName)).toEqual(['Carla Diaz', 'Boris Ivanov', 'Dev Unseen']);
    expect(named.body.data[0]?.distanceMetres).toBeNull();
  });

  it('answers bad input by field', async () => {
    const half = await list({ lat: 51.5 });
    expect(half.status).toBe(400);
    expect(half.body.errors?.[0]?.field).toBe('lng');
    const off = await list({ lat: 95, lng: 0 });
    expect(off.status).toBe(400);
    expect(off.body.errors?.[0]?.field).toBe('lat');
  });

  it("refuses another company's booking, and 403 without permission", async () => {
    expect((await list({ bookingId: ids.theirBooking })).status).toBe(404);
    const theirs = await list({}, other);
    expect(theirs.body.data.map((r) => r.driverId)).toEqual([ids.theirs]);
    expect((await list({}, accounts)).status).toBe(403);
  });
});

describe('Booking/GetBookingTrackingDetails', () => {
  const get = (body: CallInput<'Booking/GetBookingTrackingDetails'>, token = admin) =>
    call(w.app, 'Booking/GetBookingTrackingDetails', body, token);

  it('draws a running job: stops, driver, vehicle, live position and the route since setting off', async () => {
    const res = await get({ id: ids.running });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      bookingId: ids.running,
      status: 'on_board',
      isLive: true,
      endTime: null,
      stops: [
        { seq: 1, kind: 'pickup', lat: 51.5103, lng: -0.1207 },
        { seq: 2, kind: 'dropoff', address: 'Heathrow Airport Terminal 5' },
      ],
      driver: { id: ids.amira, fullName: 'Amira Khan', callsign: 'A1' },
      vehicle: { registration: 'LX21 TAX', description: 'Silver Toyota Prius' },
      driverPosition: { lat: 51.48, lng: -0.3 },
    });
    expect(res.body.data.route.map((p) => p.lat)).toEqual([51.5, 51.49, 51.48]);
    expect(res.body.data.routeMetres).toBeGreaterThan(10_000);
    expect(res.body.data.durationSeconds).toBeGreaterThanOrEqual(20 * 60 - 5);
  });

  it('keeps a finished route to its end, without a live position', async () => {
    const res = await get({ id: ids.done });
    expect(res.body.data).toMatchObject({ status: 'completed', isLive: false, driverPosition: null });
    expect(res.body.data.route.map((p) => p.lat)).toEqual([51.51, 51.5]);
    expect(res.body.data.durationSeconds).toBe(20 * 60);
  });

  it('answers an empty route while no driver is on the job', async () => {
    const res = await get({ id: ids.waiting });
    expect(res.body.data).toMatchObject({
      driver: null,
      vehicle: null,
      driverPosition: null,
      route: [],
      startTime: null,
    });
  });

  it("answers bad input by field, another company's booking as not found, 403 without permission", async () => {
    const bad = await callRaw(w.app, 'Booking/GetBookingTrackingDetails', {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toEqual({ field: 'id', message: 'Id is required', rule: 'is required' });
    expect((await get({ id: ids.theirBooking })).status).toBe(404);
    expect((await get({ id: ids.running }, accounts)).status).toBe(403);
    expect((await get({ id: ids.running }, dispatcher)).status).toBe(200);
  });

  it('thins a long route to at most 2,000 points, keeping both ends', async () => {
    const driverId = await makeDriver(w.db, w.company.id);
    const onRouteAt = new Date(Date.now() - 3 * 3600_000);
    const id = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId, onRouteAt });
    const base = onRouteAt.getTime();
    await w.db.insert(driverPositions).values(
      Array.from({ length: 5000 }, (_, i) => ({
        companyId: w.company.id,
        driverId,
        lat: 51 + i / 10_000,
        lng: -0.1,
        recordedAt: new Date(base + i * 1000),
      })),
    );
    const res = await get({ id });
    expect(res.body.data.route).toHaveLength(2000);
    expect(res.body.data.route[0]?.lat).toBe(51);
    expect(res.body.data.route.at(-1)?.lat).toBeCloseTo(51.4999, 6);
  });
});

describe('Booking/GetBookingStartEndTimeApiCall', () => {
  const get = (body: CallInput<'Booking/GetBookingStartEndTimeApiCall'>, token = admin) =>
    call(w.app, 'Booking/GetBookingStartEndTimeApiCall', body, token);

  it('answers the journey times', async () => {
    const res = await get({ id: ids.done });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ bookingId: ids.done, statusName: 'Completed', durationSeconds: 1200 });
    expect(typeof res.body.data.startTime).toBe('string');
    expect(typeof res.body.data.endTime).toBe('string');
    const waiting = await get({ id: String(ids.waiting) });
    expect(waiting.body.data).toMatchObject({ startTime: null, endTime: null, durationSeconds: null, isLive: false });
  });

  it("answers bad input by field, another company's booking as not found, 403 without permission", async () => {
    const bad = await get({ id: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await get({ id: ids.theirBooking })).status).toBe(404);
    expect((await get({ id: ids.done }, accounts)).status).toBe(403);
  });
});

describe('Booking/GetDriverLocationForTracking', () => {
  const get = (body: CallInput<'Booking/GetDriverLocationForTracking'>, token = admin) =>
    call(w.app, 'Booking/GetDriverLocationForTracking', body, token);

  it("answers where the booking's driver is now, and nothing once the job is over or unallocated", async () => {
    const res = await get({ id: ids.running });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ driverId: ids.amira, isLive: true, position: { lat: 51.48 } });
    expect((await get({ id: ids.done })).body.data).toMatchObject({ driverId: null, position: null });
    expect((await get({ id: ids.waiting })).body.data).toMatchObject({ driverId: null, position: null });
  });

  it("answers bad input by field, another company's booking as not found, 403 without permission", async () => {
    const bad = await get({ id: -4 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await get({ id: ids.theirBooking })).status).toBe(404);
    expect((await get({ id: ids.running }, accounts)).status).toBe(403);
  });
});
