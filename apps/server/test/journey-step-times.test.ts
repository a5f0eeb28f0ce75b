import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { journeySteps } from '../src/domains/driver-app/schema';
import type { CallInput } from '@cabdesk/contract';
import { call } from './client';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, signIn } from './factories';
import { makeBooking } from './factories-tracking';

let t: TestApp;
let companyId: number;
let driverId: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db)).id;
  const driver = await createUser(t.db, companyId, 'driver');
  driverId = driver.personId;
  token = (await signIn(t.app, driver.email)).accessToken;
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const step = (body: CallInput<'Driver/UpdateBookingStatusForJourney'>) =>
  call(t.app, 'Driver/UpdateBookingStatusForJourney', body, token);

describe('journey step times', () => {
  it('never stamps a step before an earlier one, and keeps the phone’s own time as sent', async () => {
    const id = await makeBooking(t.db, companyId, { status: 'accepted', driverId });
    expect((await step({ id, step: 'start', takenAt: minutesAgo(10), idempotencyKey: 'start-1' })).status).toBe(200);
    expect((await step({ id, step: 'arrive', takenAt: minutesAgo(2), idempotencyKey: 'arrive-1' })).status).toBe(200);
    // A phone whose clock runs twenty minutes slow sends "on board" after "arrived".
    const lying = minutesAgo(20);
    expect((await step({ id, step: 'board', takenAt: lying, idempotencyKey: 'board-1' })).status).toBe(200);
    expect((await step({ id, step: 'complete', idempotencyKey: 'complete-1' })).status).toBe(200);

    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const times = [b!.onRouteAt, b!.arrivedAt, b!.onBoardAt, b!.completedAt].map((d) => d!.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(b!.onBoardAt!.getTime()).toBe(b!.arrivedAt!.getTime());
    expect(b!.waitingSeconds).toBe(0);

    const [sent] = await t.db.select().from(journeySteps).where(eq(journeySteps.idempotencyKey, 'board-1'));
    expect(sent!.takenAt!.toISOString()).toBe(lying);
  });

  it('keeps a phone time that is in order as it is', async () => {
    const id = await makeBooking(t.db, companyId, { status: 'on_route', driverId });
    const arrived = minutesAgo(8);
    const boarded = minutesAgo(3);
    await step({ id, step: 'arrive', takenAt: arrived });
    await step({ id, step: 'board', takenAt: boarded });
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(b!.arrivedAt!.toISOString()).toBe(arrived);
    expect(b!.onBoardAt!.toISOString()).toBe(boarded);
    expect(b!.waitingSeconds).toBe(300);
  });
});
