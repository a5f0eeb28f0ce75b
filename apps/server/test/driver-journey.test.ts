import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { driverLocations, driverPositions } from '../src/domains/dispatch/schema';
import { journeySteps } from '../src/domains/driver-app/schema';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { makeBooking, point } from './factories-tracking';
import { world, type Person, type World } from './world';

let w: World<'driver', true>;
let me: Person;
let colleague: Person;
let stranger: Person;
let myId = 0;
let colleagueId = 0;

/** A step of a job through one of the driver app's calls, by default as the signed-in driver. */
const journey = <K extends BuiltName>(name: K, body: CallInput<K>, who: Person = me) =>
  call(w.app, name, body, who.token);
const step = (body: CallInput<'Driver/UpdateBookingStatusForJourney'>, who: Person = me) =>
  journey('Driver/UpdateBookingStatusForJourney', body, who);

async function statusOf(id: number) {
  const [b] = await w.db.select().from(bookings).where(eq(bookings.id, id));
  return b!;
}

/** My positions tagged with a job, each `s` seconds after `from` (ms), as the driver app records them. */
const recordTrack = (id: number, from: number, fixes: { lat: number; lng: number; s: number }[]) =>
  w.db.insert(driverPositions).values(
    fixes.map((f) => ({
      companyId: w.company.id,
      driverId: myId,
      bookingId: id,
      lat: f.lat,
      lng: f.lng,
      accuracy: 10,
      recordedAt: new Date(from + f.s * 1000),
    })),
  );

const stepsOf = (id: number) => w.db.select().from(journeySteps).where(eq(journeySteps.bookingId, id));

let keys = 0;
const key = () => `key-${Date.now()}-${++keys}`;

beforeAll(async () => {
  w = await world({ roles: ['driver'], otherCompany: true });
  me = w.as.driver;
  colleague = await w.person('driver');
  stranger = await w.other.person('driver');
  [myId, colleagueId] = [me.personId, colleague.personId];
});

