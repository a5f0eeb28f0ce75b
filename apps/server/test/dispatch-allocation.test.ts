import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings } from '../src/domains/bookings/schema';
import { expireDueOffers } from '../src/domains/dispatch/offer-expiry';
import { createTestApp, type TestApp } from './harness';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { createCompany, signIn, type SignedIn } from './factories';
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
let otherDriverId: number;
let cid: number;

const run = <K extends BuiltName>(name: K, body: CallInput<K>, token = w.dispatcher.accessToken) =>
  call(t.app, name, body, token);
/** A call the contract refuses, as the dispatcher. */
const runRaw = (name: string, body: unknown) => callRaw(t.app, name, body, w.dispatcher.accessToken);

beforeAll(async () => {
  t = await createTestApp();
  w = await dispatchWorld(t.app, t.db);
  cid = w.company.id;
  const otherCompany = await createCompany(t.db);
  other = await signIn(t.app, otherCompany.adminEmail);
  otherDriverId = (await makeDriver(t.db, otherCompany.id)).id;
});

const auditRows = async (bookingId: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, cid),
        eq(auditLog.entityType, 'booking'),
        eq(auditLog.entityId, bookingId),
        eq(auditLog.action, action),
      ),
    );

describe('Booking/UpdateBookingDriverAndVehicleHard (allocate)', () => {
  it('allocates a driver and vehicle of the company and answers the board line', async () => {
    const driver = await makeDriver(t.db, cid);
    const vehicle = await makeVehicle(t.db, cid, w.saloonId);
    const booking = await makeBooking(t.db, cid, { vehicleTypeId: w.saloonId });
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: driver.id,
      vehicleId: vehicle.id,
      version: booking.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: booking.id,
      status: 'allocated',
      tab: 'allocated',
      driverId: driver.id,
      vehicleId: vehicle.id,
      allocatedByName: 'Dana Dispatch',
      version: booking.version + 1,
    });
    expect(await auditRows(booking.id, 'allocate')).toHaveLength(1);
  });

  it('takes the vehicle of the driver’s open shift when none is sent', async () => {
    const driver = await makeDriver(t.db, cid);
    const vehicle = await makeVehicle(t.db, cid, w.saloonId);
    await onShiftAt(t.db, cid, driver.id, vehicle.id, 51.5, -0.12);
    const booking = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: driver.id });
    expect(res.status).toBe(200);
    expect(res.body.data.vehicleId).toBe(vehicle.id);
  });

  it('refuses bad input, naming the field', async () => {
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: 'x', driverId: -1 });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['bookingId', 'driverId']);
  });

  it('answers 404 naming driverId for a driver of another company, and changes nothing', async () => {
    const booking = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: otherDriverId,
    });
    expect(res.status).toBe(404);
    expect(res.body.errors?.[0]?.field).toBe('driverId');
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe('confirmed');
  });

  it('answers 404 for another company’s booking', async () => {
    const booking = await makeBooking(t.db, cid);
    const theirDriver = otherDriverId;
    const res = await run(
      'Booking/UpdateBookingDriverAndVehicleHard',
      { bookingId: booking.id, driverId: theirDriver },
      other.accessToken,
    );
    expect(res.status).toBe(404);
  });

  it('refuses a switched-off driver and a vehicle of the wrong type (400 naming the field)', async () => {
    const off = await makeDriver(t.db, cid, { isActive: false });
    const booking = await makeBooking(t.db, cid, { vehicleTypeId: w.saloonId });
    const a = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: off.id });
    expect(a.status).toBe(400);
    expect(a.body.errors?.[0]?.field).toBe('driverId');
    const driver = await makeDriver(t.db, cid);
    const mpv = await makeVehicle(t.db, cid, w.mpvId);
    const b = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: driver.id,
      vehicleId: mpv.id,
    });
    expect(b.status).toBe(400);
    expect(b.body.errors?.[0]).toMatchObject({ field: 'vehicleId' });
    expect(b.body.message).toContain('MPV');
  });

  it('refuses a role without dispatch rights (403)', async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    const res = await run(
      'Booking/UpdateBookingDriverAndVehicleHard',
      { bookingId: booking.id, driverId: driver.id },
      w.accounts.accessToken,
    );
    expect(res.status).toBe(403);
  });

  it('refuses an illegal move (a completed booking) with 409 and the current status', async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid, { status: 'completed' });
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: driver.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ currentStatus: 'completed' });
  });

  it('refuses a stale version with 409', async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: driver.id,
      version: booking.version + 5,
    });
    expect(res.status).toBe(409);
  });

  it('refuses to take a held booking for another driver, naming the holder; reallocate with the version may', async () => {
    const first = await makeDriver(t.db, cid, { firstName: 'Holly', lastName: 'Holder', callsign: 'HH1' });
    const second = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: first.id });
    const refused = await run(
      'Booking/UpdateBookingDriverAndVehicleHard',
      { bookingId: booking.id, driverId: second.id },
      w.dispatcher2.accessToken,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Holly Holder (HH1)');
    expect(refused.body.message).toContain('allocated by Dana Dispatch');
    expect(refused.body).toMatchObject({
      holder: { driverId: first.id, callsign: 'HH1', allocatedByName: 'Dana Dispatch' },
    });
    const stale = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: second.id,
      reallocate: true,
      version: 1,
    });
    expect(stale.status).toBe(409);
    const taken = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: second.id,
      reallocate: true,
      version: 2,
    });
    expect(taken.status).toBe(200);
    expect(taken.body.data.driverId).toBe(second.id);
  });
});

