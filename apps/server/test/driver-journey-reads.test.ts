import { beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../src/domains/drivers/schema';
import { eq } from 'drizzle-orm';
import { recordPositions } from '../src/domains/tracking/positions';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { makeBooking, makeVehicle, openShift, point } from './factories-tracking';
import { world, type Person, type World } from './world';

let w: World<never, true>;
let colleague: Person;
let stranger: Person;

const ask = <K extends BuiltName>(name: K, body: CallInput<K>, who: Person) => call(w.app, name, body, who.token);
/** A driver of the company with its own sign-in, and the drivers row id. */
const driver = async () => {
  const me = await w.person('driver');
  return { me, myId: me.personId };
};

beforeAll(async () => {
  w = await world({ otherCompany: true });
  colleague = await w.person('driver');
  stranger = await w.other.person('driver');
});

/** The checks every read of one booking shares: bad id, another driver, another company, office user. */
async function refusals(
  name:
    | 'Driver/GetBookingLocations'
    | 'Driver/BookingNextLocTypeID'
    | 'Booking/GetBookingLiveLocationLog'
    | 'Booking/GetBookingLiveLocationList',
  id: number,
  me: Person,
) {
  const bad = await ask(name, { id: 'abc' }, me);
  expect(bad.status).toBe(400);
  expect(bad.body.errors?.map((e) => e.field)).toContain('id');
  expect((await ask(name, { id }, colleague)).status).toBe(404);
  expect((await ask(name, { id }, stranger)).status).toBe(404);
  expect((await ask(name, { id }, w.admin)).status).toBe(403);
}

describe('Driver/GetBookingLocations and Driver/BookingNextLocTypeID', () => {
  it('lists the stops in order and follows the journey to the drop-off, then none', async () => {
    const { me, myId } = await driver();
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const first = await ask('Driver/GetBookingLocations', { id }, me);
    expect(first.status).toBe(200);
    expect(first.body.data.stops.map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
    expect(first.body.data.nextLocType).toBe('pickup');
    const walk: ['start' | 'arrive' | 'board' | 'complete', string][] = [
      ['start', 'pickup'],
      ['arrive', 'pickup'],
      ['board', 'dropoff'],
      ['complete', 'none'],
    ];
    for (const [step, next] of walk) {
      expect((await ask('Driver/UpdateBookingStatusForJourney', { id, step }, me)).status).toBe(200);
      const res = await ask('Driver/BookingNextLocTypeID', { id }, me);
      expect(res.status).toBe(200);
      expect(res.body.data.nextLocType, step).toBe(next);
    }
    const done = await ask('Driver/GetBookingLocations', { id }, me);
    expectEvery(done.body.data.stops, (s) => s.arrivedAt !== null);
    expect(done.body.data.stop).toBeNull();
  });
  it('refuses bad input, another driver, another company and an office user', async () => {
    const { me, myId } = await driver();
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    await refusals('Driver/GetBookingLocations', id, me);
    await refusals('Driver/BookingNextLocTypeID', id, me);
  });
});

describe('Booking/CheckOnJobStatus and Booking/GetDriverStatus', () => {
  it('says off a job until the driver sets off, then which job', async () => {
    const { me, myId } = await driver();
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const before = await ask('Booking/CheckOnJobStatus', {}, me);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ onJob: false, booking: null });
    await ask('Driver/UpdateBookingStatusForJourney', { id, step: 'start' }, me);
    const after = await ask('Booking/CheckOnJobStatus', {}, me);
    expect(after.body.data).toMatchObject({ onJob: true, booking: { id, status: 'on_route' } });
    // A colleague's job under way is not this driver's.
    expect((await ask('Booking/CheckOnJobStatus', {}, colleague)).body.data.onJob).toBe(false);
  });
  it('gives availability (initially 3), the open shift with its vehicle, and the job', async () => {
    const { me, myId } = await driver();
    const first = await ask('Booking/GetDriverStatus', {}, me);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ userStatus: 3, shift: null, onJob: false });
    const vehicleId = await makeVehicle(w.db, w.company.id);
    await openShift(w.db, w.company.id, myId, vehicleId);
    await w.db.update(drivers).set({ availability: 1 }).where(eq(drivers.id, myId));
    const res = await ask('Booking/GetDriverStatus', {}, me);
    expect(res.body.data).toMatchObject({ userStatus: 1, shift: { vehicleId } });
    expect(res.body.data.shift?.registration).toMatch(/^TR/);
  });
  it('refuses an office user with 403 and bad input with 400', async () => {
    expect((await ask('Booking/CheckOnJobStatus', {}, w.admin)).status).toBe(403);
    expect((await ask('Booking/GetDriverStatus', {}, w.admin)).status).toBe(403);
    const { me } = await driver();
    const bad = await callRaw(w.app, 'Booking/GetDriverStatus', { companyID: 'x' }, me.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toContain('companyID');
  });
});

describe('Booking/GetBookingLiveLocationLog and Booking/GetBookingLiveLocationList', () => {
  it("reads back the route of the driver's own job", async () => {
    const { me, myId } = await driver();
    const id = await makeBooking(w.db, w.company.id, {
      status: 'on_route',
      driverId: myId,
      onRouteAt: new Date(Date.now() - 60_000),
    });
    await ask(
      'Booking/AddLiveLocationLog',
      { points: [point(30), point(20, 51.511, -0.121), point(10, 51.512, -0.122)] },
      me,
    );
    // A point before setting off is not part of the route.
    await recordPositions(w.db, w.company.id, myId, [point(120, 51.6, -0.2)]);
    const log = await ask('Booking/GetBookingLiveLocationLog', { id }, me);
    expect(log.status).toBe(200);
    expect(log.body.data).toMatchObject({ bookingId: id, isLive: true });
    expect(log.body.data.route).toHaveLength(3);
    expect(log.body.data.routeMetres).toBeGreaterThan(100);
    const list = await ask('Booking/GetBookingLiveLocationList', { id, perPage: 2 }, me);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.data).toHaveLength(2);
  });
  it('refuses bad input, another driver, another company and an office user', async () => {
    const { me, myId } = await driver();
    const id = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId: myId, onRouteAt: new Date() });
    await refusals('Booking/GetBookingLiveLocationLog', id, me);
    await refusals('Booking/GetBookingLiveLocationList', id, me);
  });
});
