import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { companies } from '../src/domains/company/schema';
import { announceNearPickups } from '../src/domains/dispatch/near-pickup';
import { nearPickupAnnouncements } from '../src/domains/dispatch/schema';
import { liveEvents } from '../src/platform/events/schema';
import { drivers } from '../src/domains/drivers/schema';
import { createTestApp, type TestApp } from './harness';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { call } from './client';
import { createCompany, signIn } from './factories';
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
let cid: number;

const run = <K extends BuiltName>(name: K, body: CallInput<K>, token = w.dispatcher.accessToken) =>
  call(t.app, name, body, token);

/** Near 10 Downing Street (the factories' pick-up). */
const NEAR = { lat: 51.51, lng: -0.13 };

beforeAll(async () => {
  t = await createTestApp();
  w = await dispatchWorld(t.app, t.db);
  cid = w.company.id;
});

const choicesFor = async (bookingId: number) => {
  const res = await run('Booking/GetDriverChoices', { bookingId });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('the manual driver list (Booking/GetDriverChoices)', () => {
  it('shows every driver with state, distance, vehicle type and papers, and refuses in the allocation’s words', async () => {
    const james = await makeDriver(t.db, cid, { firstName: 'James', lastName: 'Reed' });
    const saloon = await makeVehicle(t.db, cid, w.saloonId);
    await onShiftAt(t.db, cid, james.id, saloon.id, NEAR.lat, NEAR.lng);
    const mia = await makeDriver(t.db, cid, { firstName: 'Mia', lastName: 'Stone' });
    const mpv = await makeVehicle(t.db, cid, w.mpvId);
    await onShiftAt(t.db, cid, mia.id, mpv.id, NEAR.lat, NEAR.lng);
    await t.db.update(drivers).set({ availability: 4 }).where(eq(drivers.id, mia.id));
    const away = await makeDriver(t.db, cid, { firstName: 'Olu', lastName: 'Away', availability: 3 });
    const booking = await makeBooking(t.db, cid, { vehicleTypeId: w.mpvId });

    const answer = await choicesFor(booking.id);
    expect(answer.vehicleTypeName).toBe('MPV');
    const byId = new Map(answer.drivers.map((d) => [d.driverId, d]));
    const j = byId.get(james.id)!;
    expect(j).toMatchObject({ state: 'available', vehicleTypeName: 'Saloon', documentState: expect.any(String) });
    expect(j.distanceMetres).toBeGreaterThan(0);
    expect(j.distanceMetres).toBeLessThan(1000);
    expect(j.refusals).toEqual(['James has a Saloon; this booking needs an MPV.']);
    expect(byId.get(mia.id)).toMatchObject({ state: 'on_break', refusals: [], vehicleTypeName: 'MPV' });
    expect(byId.get(away.id)).toMatchObject({ state: 'offline', distanceMetres: null, refusals: [] });
    // Drivers who may take it come first.
    const firstRefused = answer.drivers.findIndex((d) => d.refusals.length > 0);
    expect(answer.drivers.slice(firstRefused).every((d) => d.refusals.length > 0)).toBe(true);

    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: james.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(j.refusals[0]);
    expect(res.body.errors?.[0]).toMatchObject({ field: 'vehicleId' });
  });

  it('answers 404 for another company’s booking and 403 without dispatch rights', async () => {
    const other = await createCompany(t.db);
    const theirs = await makeBooking(t.db, other.id);
    expect((await run('Booking/GetDriverChoices', { bookingId: theirs.id })).status).toBe(404);
    const mine = await makeBooking(t.db, cid);
    expect((await run('Booking/GetDriverChoices', { bookingId: mine.id }, w.accounts.accessToken)).status).toBe(403);
    const otherAdmin = await signIn(t.app, other.adminEmail);
    expect((await run('Booking/GetDriverChoices', { bookingId: mine.id }, otherAdmin.accessToken)).status).toBe(404);
  });
});

describe('compliance: a driver with run-out papers is blocked', () => {
  it('says "Driving licence expired" on the status list, blocks the choice and refuses offers and allocation', async () => {
    const kim = await makeDriver(t.db, cid, { firstName: 'Kim', lastName: 'Lapsed' });
    await onShiftAt(t.db, cid, kim.id, null, NEAR.lat, NEAR.lng);
    await giveDocument(t.db, cid, 'driver', kim.id, 'Driving licence', '2020-03-01');
    const list = await run('Driver/GetTableSummaryDriverAllocation', { id: kim.id, perPage: 0 });
    expect(list.body.data[0]).toMatchObject({ id: kim.id, availability: 1, blockedReason: 'Driving licence expired' });
    const onMap = await run('Driver/GetDriverLocation', { id: kim.id });
    expect(onMap.body.data).toMatchObject({ driverId: kim.id, blockedReason: 'Driving licence expired' });

    const booking = await makeBooking(t.db, cid);
    const kimChoice = (await choicesFor(booking.id)).drivers.find((d) => d.driverId === kim.id)!;
    expect(kimChoice.state).toBe('blocked');
    expect(kimChoice.blockedReason).toBe('Driving licence expired');
    expect(kimChoice.refusals).toEqual(["Kim's Driving licence expired on 01-03-2020."]);

    const offer = await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: kim.id });
    expect(offer.status).toBe(422);
    expect(offer.body.message).toBe(kimChoice.refusals[0]);
    const allocate = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: kim.id,
    });
    expect(allocate.status).toBe(422);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe('confirmed');
    expect(after!.driverId).toBeNull();
  });
});

