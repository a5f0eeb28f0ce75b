import { beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../src/domains/drivers/schema';
import { eq } from 'drizzle-orm';
import { recordPositions } from '../src/domains/tracking/positions';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';
import { makeBooking, makeVehicle, openShift, point } from './factories-tracking';

let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;
let admin: SignedIn;
let colleague: SignedIn;
let stranger: SignedIn;

type Body = Record<string, unknown> & {
  data: Record<string, unknown> & { stops?: { kind: string; arrivedAt: string | null }[] };
  errors?: { field: string }[];
  count?: number;
  allData?: unknown[];
};

async function driver(c: TestCompany) {
  const u = await createUser(t.db, c.id, 'driver');
  return { signed: await signIn(t.app, u.email), id: u.personId };
}

const ask = (name: string, body: object, who: SignedIn) => call(t.app, name, body, who.accessToken);

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  ({ signed: colleague } = await driver(company));
  ({ signed: stranger } = await driver(otherCompany));
});

/** The checks every read of one booking shares: bad id, another driver, another company, office user. */
async function refusals(name: string, id: number, me: SignedIn) {
  const bad = await ask(name, { id: 'abc' }, me);
  expect(bad.status).toBe(400);
  expect(bad.body.errors?.map((e) => e.field)).toContain('id');
  expect((await ask(name, { id }, colleague)).status).toBe(404);
  expect((await ask(name, { id }, stranger)).status).toBe(404);
  expect((await ask(name, { id }, admin)).status).toBe(403);
}

describe('Driver/GetBookingLocations and Driver/BookingNextLocTypeID', () => {
  it('lists the stops in order and follows the journey to the drop-off, then none', async () => {
    const { signed: me, id: myId } = await driver(company);
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
    const first = await ask('Driver/GetBookingLocations', { id }, me);
    expect(first.status).toBe(200);
    expect(first.body.data.stops!.map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
    expect(first.body.data.nextLocType).toBe('pickup');
    const walk: [string, string][] = [
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
    expect(done.body.data.stops!.every((s) => s.arrivedAt)).toBe(true);
    expect(done.body.data.stop).toBeNull();
  });
  it('refuses bad input, another driver, another company and an office user', async () => {
    const { signed: me, id: myId } = await driver(company);
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
    await refusals('Driver/GetBookingLocations', id, me);
    await refusals('Driver/BookingNextLocTypeID', id, me);
  });
});

describe('Booking/CheckOnJobStatus and Booking/GetDriverStatus', () => {
  it('says off a job until the driver sets off, then which job', async () => {
    const { signed: me, id: myId } = await driver(company);
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
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
    const { signed: me, id: myId } = await driver(company);
    const first = await ask('Booking/GetDriverStatus', {}, me);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ userStatus: 3, shift: null, onJob: false });
    const vehicleId = await makeVehicle(t.db, company.id);
    await openShift(t.db, company.id, myId, vehicleId);
    await t.db.update(drivers).set({ availability: 1 }).where(eq(drivers.id, myId));
    const res = await ask('Booking/GetDriverStatus', {}, me);
    expect(res.body.data).toMatchObject({ userStatus: 1, shift: { vehicleId } });
    expect((res.body.data.shift as { registration: string }).registration).toMatch(/^TR/);
  });
  it('refuses an office user with 403 and bad input with 400', async () => {
    expect((await ask('Booking/CheckOnJobStatus', {}, admin)).status).toBe(403);
    expect((await ask('Booking/GetDriverStatus', {}, admin)).status).toBe(403);
    const { signed: me } = await driver(company);
    const bad = await ask('Booking/GetDriverStatus', { companyID: 'x' }, me);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toContain('companyID');
  });
});

describe('Booking/GetBookingLiveLocationLog and Booking/GetBookingLiveLocationList', () => {
  it("reads back the route of the driver's own job", async () => {
    const { signed: me, id: myId } = await driver(company);
    const id = await makeBooking(t.db, company.id, {
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
    await recordPositions(t.db, company.id, myId, [point(120, 51.6, -0.2)]);
    const log = await ask('Booking/GetBookingLiveLocationLog', { id }, me);
    expect(log.status).toBe(200);
    expect(log.body.data).toMatchObject({ bookingId: id, isLive: true });
    expect((log.body.data.route as unknown[]).length).toBe(3);
    expect(log.body.data.routeMetres).toBeGreaterThan(100);
    const list = await ask('Booking/GetBookingLiveLocationList', { id, perPage: 2 }, me);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.data).toHaveLength(2);
  });
  it('refuses bad input, another driver, another company and an office user', async () => {
    const { signed: me, id: myId } = await driver(company);
    const id = await makeBooking(t.db, company.id, { status: 'on_route', driverId: myId, onRouteAt: new Date() });
    await refusals('Booking/GetBookingLiveLocationLog', id, me);
    await refusals('Booking/GetBookingLiveLocationList', id, me);
  });
});