describe('concurrency: many dispatchers allocate one booking at once', () => {
  it('lets exactly one win; every other answer is 409 naming the holder; one allocation in the history', async () => {
    const booking = await makeBooking(t.db, cid);
    const contenders = await Promise.all(Array.from({ length: 30 }, () => makeDriver(t.db, cid)));
    const tokens = [w.dispatcher.accessToken, w.dispatcher2.accessToken];
    const answers = await Promise.all(
      contenders.map((d, i) =>
        run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: d.id }, tokens[i % 2]),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(contenders.length - 1);
    const winner = contenders.find((d) => d.id === won[0]!.body.data.driverId)!;
    for (const a of lost) {
      expect(a.body.message).toContain(`${winner.firstName} ${winner.lastName} (${winner.callsign})`);
      expect(a.body).toMatchObject({ holder: { driverId: winner.id } });
      expect(a.body.message).toMatch(/allocated by (Dana|Eli) Dispatch/);
    }
    expect(await auditRows(booking.id, 'allocate')).toHaveLength(1);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ driverId: winner.id, status: 'allocated', version: booking.version + 1 });
  });
});

describe('compliance', () => {
  it('refuses a hard allocation with an expired mandatory document, naming it and its expiry date (422)', async () => {
    const driver = await makeDriver(t.db, cid);
    await giveDocument(t.db, cid, 'driver', driver.id, 'Driving licence', '2020-03-01');
    const booking = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: driver.id });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('Driving licence');
    expect(res.body.message).toContain('01-03-2020');
    expect(res.body.errors?.[0]).toMatchObject({ field: 'driverId' });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe('confirmed');
  });

  it('lets a renewed document replace the expired one, and checks the vehicle too', async () => {
    const driver = await makeDriver(t.db, cid);
    await giveDocument(t.db, cid, 'driver', driver.id, 'Driving licence', '2020-03-01');
    await giveDocument(t.db, cid, 'driver', driver.id, 'Driving licence', '2099-03-01');
    const vehicle = await makeVehicle(t.db, cid, w.saloonId);
    await giveDocument(t.db, cid, 'vehicle', vehicle.id, 'MOT certificate', '2021-05-02');
    const booking = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', {
      bookingId: booking.id,
      driverId: driver.id,
      vehicleId: vehicle.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('MOT certificate expired on 02-05-2021');
    expect(res.body.message).not.toContain('Driving licence');
    const ok = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: driver.id });
    expect(ok.status).toBe(200);
  });
});

describe('Booking/UpdateBookingDriverAndVehicleHardSubContractor', () => {
  it('allocates to a subcontractor’s driver, or to the subcontractor alone', async () => {
    const sub = await makeDriver(t.db, cid, { vendorId: w.vendorId });
    const a = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHardSubContractor', {
      bookingId: a.id,
      driverId: sub.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'allocated',
      driverId: sub.id,
      vendorId: w.vendorId,
      vendorName: 'Night Cars Ltd',
    });
    const b = await makeBooking(t.db, cid);
    const alone = await run('Booking/UpdateBookingDriverAndVehicleHardSubContractor', {
      bookingId: b.id,
      vendorId: w.vendorId,
    });
    expect(alone.status).toBe(200);
    expect(alone.body.data).toMatchObject({ driverId: null, vendorId: w.vendorId });
    // Held by the subcontractor: another allocation names it.
    const own = await makeDriver(t.db, cid);
    const refused = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: b.id, driverId: own.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('subcontractor Night Cars Ltd');
  });

  it('refuses a driver of no subcontractor with 400 naming driverId', async () => {
    const own = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHardSubContractor', {
      bookingId: booking.id,
      driverId: own.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('driverId');
  });

  it('refuses missing input, a switched-off vendor and another company’s vendor', async () => {
    const booking = await makeBooking(t.db, cid);
    const none = await run('Booking/UpdateBookingDriverAndVehicleHardSubContractor', { bookingId: booking.id });
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.field).toBe('vendorId');
    const off = await run('Booking/UpdateBookingDriverAndVehicleHardSubContractor', {
      bookingId: booking.id,
      vendorId: w.offVendorId,
    });
    expect(off.status).toBe(400);
    const theirs = await run(
      'Booking/UpdateBookingDriverAndVehicleHardSubContractor',
      { bookingId: booking.id, vendorId: w.vendorId },
      other.accessToken,
    );
    expect(theirs.status).toBe(404);
    const forbidden = await run(
      'Booking/UpdateBookingDriverAndVehicleHardSubContractor',
      { bookingId: booking.id, vendorId: w.vendorId },
      w.accounts.accessToken,
    );
    expect(forbidden.status).toBe(403);
  });
});

