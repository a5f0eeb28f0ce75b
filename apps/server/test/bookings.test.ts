import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings, bookingStops, repeatBookings } from '../src/domains/bookings/schema';
import { passengers } from '../src/domains/passengers/schema';
import { discountCodes } from '../src/domains/reference-data/schema';
import { liveEvents } from '../src/platform/events/schema';
import { createTestApp, type TestApp } from './harness';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import {
  book,
  bookingBody,
  bookingWorld,
  type BookingWorld,
  daysAhead,
  heathrow,
  stPauls,
  westminster,
} from './factories-bookings';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;

const create = (body: CallInput<'Booking/Create'>, token = w.admin.accessToken) =>
  call(t.app, 'Booking/Create', body, token);
const update = (body: CallInput<'Booking/Update'>, token = w.admin.accessToken) =>
  call(t.app, 'Booking/Update', body, token);
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);
const countBookings = async (companyId = w.company.id) =>
  (await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.companyId, companyId))).length;

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
});

describe('Booking/Create', () => {
  it('makes a confirmed office booking with stops, a quoted price, zones, history and a live event', async () => {
    const res = await create(bookingBody(w, { notesForDriver: 'Ring on arrival', flightNumber: 'ba 123' }));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const b = res.body.data;
    expect(b).toMatchObject({
      status: 'confirmed',
      isExisting: false,
      repeatCount: 0,
      flightNumber: 'BA 123',
      source: 'office',
    });
    expect(b.stops.map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
    expect(b.priceMinor).toBeGreaterThan(0);
    expect(b.pickupZoneId).toBe(w.zoneId);
    expect(b.dropoffZoneId).toBe(w.zoneId);
    expect(b.distanceMetres).toBeGreaterThan(2000);
    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, b.id)));
    expect(history.map((h) => h.action)).toEqual(['created']);
    expect(history[0]?.changes?.stops?.after).toBe(`${westminster.address} → ${stPauls.address}`);
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.companyId, w.company.id));
    expect(events.some((e) => e.type === 'booking.created' && e.payload.id === b.id)).toBe(true);
  });

  it('makes a pending booking when it comes from outside the office', async () => {
    const res = await create(bookingBody(w, { source: 'web' }));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('pending');
  });

  it('takes "as soon as possible" as now', async () => {
    const res = await create(bookingBody(w, { pickupAt: undefined, isAsap: true }));
    expect(res.status).toBe(200);
    expect(Math.abs(Date.parse(String(res.body.data.pickupAt)) - Date.now())).toBeLessThan(60_000);
  });

  it('keeps a manual price and takes a discount code off it, using the code once', async () => {
    const res = await create(bookingBody(w, { priceMinor: 4000, discountCode: 'ten' }));
    expect(res.status).toBe(200);
    expect(res.body.data.priceMinor).toBe(3600);
    expect(res.body.data.discountMinor).toBe(400);
    const [code] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, w.codes.tenPercent));
    expect(code?.usedCount).toBe(1);
  });

  it('refuses expired, used-up and unknown discount codes by name', async () => {
    for (const discountCode of ['OLD', 'GONE', 'NOPE']) {
      const res = await create(bookingBody(w, { discountCode }));
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['discountCode']);
    }
  });

  it('makes a new passenger in the same transaction', async () => {
    const res = await create(
      bookingBody(w, {
        passengerId: 0,
        newPassenger: { firstName: 'Grace', surname: 'Hopper', phone: '+44 7700 900777' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.passengerName).toBe('Grace Hopper');
    const [p] = await t.db
      .select()
      .from(passengers)
      .where(eq(passengers.id, res.body.data.passengerId as number));
    expect(p?.companyId).toBe(w.company.id);
  });

  it('refuses a new passenger without a way to reach them, and writes nothing', async () => {
    const before = await countBookings();
    const res = await create(bookingBody(w, { passengerId: 0, newPassenger: { firstName: 'No', surname: 'Contact' } }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)[0]).toMatch(/^newPassenger\./);
    expect(await countBookings()).toBe(before);
  });

  it('stores client references checked against the client, with the booker', async () => {
    const res = await create(
      bookingBody(w, {
        clientId: w.clientId,
        bookerId: w.bookerId,
        clientReferences: [
          { referenceId: w.referencePoId, value: 'PO-778' },
          { referenceId: w.referenceCostId, value: 'CC-1' },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.clientReferences).toEqual([
      { referenceId: w.referencePoId, label: 'PO number', value: 'PO-778' },
      { referenceId: w.referenceCostId, label: 'Cost centre', value: 'CC-1' },
    ]);
    expect(res.body.data.bookerName).toBe('Pat Booker');
  });

  it('refuses a missing mandatory reference, a reference of no client, and a booker of another client', async () => {
    const missing = await create(
      bookingBody(w, { clientId: w.clientId, clientReferences: [{ referenceId: w.referenceCostId, value: 'x' }] }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'clientReferences', message: 'Client references must answer PO number', rule: 'must answer PO number' },
    ]);
    const noClient = await create(bookingBody(w, { clientReferences: [{ referenceId: w.referencePoId, value: 'x' }] }));
    expect(fieldsOf(noClient.body)).toEqual(['clientReferences']);
    const wrongBooker = await create(bookingBody(w, { clientId: w.otherClientId, bookerId: w.bookerId }));
    expect(fieldsOf(wrongBooker.body)).toEqual(['bookerId']);
  });

  it.each([
    ['a pick-up in the past', { pickupAt: daysAhead(-1) }, 'pickupAt'],
    ['no pick-up time', { pickupAt: undefined }, 'pickupAt'],
    ['no stops', { stops: [] }, 'stops'],
    ['a single stop without hours', { stops: [westminster] }, 'hireMinutes'],
    [
      'a drop-off equal to the pick-up without hours',
      { stops: [westminster, { ...westminster, address: ' palace of westminster, LONDON ' }] },
      'hireMinutes',
    ],
    ['a switched-off vehicle type', { vehicleTypeId: 'OFF' }, 'vehicleTypeId'],
    ['too many passengers for the type', { passengerCount: 6 }, 'passengerCount'],
    ['a bad flight number', { flightNumber: 'not a flight' }, 'flightNumber'],
    ['a negative price', { priceMinor: -1 }, 'priceMinor'],
    ['a back-entry older than a week', { pickupAt: daysAhead(-8), isBackEntry: true }, 'pickupAt'],
  ])('refuses %s naming the field, writing nothing', async (_what, extra, field) => {
    const before = await countBookings();
    const body: Record<string, unknown> = { ...bookingBody(w), ...extra };
    if (body.vehicleTypeId === 'OFF') body.vehicleTypeId = w.offTypeId;
    const res = await callRaw(t.app, 'Booking/Create', body, w.admin.accessToken);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect(await countBookings()).toBe(before);
  });

  it('lets office staff back-enter a job of the last week, but not from the web', async () => {
    const office = await create(bookingBody(w, { pickupAt: daysAhead(-2), isBackEntry: true }));
    expect(office.status).toBe(200);
    const web = await create(bookingBody(w, { pickupAt: daysAhead(-2), isBackEntry: true, source: 'web' }));
    expect(web.status).toBe(400);
    expect(fieldsOf(web.body)).toEqual(['isBackEntry']);
  });

  it('takes hourly hire with one stop and its hours, priced by the hour', async () => {
    const res = await create(bookingBody(w, { stops: [westminster], hireMinutes: 120 }));
    expect(res.status).toBe(200);
    expect(res.body.data.hireMinutes).toBe(120);
    expect(res.body.data.dropoff).toBeNull();
    // The built-in hourly tariff of a company without an hourly model: £35.00 an hour.
    expect(res.body.data.priceMinor).toBe(7000);
    expect(res.body.data.priceBreakdown?.pricedBy).toMatchObject({ kind: 'hourly', id: 0, via: 'companyDefault' });
  });

  it("treats another company's vehicle type, passenger and client as unknown", async () => {
    const type = await create(bookingBody(w, { vehicleTypeId: them.saloonId }));
    expect(type.status).toBe(400);
    expect(fieldsOf(type.body)).toEqual(['vehicleTypeId']);
    const passenger = await create(bookingBody(w, { passengerId: them.passengerId }));
    expect(fieldsOf(passenger.body)).toEqual(['passengerId']);
    const client = await create(bookingBody(w, { clientId: them.clientId }));
    expect(fieldsOf(client.body)).toEqual(['clientId']);
  });

  it('is refused to a driver and to a read-only role', async () => {
    expect((await create(bookingBody(w), w.driver.accessToken)).status).toBe(403);
    expect((await create(bookingBody(w), w.accounts.accessToken)).status).toBe(403);
    expect((await create(bookingBody(w), w.dispatcher.accessToken)).status).toBe(200);
  });

  it('answers the booking a token already made instead of a second one, even in parallel', async () => {
    const token = `tok-${Date.now()}`;
    const before = await countBookings();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(bookingBody(w, { bookingToken: token }))));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.body.data.isExisting).length).toBe(5);
    expect(await countBookings()).toBe(before + 1);
    const check = await call(t.app, 'Booking/checkBookingToken', { bookingToken: token }, w.admin.accessToken);
    expect(check.body.data).toEqual({ bookingToken: token, isUsed: true, bookingId: [...ids][0] });
    const otherCompany = await call(
      t.app,
      'Booking/checkBookingToken',
      { bookingToken: token },
      them.admin.accessToken,
    );
    expect(otherCompany.body.data.isUsed).toBe(false);
    const missing = await callRaw(t.app, 'Booking/checkBookingToken', {}, w.admin.accessToken);
    expect(missing.status).toBe(400);
  });
});