describe('overlapping jobs', () => {
  it('answers 409 with the clash unless the dispatcher confirms; the list warns and suggestions rank lower', async () => {
    const lee = await makeDriver(t.db, cid, { firstName: 'Lee', lastName: 'Busy' });
    await onShiftAt(t.db, cid, lee.id, null, NEAR.lat, NEAR.lng);
    const free = await makeDriver(t.db, cid, { firstName: 'Fay', lastName: 'Free' });
    // Fay is further away than Lee but has no job.
    await onShiftAt(t.db, cid, free.id, null, NEAR.lat + 0.01, NEAR.lng);
    const at = new Date(Date.now() + 3 * 3600_000);
    at.setUTCMinutes(0, 0, 0);
    const held = await makeBooking(t.db, cid, { pickupAt: at, durationSeconds: 70 * 60 });
    expect(
      (await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: held.id, driverId: lee.id })).status,
    ).toBe(200);
    // Starts 30 minutes into Lee's job.
    const next = await makeBooking(t.db, cid, { pickupAt: new Date(at.getTime() + 30 * 60_000) });
    // Starts 70 + 15 + 5 minutes after: outside job and buffer.
    const later = await makeBooking(t.db, cid, { pickupAt: new Date(at.getTime() + 90 * 60_000) });

    const choice = (await choicesFor(next.id)).drivers.find((d) => d.driverId === lee.id)!;
    expect(choice.refusals).toEqual([]);
    expect(choice.warnings).toHaveLength(1);
    expect(choice.warnings[0]).toMatch(new RegExp(`^Has job #${held.id} \\d\\d:00–\\d\\d:10$`));

    const suggested = await run('Booking/GetSuggestedDrivers', { bookingId: next.id });
    const names = suggested.body.data.candidates.map((c) => c.driverId);
    expect(names.indexOf(free.id)).toBeLessThan(names.indexOf(lee.id));
    const leeReasons = suggested.body.data.candidates.find((c) => c.driverId === lee.id)!.reasons;
    expect(leeReasons).toContain(`${choice.warnings[0]} (ranked lower)`);

    const clash = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: next.id, driverId: lee.id });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(`has job #${held.id}`);
    expect(clash.body).toMatchObject({
      clashes: [
        { bookingId: held.id, pickupAt: at.toISOString(), endsAt: new Date(at.getTime() + 70 * 60_000).toISOString() },
      ],
    });
    const [untouched] = await t.db.select().from(bookings).where(eq(bookings.id, next.id));
    expect(untouched!.driverId).toBeNull();
    const offer = await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: next.id, driverId: lee.id });
    expect(offer.status).toBe(409);

    expect(
      (await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: later.id, driverId: lee.id })).status,
    ).toBe(200);
    const anyway = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: next.id,
      driverId: lee.id,
      allowOverlap: true,
    });
    expect(anyway.status).toBe(200);
    expect(anyway.body.data.driverId).toBe(lee.id);
  });
});