describe('Driver/UpdateBookingStatusForJourney', () => {
  it('walks a job from offer to completed, stamping times, stops and the history', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'offered', driverId: myId });
    const walk = ['confirm', 'start', 'arrive', 'board', 'complete'] as const;
    const seen: string[] = [];
    for (const s of walk) {
      const res = await step({ id, step: s, idempotencyKey: key() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.code).toBe(200);
      expect(res.body.data.repeated).toBe(false);
      seen.push(res.body.data.status);
    }
    expect(seen).toEqual(['accepted', 'on_route', 'arrived', 'on_board', 'completed']);
    const b = await statusOf(id);
    expect(b.acceptedAt && b.onRouteAt && b.arrivedAt && b.onBoardAt && b.completedAt).toBeTruthy();
    expect(b.waitingSeconds).not.toBeNull();
    const stops = await w.db.select().from(bookingStops).where(eq(bookingStops.bookingId, id));
    expectEvery(stops, (s) => s.arrivedAt !== null);
    expect(stops.find((s) => s.kind === 'pickup')!.departedAt).not.toBeNull();
    expect(await stepsOf(id)).toHaveLength(5);
    const audit = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id)));
    // Five steps, and a mark for the office: completed seconds after boarding.
    expect(audit.map((a) => a.source)).toEqual(Array(6).fill('driver'));
    expect(audit.filter((a) => a.action === 'journey_mark')).toHaveLength(1);
  });

  it("keeps the distance driven on board from the job's track, leaving out a GPS jump", async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'arrived', driverId: myId });
    const boarded = Date.now() - 10 * 60_000;
    expect((await step({ id, step: 'board', takenAt: new Date(boarded).toISOString() })).status).toBe(200);
    // Four fixes a minute apart along a street, about 0.5 km each, and one jump to another city.
    const fixes = [
      { lat: 51.5, lng: -0.12, s: 60 },
      { lat: 51.5045, lng: -0.12, s: 120 },
      { lat: 53.48, lng: -2.24, s: 150 },
      { lat: 51.509, lng: -0.12, s: 180 },
      { lat: 51.5135, lng: -0.12, s: 240 },
    ];
    await recordTrack(id, boarded, fixes);
    const done = await step({ id, step: 'complete' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const driven = (await statusOf(id)).drivenMetres as number;
    // 0.0135° of latitude is about 1.5 km; the jump to Manchester is not in it.
    expect(driven).toBeGreaterThan(1400);
    expect(driven).toBeLessThan(1600);
  });

  it('keeps the distance driven to the pick-up from the track since setting off (dead mileage)', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const setOff = Date.now() - 10 * 60_000;
    expect((await step({ id, step: 'start', takenAt: new Date(setOff).toISOString() })).status).toBe(200);
    // Before setting off (a previous job's tail) does not count; three fixes about 0.5 km apart do.
    const fixes = [
      { lat: 51.49, lng: -0.12, s: -60 },
      { lat: 51.5, lng: -0.12, s: 60 },
      { lat: 51.5045, lng: -0.12, s: 120 },
      { lat: 51.509, lng: -0.12, s: 180 },
    ];
    await recordTrack(id, setOff, fixes);
    expect((await step({ id, step: 'arrive' })).status).toBe(200);
    const approach = (await statusOf(id)).approachMetres as number;
    expect(approach).toBeGreaterThan(950);
    expect(approach).toBeLessThan(1050);
  });

  it('uses the phone time of a step taken offline, and the waiting time follows it', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId: myId });
    const arrived = new Date(Date.now() - 10 * 60_000).toISOString();
    const boarded = new Date(Date.now() - 4 * 60_000).toISOString();
    expect((await step({ id, step: 'arrive', takenAt: arrived })).status).toBe(200);
    expect((await step({ id, step: 'board', takenAt: boarded })).status).toBe(200);
    const b = await statusOf(id);
    expect(b.arrivedAt!.toISOString()).toBe(arrived);
    expect(b.waitingSeconds).toBe(360);
  });

  it('answers bad input with 400 naming the field, and moves nothing', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const cases: [unknown, string][] = [
      [{ step: 'start' }, 'id'],
      [{ id, step: 'fly' }, 'step'],
      [{ id, step: 'start', idempotencyKey: 'x'.repeat(101) }, 'idempotencyKey'],
      [{ id, step: 'start', takenAt: 'yesterday' }, 'takenAt'],
      [{ id, step: 'start', takenAt: new Date(Date.now() + 3_600_000).toISOString() }, 'takenAt'],
    ];
    for (const [body, field] of cases) {
      const res = await callRaw(w.app, 'Driver/UpdateBookingStatusForJourney', body, me.token);
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    expect((await statusOf(id)).status).toBe('accepted');
  });

  it("refuses another driver's job as not found and writes nothing", async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: colleagueId });
    const res = await step({ id, step: 'start', idempotencyKey: key() });
    expect(res.status).toBe(404);
    expect((await statusOf(id)).status).toBe('accepted');
    expect(await stepsOf(id)).toHaveLength(0);
  });

  it("refuses another company's booking as not found", async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const res = await step({ id, step: 'start' }, stranger);
    expect(res.status).toBe(404);
    expect((await statusOf(id)).status).toBe('accepted');
  });

  it('refuses an office user with 403', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const res = await step({ id, step: 'start' }, w.admin);
    expect(res.status).toBe(403);
    expect((await statusOf(id)).status).toBe('accepted');
  });

  it('refuses a step out of order with 409, the current status and words for the driver', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const k = key();
    const res = await step({ id, step: 'arrive', idempotencyKey: k });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ currentStatus: 'accepted' });
    expect(res.body.message).toContain('"Arrived" can no longer be sent');
    expect((await statusOf(id)).status).toBe('accepted');
    expect(await stepsOf(id)).toHaveLength(0);
  });

  it('applies a step sent twice at once with one key exactly once', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId: myId });
    const k = key();
    const [a, b] = await Promise.all([
      step({ id, step: 'arrive', idempotencyKey: k }),
      step({ id, step: 'arrive', idempotencyKey: k }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.repeated, b.body.data.repeated].sort()).toEqual([false, true]);
    expect(a.body.data.version).toBe(b.body.data.version);
    const after = await statusOf(id);
    expect(after.status).toBe('arrived');
    const moves = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id), eq(auditLog.action, 'arrive')));
    expect(moves).toHaveLength(1);
    // A later retry, after the job moved on, still gets the first answer.
    await step({ id, step: 'board' });
    const late = await step({ id, step: 'arrive', idempotencyKey: k });
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ status: 'arrived', repeated: true });
    expect((await statusOf(id)).status).toBe('on_board');
  });

  it('refuses a key reused for a different step with 409', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId: myId });
    const k = key();
    expect((await step({ id, step: 'arrive', idempotencyKey: k })).status).toBe(200);
    const res = await step({ id, step: 'board', idempotencyKey: k });
    expect(res.status).toBe(409);
    expect((await statusOf(id)).status).toBe('arrived');
  });
});