describe('Booking/UpdateBookingDriverAndVehicle (offer) and its expiry', () => {
  it('offers with an expiry OFFER_TIMEOUT_SECONDS ahead', async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    const before = Date.now();
    const res = await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: driver.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'offered', tab: 'offered', driverId: driver.id });
    const expires = Date.parse(res.body.data.offerExpiresAt as string);
    const timeout = t.config.offerTimeoutSeconds * 1000;
    expect(expires).toBeGreaterThanOrEqual(before + timeout - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + timeout + 1000);
  });

  it('refuses bad input, another company, no permission and an illegal move', async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid, { status: 'on_route' });
    expect((await runRaw('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id })).status).toBe(400);
    expect(
      (await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: otherDriverId })).status,
    ).toBe(404);
    expect(
      (
        await run(
          'Booking/UpdateBookingDriverAndVehicle',
          { bookingId: booking.id, driverId: driver.id },
          w.accounts.accessToken,
        )
      ).status,
    ).toBe(403);
    expect(
      (await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: driver.id })).status,
    ).toBe(409);
  });

  it('an offer taken up by the same driver as a hard allocation is allowed; another driver is not', async () => {
    const driver = await makeDriver(t.db, cid);
    const rival = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: driver.id });
    expect(
      (await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: rival.id })).status,
    ).toBe(409);
    const res = await run('Booking/UpdateBookingDriverAndVehicleHard', { bookingId: booking.id, driverId: driver.id });
    expect(res.status).toBe(200);
    expect(res.body.data.offerExpiresAt).toBeNull();
  });

  it('sends an unanswered offer back to dispatch, by the system, once', async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    // Later the same day: the driver may hold both (no overlap).
    const fresh = await makeBooking(t.db, cid, { pickupAt: new Date(Date.now() + 4 * 3600_000) });
    await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: driver.id });
    await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: fresh.id, driverId: driver.id });
    await t.db
      .update(bookings)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    // Two rounds at once (two processes): the row is claimed by one of them only.
    await Promise.all([expireDueOffers(t.services), expireDueOffers(t.services)]);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ status: 'confirmed', driverId: null, offerExpiresAt: null });
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, fresh.id));
    expect(still!.status).toBe('offered');
    const declines = await auditRows(booking.id, 'decline');
    expect(declines).toHaveLength(1);
    expect(declines[0]).toMatchObject({ source: 'system' });
    expect(JSON.stringify(declines[0]!.changes)).toContain('ran out unanswered');
  });
});

