import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { driverLocations, driverPositions } from '../src/domains/dispatch/schema';
import { journeySteps } from '../src/domains/driver-app/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';
import { makeBooking, point } from './factories-tracking';

let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;
let admin: SignedIn;
let me: SignedIn;
let colleague: SignedIn;
let stranger: SignedIn;
let myId = 0;
let colleagueId = 0;

type Answer = {
  code?: number;
  message?: string;
  data: { id: number; step: string; status: string; version: number; nextSteps: string[]; repeated: boolean };
  errors?: { field: string }[];
  currentStatus?: string;
};

async function driver(c: TestCompany) {
  const u = await createUser(t.db, c.id, 'driver');
  return { signed: await signIn(t.app, u.email), id: u.personId };
}

const step = (body: object, who: SignedIn = me, name = 'Driver/UpdateBookingStatusForJourney') =>
  call(t.app, name, body, who.accessToken);

async function statusOf(id: number) {
  const [b] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return b!;
}

const stepsOf = (id: number) => t.db.select().from(journeySteps).where(eq(journeySteps.bookingId, id));

let keys = 0;
const key = () => `key-${Date.now()}-${++keys}`;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  ({ signed: me, id: myId } = await driver(company));
  ({ signed: colleague, id: colleagueId } = await driver(company));
  ({ signed: stranger } = await driver(otherCompany));
});

describe('Driver/UpdateBookingStatusForJourney', () => {
  it('walks a job from offer to completed, stamping times, stops and the history', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'offered', driverId: myId });
    const walk = ['confirm', 'start', 'arrive', 'board', 'complete'];
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
    const stops = await t.db.select().from(bookingStops).where(eq(bookingStops.bookingId, id));
    expect(stops.every((s) => s.arrivedAt !== null)).toBe(true);
    expect(stops.find((s) => s.kind === 'pickup')!.departedAt).not.toBeNull();
    expect(await stepsOf(id)).toHaveLength(5);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.source)).toEqual(Array(5).fill('driver'));
  });

  it('uses the phone time of a step taken offline, and the waiting time follows it', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'on_route', driverId: myId });
    const arrived = new Date(Date.now() - 10 * 60_000).toISOString();
    const boarded = new Date(Date.now() - 4 * 60_000).toISOString();
    expect((await step({ id, step: 'arrive', takenAt: arrived })).status).toBe(200);
    expect((await step({ id, step: 'board', takenAt: boarded })).status).toBe(200);
    const b = await statusOf(id);
    expect(b.arrivedAt!.toISOString()).toBe(arrived);
    expect(b.waitingSeconds).toBe(360);
  });

  it('answers bad input with 400 naming the field, and moves nothing', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
    const cases: [object, string][] = [
      [{ step: 'start' }, 'id'],
      [{ id, step: 'fly' }, 'step'],
      [{ id, step: 'start', idempotencyKey: 'x'.repeat(101) }, 'idempotencyKey'],
      [{ id, step: 'start', takenAt: 'yesterday' }, 'takenAt'],
      [{ id, step: 'start', takenAt: new Date(Date.now() + 3_600_000).toISOString() }, 'takenAt'],
    ];
    for (const [body, field] of cases) {
      const res = await step(body);
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    expect((await statusOf(id)).status).toBe('accepted');
  });

  it("refuses another driver's job as not found and writes nothing", async () => {
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: colleagueId });
    const res = await step({ id, step: 'start', idempotencyKey: key() });
    expect(res.status).toBe(404);
    expect((await statusOf(id)).status).toBe('accepted');
    expect(await stepsOf(id)).toHaveLength(0);
  });

  it("refuses another company's booking as not found", async () => {
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
    const res = await step({ id, step: 'start' }, stranger);
    expect(res.status).toBe(404);
    expect((await statusOf(id)).status).toBe('accepted');
  });

  it('refuses an office user with 403', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
    const res = await step({ id, step: 'start' }, admin);
    expect(res.status).toBe(403);
    expect((await statusOf(id)).status).toBe('accepted');
  });

  it('refuses a step out of order with 409, the current status and words for the driver', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
    const k = key();
    const res = await step({ id, step: 'arrive', idempotencyKey: k });
    expect(res.status).toBe(409);
    expect(res.body.currentStatus).toBe('accepted');
    expect(res.body.message).toContain('"Arrived" can no longer be sent');
    expect((await statusOf(id)).status).toBe('accepted');
    expect(await stepsOf(id)).toHaveLength(0);
  });

  it('applies a step sent twice at once with one key exactly once', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'on_route', driverId: myId });
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
    const moves = await t.db
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
    const id = await makeBooking(t.db, company.id, { status: 'on_route', driverId: myId });
    const k = key();
    expect((await step({ id, step: 'arrive', idempotencyKey: k })).status).toBe(200);
    const res = await step({ id, step: 'board', idempotencyKey: k });
    expect(res.status).toBe(409);
    expect((await statusOf(id)).status).toBe('arrived');
  });
});