describe('Driver/ConfirmBooking and Driver/RejectBooking', () => {
  it('accepts an offer', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'offered', driverId: myId });
    const res = await journey('Driver/ConfirmBooking', { id, idempotencyKey: key() }, me);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ step: 'confirm', status: 'accepted' });
  });
  it('declines an allocation: the job goes back to dispatch with no driver', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'allocated', driverId: myId });
    const res = await journey('Driver/RejectBooking', { id }, me);
    expect(res.status).toBe(200);
    const b = await statusOf(id);
    expect(b.status).toBe('confirmed');
    expect(b.driverId).toBeNull();
  });
  it('answers bad input, another driver, another company, an office user and a late answer', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'offered', driverId: myId });
    const bad = await journey('Driver/ConfirmBooking', { id: 'x' }, me);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toContain('id');
    expect((await journey('Driver/ConfirmBooking', { id }, colleague)).status).toBe(404);
    expect((await journey('Driver/RejectBooking', { id }, stranger)).status).toBe(404);
    expect((await journey('Driver/ConfirmBooking', { id }, w.admin)).status).toBe(403);
    expect((await statusOf(id)).status).toBe('offered');
    const done = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId: myId });
    const late = await journey('Driver/RejectBooking', { id: done }, me);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ currentStatus: 'on_route' });
  });
});

describe.each([
  'Driver/ProcessBookingEvent',
  'Driver/AddBookingProgress',
  'Booking/UpdateBookingStatusSimple',
] as const)('%s', (name) => {
  it('moves the job one step, once per key', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const k = key();
    const res = await journey(name, { id, step: 'start', idempotencyKey: k }, me);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('on_route');
    const again = await journey(name, { id, step: 'start', idempotencyKey: k }, me);
    expect(again.body.data.repeated).toBe(true);
    expect((await statusOf(id)).version).toBe(res.body.data.version);
  });
  it('refuses bad input, others and out-of-order steps', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'accepted', driverId: myId });
    const bad = await callRaw(w.app, name, { id, step: 'teleport' }, me.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toContain('step');
    expect((await journey(name, { id, step: 'start' }, colleague)).status).toBe(404);
    expect((await journey(name, { id, step: 'start' }, stranger)).status).toBe(404);
    expect((await journey(name, { id, step: 'start' }, w.admin)).status).toBe(403);
    expect((await journey(name, { id, step: 'complete' }, me)).status).toBe(409);
    expect((await statusOf(id)).status).toBe('accepted');
  });
});

describe.each(['Driver/CurrentLocation', 'Booking/AddLiveLocationLog'] as const)('%s', (name) => {
  it("stores the signed-in driver's positions, tagged with the job under way", async () => {
    const signed = await w.person('driver');
    const driverId = signed.personId;
    const bookingId = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId, onRouteAt: new Date() });
    const res = await call(w.app, name, { points: [point(20), point(10, 51.511, -0.121)] }, signed.token);
    expect(res.status).toBe(200);
    expect(res.body.data.stored).toBe(2);
    const rows = await w.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.bookingId === bookingId)).toBe(true);
    const [latest] = await w.db.select().from(driverLocations).where(eq(driverLocations.driverId, driverId));
    expect(latest!.lat).toBeCloseTo(51.511);
  });
  it('refuses impossible coordinates and points from the future, writing nothing', async () => {
    const signed = await w.person('driver');
    const driverId = signed.personId;
    const far = await call(w.app, name, { points: [{ ...point(5), lat: 91 }] }, signed.token);
    expect(far.status).toBe(400);
    expect(far.body.errors?.[0]?.field).toMatch(/^points/);
    const future = { ...point(0), recordedAt: new Date(Date.now() + 3_600_000).toISOString() };
    const ahead = await call(w.app, name, { points: [future] }, signed.token);
    expect(ahead.status).toBe(400);
    expect((await call(w.app, name, { points: [] }, signed.token)).status).toBe(400);
    expect(await w.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId))).toHaveLength(0);
  });
  it('refuses an office user with 403', async () => {
    expect((await call(w.app, name, { points: [point(5)] }, w.admin.token)).status).toBe(403);
  });
});