describe('Booking/Create with repeat', () => {
  it('makes the series on the chosen week days until the end date, in one transaction', async () => {
    // A Monday far ahead, every Monday and Wednesday for four weeks, past the company's Christmas exclusion.
    const res = await create(
      bookingBody(w, {
        pickupAt: '2099-12-14T09:30:00.000Z',
        repeat: { weekDays: [1, 3], endDate: '2100-01-06' },
      }),
    );
    expect(res.status).toBe(200);
    const series = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.repeatBookingId, res.body.data.repeatBookingId as number));
    const days = series.map((s) => s.pickupAt.toISOString().slice(0, 10)).sort();
    expect(days).toEqual([
      '2099-12-14',
      '2099-12-16',
      '2099-12-21',
      '2099-12-23',
      '2099-12-28',
      '2099-12-30',
      '2100-01-04',
      '2100-01-06',
    ]);
    expect(res.body.data.repeatCount).toBe(7);
    expect(series.every((s) => s.pickupAt.toISOString().endsWith('T09:30:00.000Z'))).toBe(true);
    const stops = await t.db.select().from(bookingStops).where(eq(bookingStops.bookingId, series[3]!.id));
    expect(stops).toHaveLength(2);
    const [row] = await t.db
      .select()
      .from(repeatBookings)
      .where(eq(repeatBookings.id, res.body.data.repeatBookingId as number));
    expect(row).toMatchObject({ sourceBookingId: res.body.data.id, startDate: '2099-12-14', endDate: '2100-01-06' });
  });

  it('skips the company exclusion dates unless told not to', async () => {
    // Wednesday 23 December 2099; the company's exclusion covers Thursday 24 to Saturday 26.
    const pickupAt = '2099-12-23T08:00:00.000Z';
    const skipping = await create(
      bookingBody(w, { pickupAt, repeat: { weekDays: [4, 5, 6, 7], endDate: '2099-12-27' } }),
    );
    expect(skipping.status).toBe(200);
    expect(skipping.body.data.repeatCount).toBe(1);
    const all = await create(
      bookingBody(w, { pickupAt, repeat: { weekDays: [4, 5, 6, 7], endDate: '2099-12-27', skipExclusions: false } }),
    );
    expect(all.body.data.repeatCount).toBe(4);
    const none = await create(bookingBody(w, { pickupAt, repeat: { weekDays: [4, 5, 6], endDate: '2099-12-27' } }));
    expect(none.status).toBe(400);
    expect(fieldsOf(none.body)).toEqual(['repeat.weekDays']);
  });

  it('refuses an end date before the pick-up day, writing nothing', async () => {
    const before = await countBookings();
    const res = await create(bookingBody(w, { repeat: { weekDays: [1], endDate: '2020-01-01' } }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['repeat.endDate']);
    expect(await countBookings()).toBe(before);
  });
});

