import type { BuiltName, CallInput } from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { driverNotifications } from '../src/domains/driver-app/schema';
import { expireDueOffers } from '../src/domains/dispatch/offer-expiry';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { type SignedIn } from './factories';
import { dispatchWorld, makeBooking, type DispatchWorld } from './factories-dispatch';
import { signedDriver } from './factories-driver-account';

let t: TestApp;
let w: DispatchWorld;
let me: SignedIn & { id: number };
let colleague: SignedIn & { id: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await dispatchWorld(t.app, t.db);
  me = await signedDriver(t.db, t.app, w.company);
  colleague = await signedDriver(t.db, t.app, w.company);
});

const office = <K extends BuiltName>(name: K, body: CallInput<K>) => call(t.app, name, body, w.dispatcher.accessToken);

const rowsOf = (driverId: number, bookingId: number) =>
  t.db
    .select()
    .from(driverNotifications)
    .where(and(eq(driverNotifications.driverId, driverId), eq(driverNotifications.bookingId, bookingId)))
    .orderBy(driverNotifications.id);

// 13:30 UTC on a June day is 14:30 in London, the company's time zone.
const pickupAt = new Date('2099-06-15T13:30:00Z');
/** Each test's job on its own day: a driver may not hold two jobs at once without a confirmation. */
const onDay = (day: number) => new Date(`2099-06-${day}T13:30:00Z`);

describe('driver notifications from booking moves', () => {
  it('an offer writes one notification for the driver, in the company time zone, seen in the app', async () => {
    const booking = await makeBooking(t.db, w.company.id, { pickupAt, address: '10 Downing Street' });
    const res = await office('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: me.id });
    expect(res.status).toBe(200);
    const rows = await rowsOf(me.id, booking.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'job_offered', title: 'New job offered', isNotified: false });
    expect(rows[0]?.body).toBe(
      `Pick-up Mon 15 Jun, 14:30 at 10 Downing Street (job ${booking.id}). Accept or decline it in the app.`,
    );

    const seen = await call(t.app, 'Driver/GetDriverNotifications', {}, me.accessToken);
    expect(seen.body.data.find((n) => n.bookingId === booking.id)).toMatchObject({
      kind: 'job_offered',
      title: 'New job offered',
    });
    const theirs = await call(t.app, 'Driver/GetDriverNotifications', {}, colleague.accessToken);
    expect(theirs.body.data.filter((n) => n.bookingId === booking.id)).toEqual([]);
    expect(await rowsOf(colleague.id, booking.id)).toHaveLength(0);

    // The driver's own confirm tells nobody.
    const confirm = await call(
      t.app,
      'Driver/UpdateBookingStatusForJourney',
      { id: booking.id, step: 'confirm' },
      me.accessToken,
    );
    expect(confirm.status).toBe(200);
    expect(await rowsOf(me.id, booking.id)).toHaveLength(1);
  });

  it('the office moving the pick-up of a job the driver holds tells the driver; a note change does not', async () => {
    const booking = await makeBooking(t.db, w.company.id, { pickupAt: onDay(16), address: '10 Downing Street' });
    expect(
      (await office('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: me.id })).status,
    ).toBe(200);
    const moved = await office('Booking/Update', { id: booking.id, pickupAt: '2099-06-16T14:00:00Z' });
    expect(moved.status).toBe(200);
    const noted = await office('Booking/Update', { id: booking.id, notesForDriver: 'Ring the bell twice.' });
    expect(noted.status).toBe(200);
    const rows = await rowsOf(me.id, booking.id);
    expect(rows.map((r) => r.kind)).toEqual(['job_allocated', 'job_changed']);
    expect(rows[1]?.body).toBe(
      `The office changed job ${booking.id}: pick-up now Tue 16 Jun, 15:00 at 10 Downing Street. Check the stops before you set off.`,
    );
  });

  it('a hard allocation, then unallocation, tells the driver both', async () => {
    const booking = await makeBooking(t.db, w.company.id, { pickupAt: onDay(17) });
    expect(
      (await office('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: me.id })).status,
    ).toBe(200);
    expect((await office('Booking/UnallocateBookingDriverAndVehicle', { bookingId: booking.id })).status).toBe(200);
    const rows = await rowsOf(me.id, booking.id);
    expect(rows.map((r) => [r.kind, r.title])).toEqual([
      ['job_allocated', 'Job allocated'],
      ['job_taken_off', 'Job taken off you'],
    ]);
  });

  it('a reallocation tells the new driver of the job and the former one that it was taken off', async () => {
    const booking = await makeBooking(t.db, w.company.id, { pickupAt: onDay(18) });
    await office('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: me.id });
    const res = await office('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: colleague.id,
      reallocate: true,
      version: booking.version + 1,
    });
    expect(res.status).toBe(200);
    expect((await rowsOf(me.id, booking.id)).map((r) => r.kind)).toEqual(['job_allocated', 'job_taken_off']);
    expect((await rowsOf(colleague.id, booking.id)).map((r) => r.kind)).toEqual(['job_allocated']);
  });

  it('a cancellation by the office tells the driver who held the job', async () => {
    const booking = await makeBooking(t.db, w.company.id, { pickupAt: onDay(19) });
    await office('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: me.id });
    const res = await call(
      t.app,
      'Booking/UpdateBookingStatus',
      { id: booking.id, move: 'cancel' },
      w.admin.accessToken,
    );
    expect(res.status).toBe(200);
    const rows = await rowsOf(me.id, booking.id);
    expect(rows.map((r) => r.kind)).toEqual(['job_offered', 'job_cancelled']);
    expect(rows[1]?.body).toBe(`Job ${booking.id} (pick-up Fri 19 Jun, 14:30 at 10 Downing Street) was cancelled.`);
  });

  it('an offer that runs out tells the driver', async () => {
    const booking = await makeBooking(t.db, w.company.id, { pickupAt: onDay(20) });
    await office('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: me.id });
    await expireDueOffers(t.services, new Date(Date.now() + 24 * 3_600_000));
    expect((await rowsOf(me.id, booking.id)).map((r) => r.kind)).toEqual(['job_offered', 'offer_expired']);
  });

  it("the driver's own decline tells nobody", async () => {
    const booking = await makeBooking(t.db, w.company.id, { pickupAt: onDay(21) });
    await office('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: me.id });
    const res = await call(
      t.app,
      'Driver/UpdateBookingStatusForJourney',
      { id: booking.id, step: 'reject' },
      me.accessToken,
    );
    expect(res.status).toBe(200);
    expect((await rowsOf(me.id, booking.id)).map((r) => r.kind)).toEqual(['job_offered']);
  });
});