describe('approve, reject, confirm, unallocate, reset', () => {
  const offered = async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid);
    const res = await run('Booking/UpdateBookingDriverAndVehicle', { bookingId: booking.id, driverId: driver.id });
    return { driver, booking: res.body.data };
  };

  it('ApproveDriverAllcation accepts for the named driver; another driver is a 409 naming the holder', async () => {
    const { driver, booking } = await offered();
    const rival = await makeDriver(t.db, cid);
    const wrong = await run('Booking/ApproveDriverAllcation', { bookingId: booking.id, driverId: rival.id });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toContain(`${driver.firstName} ${driver.lastName}`);
    const ok = await run('Booking/ApproveDriverAllcation', {
      bookingId: booking.id,
      driverId: driver.id,
      version: booking.version,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('accepted');
    expect((await run('Booking/ApproveDriverAllcation', { bookingId: booking.id, driverId: driver.id })).status).toBe(
      409,
    );
    expect((await runRaw('Booking/ApproveDriverAllcation', { bookingId: booking.id })).status).toBe(400);
    expect(
      (await run('Booking/ApproveDriverAllcation', { bookingId: booking.id, driverId: driver.id }, other.accessToken))
        .status,
    ).toBe(404);
    expect(
      (
        await run(
          'Booking/ApproveDriverAllcation',
          { bookingId: booking.id, driverId: driver.id },
          w.accounts.accessToken,
        )
      ).status,
    ).toBe(403);
  });

  it('RejectDriverAllcation sends the booking back to dispatch', async () => {
    const { driver, booking } = await offered();
    const res = await run('Booking/RejectDriverAllcation', {
      bookingId: booking.id,
      driverId: driver.id,
      note: 'Too far',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'confirmed', driverId: null, tab: 'unallocated' });
    expect((await run('Booking/RejectDriverAllcation', { bookingId: booking.id, driverId: driver.id })).status).toBe(
      409,
    );
    expect((await run('Booking/RejectDriverAllcation', { bookingId: 0, driverId: driver.id })).status).toBe(400);
    expect(
      (await run('Booking/RejectDriverAllcation', { bookingId: booking.id, driverId: driver.id }, other.accessToken))
        .status,
    ).toBe(404);
    expect(
      (
        await run(
          'Booking/RejectDriverAllcation',
          { bookingId: booking.id, driverId: driver.id },
          w.accounts.accessToken,
        )
      ).status,
    ).toBe(403);
  });

  it('ConfirmDriverAllocationDispatch accepts on the driver’s behalf', async () => {
    const { booking } = await offered();
    const res = await run('Booking/ConfirmDriverAllocationDispatch', { bookingId: booking.id });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('accepted');
    expect((await run('Booking/ConfirmDriverAllocationDispatch', { bookingId: booking.id })).status).toBe(409);
    const bare = await makeBooking(t.db, cid);
    expect((await run('Booking/ConfirmDriverAllocationDispatch', { bookingId: bare.id })).status).toBe(409);
    expect((await run('Booking/ConfirmDriverAllocationDispatch', { bookingId: 'one' })).status).toBe(400);
    expect(
      (await run('Booking/ConfirmDriverAllocationDispatch', { bookingId: booking.id }, other.accessToken)).status,
    ).toBe(404);
    expect(
      (await run('Booking/ConfirmDriverAllocationDispatch', { bookingId: booking.id }, w.accounts.accessToken)).status,
    ).toBe(403);
  });

  it('UnallocateBookingDriverAndVehicle frees the booking', async () => {
    const { booking } = await offered();
    expect(
      (await run('Booking/UnallocateBookingDriverAndVehicle', { bookingId: booking.id }, w.accounts.accessToken))
        .status,
    ).toBe(403);
    expect(
      (await run('Booking/UnallocateBookingDriverAndVehicle', { bookingId: booking.id }, other.accessToken)).status,
    ).toBe(404);
    expect(
      (await run('Booking/UnallocateBookingDriverAndVehicle', { bookingId: booking.id, version: 99 })).status,
    ).toBe(409);
    const res = await run('Booking/UnallocateBookingDriverAndVehicle', {
      bookingId: booking.id,
      version: booking.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'confirmed', driverId: null, vehicleId: null });
    expect((await run('Booking/UnallocateBookingDriverAndVehicle', { bookingId: booking.id })).status).toBe(409);
    expect((await runRaw('Booking/UnallocateBookingDriverAndVehicle', {})).status).toBe(400);
  });

  it('UpdateDataofResetBooking resets a job under way', async () => {
    const driver = await makeDriver(t.db, cid);
    const booking = await makeBooking(t.db, cid, {
      status: 'arrived',
      driverId: driver.id,
      arrivedAt: new Date(),
      onRouteAt: new Date(),
    });
    expect(
      (await run('Booking/UpdateDataofResetBooking', { bookingId: booking.id }, w.accounts.accessToken)).status,
    ).toBe(403);
    expect((await run('Booking/UpdateDataofResetBooking', { bookingId: booking.id }, other.accessToken)).status).toBe(
      404,
    );
    const res = await run('Booking/UpdateDataofResetBooking', { bookingId: booking.id, note: 'Wrong car sent' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'confirmed', driverId: null });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ arrivedAt: null, onRouteAt: null });
    expect((await run('Booking/UpdateDataofResetBooking', { bookingId: booking.id })).status).toBe(409);
    expect((await run('Booking/UpdateDataofResetBooking', { bookingId: booking.id, version: 'x' })).status).toBe(400);
  });

  it('announces moves live (booking.moved) in the same transaction', async () => {
    const { booking } = await offered();
    const [row] = await t.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from live_events where company_id = ${cid} and type = 'booking.moved' and (payload->>'id')::int = ${booking.id}`,
      )
      .then((r) => r.rows);
    expect(row!.n).toBe(1);
  });
});