describe('Driver/ConfirmBooking and Driver/RejectBooking', () => {
  it('accepts an offer', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'offered', driverId: myId });
    const res = await step({ id, idempotencyKey: key() }, me, 'Driver/ConfirmBooking');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ step: 'confirm', status: 'accepted' });
  });
  it('declines an allocation: the job goes back to dispatch with no driver', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'allocated', driverId: myId });
    const res = await step({ id }, me, 'Driver/RejectBooking');
    expect(res.status).toBe(200);
    const b = await statusOf(id);
    expect(b.status).toBe('confirmed');
    expect(b.driverId).toBeNull();
  });
  it('answers bad input, another driver, another company, an office user and a late answer', async () => {
    const id = await makeBooking(t.db, company.id, { status: 'offered', driverId: myId });
    const bad = await step({ id: 'x' }, me, 'Driver/ConfirmBooking');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toContain('id');
    expect((await step({ id }, colleague, 'Driver/ConfirmBooking')).status).toBe(404);
    expect((await step({ id }, stranger, 'Driver/RejectBooking')).status).toBe(404);
    expect((await step({ id }, admin, 'Driver/ConfirmBooking')).status).toBe(403);
    expect((await statusOf(id)).status).toBe('offered');
    const done = await makeBooking(t.db, company.id, { status: 'on_route', driverId: myId });
    const late = await step({ id: done }, me, 'Driver/RejectBooking');
    expect(late.status).toBe(409);
    expect(late.body.currentStatus).toBe('on_route');
  });
});

describe.each(['Driver/ProcessBookingEvent', 'Driver/AddBookingProgress', 'Booking/UpdateBookingStatusSimple'])(
  '%s',
  (name) => {
    it('moves the job one step, once per key', async () => {
      const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
      const k = key();
      const res = await step({ id, step: 'start', idempotencyKey: k }, me, name);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('on_route');
      const again = await step({ id, step: 'start', idempotencyKey: k }, me, name);
      expect(again.body.data.repeated).toBe(true);
      expect((await statusOf(id)).version).toBe(res.body.data.version);
    });
    it('refuses bad input, others and out-of-order steps', async () => {
      const id = await makeBooking(t.db, company.id, { status: 'accepted', driverId: myId });
      const bad = await step({ id, step: 'teleport' }, me, name);
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.field)).toContain('step');
      expect((await step({ id, step: 'start' }, colleague, name)).status).toBe(404);
      expect((await step({ id, step: 'start' }, stranger, name)).status).toBe(404);
      expect((await step({ id, step: 'start' }, admin, name)).status).toBe(403);
      expect((await step({ id, step: 'complete' }, me, name)).status).toBe(409);
      expect((await statusOf(id)).status).toBe('accepted');
    });
  },
);

describe.each(['Driver/CurrentLocation', 'Booking/AddLiveLocationLog'])('%s', (name) => {
  it("stores the signed-in driver's positions, tagged with the job under way", async () => {
    const { signed, id: driverId } = await driver(company);
    const bookingId = await makeBooking(t.db, company.id, { status: 'on_route', driverId, onRouteAt: new Date() });
    const res = await call(t.app, name, { points: [point(20), point(10, 51.511, -0.121)] }, signed.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.stored).toBe(2);
    const rows = await t.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.bookingId === bookingId)).toBe(true);
    const [latest] = await t.db.select().from(driverLocations).where(eq(driverLocations.driverId, driverId));
    expect(latest!.lat).toBeCloseTo(51.511);
  });
  it('refuses impossible coordinates and points from the future, writing nothing', async () => {
    const { signed, id: driverId } = await driver(company);
    const far = await call(t.app, name, { points: [{ ...point(5), lat: 91 }] }, signed.accessToken);
    expect(far.status).toBe(400);
    expect(far.body.errors?.[0]?.field).toMatch(/^points/);
    const future = { ...point(0), recordedAt: new Date(Date.now() + 3_600_000).toISOString() };
    const ahead = await call(t.app, name, { points: [future] }, signed.accessToken);
    expect(ahead.status).toBe(400);
    expect((await call(t.app, name, { points: [] }, signed.accessToken)).status).toBe(400);
    expect(await t.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId))).toHaveLength(0);
  });
  it('refuses an office user with 403', async () => {
    expect((await call(t.app, name, { points: [point(5)] }, admin.accessToken)).status).toBe(403);
  });
});