describe('Booking/Update', () => {
  it('changes only the fields sent, writes a readable history row and raises the version', async () => {
    const b = await book(t.app, w);
    const res = await update({
      id: b.id,
      version: b.version,
      passengerCount: 3,
      stops: [westminster, heathrow],
      notesForOffice: 'VIP',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      passengerCount: 3,
      notesForOffice: 'VIP',
      version: b.version + 1,
      priceMinor: b.priceMinor,
    });
    expect(res.body.data.dropoff).toBe(heathrow.address);
    expect(res.body.data.dropoffZoneId).toBeNull();
    const history = await call(t.app, 'Booking/GetBookingHistoryLog', { id: b.id }, w.admin.accessToken);
    expect(history.body.data[0]?.action).toBe('updated');
    expect(history.body.data[0]?.changes.map((c) => c.field).sort()).toEqual([
      'notesForOffice',
      'passengerCount',
      'stops',
    ]);
    expect(history.body.data[0]?.description).toContain('Passengers 1 became 3');
  });

  it('re-prices only when a price is sent, keeping the discount code', async () => {
    const b = await book(t.app, w, { priceMinor: 5000, discountCode: 'TEN' });
    const res = await update({ id: b.id, priceMinor: 6000 });
    expect(res.body.data).toMatchObject({ priceMinor: 5400, discountMinor: 600 });
  });

  it('answers 409 with the version when the booking changed meanwhile', async () => {
    const b = await book(t.app, w);
    await update({ id: b.id, luggageCount: 1 });
    const res = await update({ id: b.id, version: b.version, luggageCount: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ version: b.version + 1 });
  });

  it('refuses a change to a finished booking with its status', async () => {
    const b = await book(t.app, w);
    await call(t.app, 'Booking/UpdateBookingStatus', { id: b.id, move: 'cancel' }, w.admin.accessToken);
    const res = await update({ id: b.id, luggageCount: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ currentStatus: 'cancelled' });
  });

  it('checks the merged booking: hours needed once the drop-off goes', async () => {
    const b = await book(t.app, w);
    const res = await update({ id: b.id, stops: [westminster] });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['hireMinutes']);
    const ok = await update({ id: b.id, stops: [westminster], hireMinutes: 60 });
    expect(ok.status).toBe(200);
  });

  it('stores a remote change for approval without applying it', async () => {
    const b = await book(t.app, w);
    const res = await update({ id: b.id, source: 'client_portal', passengerCount: 2, notesForDriver: 'Gate B' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ passengerCount: 1, remotePending: true, notesForDriver: null });
  });

  it("answers another company's booking as not found, and refuses drivers and read-only roles", async () => {
    const b = await book(t.app, w);
    expect((await update({ id: b.id, luggageCount: 1 }, them.admin.accessToken)).status).toBe(404);
    expect((await update({ id: b.id, luggageCount: 1 }, w.driver.accessToken)).status).toBe(403);
    expect((await update({ id: b.id, luggageCount: 1 }, w.accounts.accessToken)).status).toBe(403);
    const bad = await update({ id: b.id, luggageCount: 'lots' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['luggageCount']);
  });
});