describe('jobs with no driver whose pick-up is near', () => {
  it('are flagged on the board with why nobody can take them, and announced once, even after a restart', async () => {
    const company = await createCompany(t.db);
    const admin = await signIn(t.app, company.adminEmail);
    const soon = await makeBooking(t.db, company.id, { pickupAt: new Date(Date.now() + 10 * 60_000) });
    const later = await makeBooking(t.db, company.id, { pickupAt: new Date(Date.now() + 2 * 3600_000) });
    const held = await makeBooking(t.db, company.id, { pickupAt: new Date(Date.now() + 5 * 60_000) });
    const holder = await makeDriver(t.db, company.id);
    await t.db.update(bookings).set({ status: 'allocated', driverId: holder.id }).where(eq(bookings.id, held.id));

    const board = await run('Booking/GetBookingDispatch', {}, admin.accessToken);
    expect(board.status).toBe(200);
    expect(board.body.data.near.map((n) => n.bookingId)).toEqual([soon.id]);
    expect(board.body.data.near[0]).toMatchObject({
      suggestion: null,
      reason: 'No driver can reach it in time: no driver is on shift.',
      pickup: '10 Downing Street',
    });
    expect(board.body.data.near[0]!.minutesToPickup).toBeGreaterThanOrEqual(8);

    // Two rounds at once (two processes), then another after a restart: one announcement.
    await Promise.all([announceNearPickups(t.services), announceNearPickups(t.services)]);
    await announceNearPickups(t.services);
    const events = (await t.db.select().from(liveEvents).where(eq(liveEvents.companyId, company.id))).filter(
      (e) => e.type === 'booking.near',
    );
    expect(events.map((e) => e.payload.bookingId)).toEqual([soon.id]);
    expect(events[0]!.payload).toMatchObject({ reason: 'No driver can reach it in time: no driver is on shift.' });
    const rows = await t.db
      .select()
      .from(nearPickupAnnouncements)
      .where(eq(nearPickupAnnouncements.companyId, company.id));
    expect(rows.map((r) => r.bookingId)).toEqual([soon.id]);
    const again = await run('Booking/GetBookingDispatch', {}, admin.accessToken);
    expect(again.body.data.near[0]!.announcedAt).not.toBeNull();

    // The company's setting widens the window.
    await t.db.update(companies).set({ nearPickupMinutes: 180 }).where(eq(companies.id, company.id));
    await announceNearPickups(t.services);
    const wider = await run('Booking/GetBookingDispatch', {}, admin.accessToken);
    expect(wider.body.data.near.map((n) => n.bookingId)).toEqual([soon.id, later.id]);
  });

  it('names a driver who can reach it in time, or says all are busy, or the nearest is too far', async () => {
    const company = await createCompany(t.db);
    const admin = await signIn(t.app, company.adminEmail);
    const soon = await makeBooking(t.db, company.id, { pickupAt: new Date(Date.now() + 20 * 60_000) });
    const nearOf = async () =>
      (await run('Booking/GetBookingDispatch', {}, admin.accessToken)).body.data.near.find(
        (n) => n.bookingId === soon.id,
      )!;
    const far = await makeDriver(t.db, company.id, { firstName: 'Faraway' });
    await onShiftAt(t.db, company.id, far.id, null, NEAR.lat + 0.3, NEAR.lng); // about 33 km: over an hour
    expect((await nearOf()).reason).toMatch(/^No driver can reach it in time: the nearest is \d+ min away\.$/);
    await t.db.update(drivers).set({ availability: 2 }).where(eq(drivers.id, far.id));
    expect((await nearOf()).reason).toBe('No driver can reach it in time: every driver on shift is busy.');
    const close = await makeDriver(t.db, company.id, { firstName: 'Close' });
    await onShiftAt(t.db, company.id, close.id, null, NEAR.lat, NEAR.lng);
    const flag = await nearOf();
    expect(flag.reason).toBeNull();
    expect(flag.suggestion).toMatchObject({ driverId: close.id });
  });
});
