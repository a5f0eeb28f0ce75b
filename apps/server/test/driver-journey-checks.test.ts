import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings } from '../src/domains/bookings/schema';
import { companies } from '../src/domains/company/schema';
import { driverLocations } from '../src/domains/dispatch/schema';
import { journeyMarks } from '../src/domains/driver-app/schema';
import { call } from './client';
import { makeBooking } from './factories-tracking';
import { world, type Person, type World } from './world';

let w: World<'driver' | 'Dispatcher', true>;
let me: Person;

/** The Savoy, the factories' pick-up. */
const SAVOY = { lat: 51.5103, lng: -0.1207 };

const standAt = async (lat: number, lng: number) => {
  await w.db
    .insert(driverLocations)
    .values({ companyId: w.company.id, driverId: me.personId, lat, lng, recordedAt: new Date() })
    .onConflictDoUpdate({ target: driverLocations.driverId, set: { lat, lng, recordedAt: new Date() } });
};
const step = (id: number, s: 'arrive' | 'board' | 'complete') =>
  call(w.app, 'Driver/UpdateBookingStatusForJourney', { id, step: s }, me.token);
const marksOf = (id: number, who: Person | { token: string } = w.as.Dispatcher) =>
  call(w.app, 'Booking/GetBookingJourneyMarks', { id }, who.token);

beforeAll(async () => {
  w = await world({ roles: ['driver', 'Dispatcher'], otherCompany: true });
  me = w.as.driver;
});

describe('journey steps that look wrong are allowed but marked for the office', () => {
  it('marks "Arrived" 2 km away and three hours early, with the figures, on the booking and in its history', async () => {
    const id = await makeBooking(w.db, w.company.id, {
      status: 'on_route',
      driverId: me.personId,
      pickupAt: new Date(Date.now() + 3 * 3600_000),
    });
    await standAt(SAVOY.lat + 0.018, SAVOY.lng); // about 2 km north
    const res = await step(id, 'arrive');
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const answer = await marksOf(id);
    expect(answer.status).toBe(200);
    const marks = answer.body.data.marks;
    expect(marks.map((m) => m.kind).sort()).toEqual(['arrived_early', 'arrived_far']);
    const far = marks.find((m) => m.kind === 'arrived_far')!;
    expect(far.message).toMatch(/^Arrived 2\.0 km from the pick-up \(more than 500 m\)\.$/);
    expect(far.details.metresFromPickup).toBeGreaterThan(1900);
    expect(far.driverId).toBe(me.personId);
    const early = marks.find((m) => m.kind === 'arrived_early')!;
    expect(early.message).toMatch(/, (2 h 59 min|3 h 0 min) before the pick-up time \d\d:\d\d\.$/);

    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id), eq(auditLog.action, 'journey_mark')));
    expect(history.map((h) => String(h.changes?.note?.after)).sort()).toEqual(marks.map((m) => m.message).sort());
    const log = await call(w.app, 'Booking/GetBookingHistoryLog', { id, perPage: 100 }, w.admin.token);
    expect(log.body.data.some((e) => e.description.includes(far.message))).toBe(true);
  });

  it('marks nothing for an arrival at the door on time; marks "Complete" seconds after boarding', async () => {
    const id = await makeBooking(w.db, w.company.id, {
      status: 'on_route',
      driverId: me.personId,
      pickupAt: new Date(Date.now() + 10 * 60_000),
    });
    await standAt(SAVOY.lat, SAVOY.lng + 0.001);
    expect((await step(id, 'arrive')).status).toBe(200);
    expect((await marksOf(id)).body.data.marks).toEqual([]);
    expect((await step(id, 'board')).status).toBe(200);
    expect((await step(id, 'complete')).status).toBe(200);
    const marks = (await marksOf(id)).body.data.marks;
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ kind: 'completed_fast', step: 'complete' });
    expect(marks[0]!.message).toMatch(/^Completed \d+ s after "Passenger on board" \(under a minute\)\.$/);
  });

  it('hides another company’s marks (404)', async () => {
    const id = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId: me.personId });
    expect((await marksOf(id, w.other.admin)).status).toBe(404);
  });
});

describe('the company setting that makes "Arrived" need the pick-up nearby', () => {
  it('is off by default; when set, refuses "Arrived" further away naming the distance, and changes nothing', async () => {
    const [company] = await w.db.select().from(companies).where(eq(companies.id, w.company.id));
    expect(company!.arriveWithinMetres).toBeNull();
    expect(company!.nearPickupMinutes).toBe(30);
    await w.db.update(companies).set({ arriveWithinMetres: 200 }).where(eq(companies.id, w.company.id));
    try {
      const id = await makeBooking(w.db, w.company.id, { status: 'on_route', driverId: me.personId });
      await standAt(SAVOY.lat + 0.018, SAVOY.lng);
      const refused = await step(id, 'arrive');
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('"Arrived" can only be sent within 200 m of the pick-up; you are 2.0 km away.');
      const [b] = await w.db.select().from(bookings).where(eq(bookings.id, id));
      expect(b!.status).toBe('on_route');
      expect(await w.db.select().from(journeyMarks).where(eq(journeyMarks.bookingId, id))).toEqual([]);
      await standAt(SAVOY.lat + 0.001, SAVOY.lng);
      expect((await step(id, 'arrive')).status).toBe(200);
    } finally {
      await w.db.update(companies).set({ arriveWithinMetres: null }).where(eq(companies.id, w.company.id));
    }
  });
});