describe('Booking/UpdateBookingStatus and GetBookingStatus', () => {
  it('moves by name or by target status through the state machine, with history', async () => {
    const b = await book(t.app, w, { source: 'phone' });
    const cancel = await call(
      t.app,
      'Booking/UpdateBookingStatus',
      { id: b.id, status: 'cancelled', note: 'Passenger rang' },
      w.dispatcher.accessToken,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'cancelled', moves: [] });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, 'cancel')));
    expect(entry?.changes?.note?.after).toBe('Passenger rang');
  });

  it('confirms a pending booking and answers 409 with the current status for an illegal move', async () => {
    const b = await book(t.app, w, { source: 'web' });
    const confirm = await call(
      t.app,
      'Booking/UpdateBookingStatus',
      { id: b.id, move: 'confirm' },
      w.admin.accessToken,
    );
    expect(confirm.body.data.status).toBe('confirmed');
    const illegal = await call(
      t.app,
      'Booking/UpdateBookingStatus',
      { id: b.id, move: 'complete' },
      w.admin.accessToken,
    );
    expect(illegal.status).toBe(409);
    expect(illegal.body).toMatchObject({ currentStatus: 'confirmed' });
    const byStatus = await call(
      t.app,
      'Booking/UpdateBookingStatus',
      { id: b.id, status: 'on_board' },
      w.admin.accessToken,
    );
    expect(byStatus.status).toBe(409);
    const allocate = await call(
      t.app,
      'Booking/UpdateBookingStatus',
      { id: b.id, move: 'allocate' },
      w.admin.accessToken,
    );
    expect(allocate.status).toBe(400);
    expect(fieldsOf(allocate.body)).toEqual(['move']);
    const status = await call(t.app, 'Booking/GetBookingStatus', { id: b.id }, w.accounts.accessToken);
    expect(status.body.data.status).toBe('confirmed');
    expect(status.body.data.moves).toContain('cancel');
  });

  it('refuses bad input, another company and a driver', async () => {
    const b = await book(t.app, w);
    const none = await call(t.app, 'Booking/UpdateBookingStatus', { id: b.id }, w.admin.accessToken);
    expect(fieldsOf(none.body)).toEqual(['move']);
    const bad = await callRaw(t.app, 'Booking/UpdateBookingStatus', { id: b.id, move: 'fly' }, w.admin.accessToken);
    expect(fieldsOf(bad.body)).toEqual(['move']);
    expect(
      (await call(t.app, 'Booking/UpdateBookingStatus', { id: b.id, move: 'cancel' }, them.admin.accessToken)).status,
    ).toBe(404);
    expect((await call(t.app, 'Booking/GetBookingStatus', { id: b.id }, them.admin.accessToken)).status).toBe(404);
    expect(
      (await call(t.app, 'Booking/UpdateBookingStatus', { id: b.id, move: 'cancel' }, w.driver.accessToken)).status,
    ).toBe(403);
  });
});

describe('Booking/UpdatePaymentStatusOfBooking', () => {
  it('follows the allowed payment changes, with history; others answer 409 with the current one', async () => {
    const b = await book(t.app, w);
    type PaymentStatus = CallInput<'Booking/UpdatePaymentStatusOfBooking'>['paymentStatus'];
    const pay = (paymentStatus: PaymentStatus, token = w.admin.accessToken) =>
      call(t.app, 'Booking/UpdatePaymentStatusOfBooking', { id: b.id, paymentStatus }, token);
    expect((await pay('paid')).body.data.paymentStatus).toBe('paid');
    expect((await pay('refunded')).body.data.paymentStatus).toBe('refunded');
    const stuck = await pay('paid');
    expect(stuck.status).toBe(409);
    expect(stuck.body).toMatchObject({ paymentStatus: 'refunded' });
    const bad = await callRaw(
      t.app,
      'Booking/UpdatePaymentStatusOfBooking',
      { id: b.id, paymentStatus: 'free' },
      w.admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['paymentStatus']);
    expect((await pay('paid', them.admin.accessToken)).status).toBe(404);
    expect((await pay('paid', w.accounts.accessToken)).status).toBe(403);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, 'payment_status')));
    expect(rows).toHaveLength(2);
  });
});
