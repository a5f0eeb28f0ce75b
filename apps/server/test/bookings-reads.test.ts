import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { createTestApp, type TestApp } from './harness';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { makeVehicle } from './factories-tracking';
import { book, bookingWorld, type BookingWorld, daysAhead, heathrow, stPauls, westminster } from './factories-bookings';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
const list = (body: CallInput<'Booking/GetTableSummary'>, token = w.admin.accessToken) =>
  call(t.app, 'Booking/GetTableSummary', body, token);
const read = <K extends BuiltName>(name: K, body: CallInput<K>, token = w.admin.accessToken) =>
  call(t.app, name, body, token);
/** A call with input the contract refuses, as the admin. */
const raw = (name: string, body: unknown) => callRaw(t.app, name, body, w.admin.accessToken);
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

let near: { id: number };
let far: { id: number };
let airport: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  near = await book(t.app, w, { pickupAt: daysAhead(1, 9) });
  far = await book(t.app, w, { pickupAt: daysAhead(20, 9), clientId: w.otherClientId, source: 'phone' });
  airport = await book(t.app, w, {
    pickupAt: daysAhead(2, 9),
    stops: [westminster, heathrow],
    flightNumber: 'EZY8012',
    source: 'web',
  });
  await book(t.app, them);
});

describe('Booking/GetTableSummary and its siblings', () => {
  it("lists the company's bookings, latest pick-up first, with paging", async () => {
    const res = await list({ perPage: 2 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((r) => r.id)).toEqual([far.id, airport.id]);
    const next = await list({ perPage: 2, page: 1 });
    expect(next.body.data.map((r) => r.id)).toEqual([near.id]);
  });

  it('filters by dates of the company calendar, status, client, vehicle, source and text', async () => {
    const day = daysAhead(1).slice(0, 10);
    expect((await list({ fromDate: day, toDate: day })).body.data.map((r) => r.id)).toEqual([near.id]);
    expect((await list({ status: 'pending' })).body.data.map((r) => r.id)).toEqual([airport.id]);
    expect((await list({ statuses: ['pending', 'confirmed'] })).body.count).toBe(3);
    expect((await list({ clientId: w.otherClientId })).body.data.map((r) => r.id)).toEqual([far.id]);
    expect((await list({ source: 'phone' })).body.data.map((r) => r.id)).toEqual([far.id]);
    expect((await list({ q: 'heathrow' })).body.data.map((r) => r.id)).toEqual([airport.id]);
    expect((await list({ q: 'lovelace' })).body.count).toBe(3);
    expect((await list({ q: '7700 900001' })).body.count).toBe(3);
    expect((await list({ q: String(near.id) })).body.data.map((r) => r.id)).toEqual([near.id]);
    expect((await list({ id: far.id })).body.data.map((r) => r.id)).toEqual([far.id]);
    const car = await makeVehicle(t.db, w.company.id);
    await t.db.update(bookings).set({ vehicleId: car }).where(eq(bookings.id, near.id));
    expect((await list({ vehicleId: car })).body.data.map((r) => r.id)).toEqual([near.id]);
    expect((await list({ vehicleId: await makeVehicle(t.db, them.company.id) })).body.count).toBe(0);
    for (const name of [
      'Booking/GetBooking',
      'Booking/GetBookingFilter',
      'Booking/GetBookingFiltertestting',
    ] as const) {
      expect((await read(name, { status: 'pending' })).body.data.map((r) => r.id)).toEqual([airport.id]);
    }
  });

  it('sorts on the columns it allows and names a bad filter', async () => {
    const asc = await list({ sortColumn: 'pickupAt', sortType: 'asc' });
    expect(asc.body.data.map((r) => r.id)).toEqual([near.id, airport.id, far.id]);
    expect(fieldsOf((await raw('Booking/GetTableSummary', { sortColumn: 'password' })).body)).toEqual(['sortColumn']);
    expect(fieldsOf((await raw('Booking/GetTableSummary', { status: 'flying' })).body)).toEqual(['status']);
    expect(fieldsOf((await list({ fromDate: '1 May' })).body)).toEqual(['fromDate']);
  });

  it('shows nothing of another company, is readable by a read-only role and refused to a driver', async () => {
    expect((await list({ id: near.id }, them.admin.accessToken)).body.count).toBe(0);
    expect((await list({}, w.accounts.accessToken)).status).toBe(200);
    expect((await list({}, w.driver.accessToken)).status).toBe(403);
  });
});

describe('Booking/GetBookingDetails', () => {
  it('answers everything about one booking, and 404 for another company', async () => {
    const res = await read('Booking/GetBookingDetails', {
      id: airport.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: airport.id,
      status: 'pending',
      flightNumber: 'EZY8012',
      dropoff: heathrow.address,
    });
    expect(res.body.data.stops).toHaveLength(2);
    expect((await read('Booking/GetBookingDetails', { id: airport.id }, them.admin.accessToken)).status).toBe(404);
    expect(fieldsOf((await read('Booking/GetBookingDetails', { id: 'x' })).body)).toEqual(['id']);
    expect((await read('Booking/GetBookingDetails', { id: airport.id }, w.driver.accessToken)).status).toBe(403);
  });
});

describe('history', () => {
  it('adds a note to the history and lists it with who wrote it', async () => {
    const note = await call(
      t.app,
      'Booking/AddUpdatedBookingDataInHistoryLog',
      { id: near.id, note: 'Passenger asked for a child seat' },
      w.dispatcher.accessToken,
    );
    expect(note.status).toBe(200);
    expect(note.body.data).toMatchObject({ action: 'note', actorName: 'Test staff' });
    const log = await read('Booking/GetBookingHistoryLog', { id: near.id }, w.accounts.accessToken);
    const entries = log.body.data;
    expect(entries.map((e) => e.action)).toEqual(['note', 'created']);
    expect(entries[0]?.description).toContain('child seat');
  });

  it('refuses an empty note, another company and a read-only role', async () => {
    const empty = await call(t.app, 'Booking/AddUpdatedBookingDataInHistoryLog', { id: near.id }, w.admin.accessToken);
    expect(fieldsOf(empty.body)).toEqual(['note']);
    expect(
      (
        await call(
          t.app,
          'Booking/AddUpdatedBookingDataInHistoryLog',
          { id: near.id, note: 'x' },
          them.admin.accessToken,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          t.app,
          'Booking/AddUpdatedBookingDataInHistoryLog',
          { id: near.id, note: 'x' },
          w.accounts.accessToken,
        )
      ).status,
    ).toBe(403);
    expect((await read('Booking/GetBookingHistoryLog', { id: near.id }, them.admin.accessToken)).status).toBe(404);
  });
});

describe('remote changes', () => {
  it('lists a remote change, applies it on approval and clears the flag', async () => {
    const b = await book(t.app, w);
    await call(t.app, 'Booking/Update', { id: b.id, source: 'passenger_app', passengerCount: 3 }, w.admin.accessToken);
    const pending = await read('Booking/GetRemoteBookingHistoryLog', { bookingId: b.id, status: 'pending' });
    expect(pending.body.count).toBe(1);
    const change = pending.body.data[0]!;
    expect(change.changes).toEqual([{ field: 'passengerCount', label: 'Passengers', before: 1, after: 3 }]);
    const approve = await call(
      t.app,
      'Booking/ApproveRemoteBookingHistory',
      { id: change.id, approve: true },
      w.admin.accessToken,
    );
    expect(approve.status).toBe(200);
    expect(approve.body.data.status).toBe('approved');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({ passengerCount: 3, remotePending: false });
    const again = await call(
      t.app,
      'Booking/ApproveRemoteBookingHistory',
      { id: change.id, approve: true },
      w.admin.accessToken,
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ currentStatus: 'approved' });
  });

  it('rejects a remote change without applying it', async () => {
    const b = await book(t.app, w);
    await call(t.app, 'Booking/Update', { id: b.id, source: 'web', luggageCount: 4 }, w.admin.accessToken);
    const [change] = (await read('Booking/GetRemoteBookingHistoryLog', { bookingId: b.id })).body.data;
    expect(
      (
        await call(
          t.app,
          'Booking/ApproveRemoteBookingHistory',
          { id: change!.id, approve: true },
          them.admin.accessToken,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          t.app,
          'Booking/ApproveRemoteBookingHistory',
          { id: change!.id, approve: true },
          w.accounts.accessToken,
        )
      ).status,
    ).toBe(403);
    expect(fieldsOf((await raw('Booking/ApproveRemoteBookingHistory', { id: change!.id })).body)).toEqual(['approve']);
    const reject = await call(
      t.app,
      'Booking/ApproveRemoteBookingHistory',
      { id: change!.id, approve: false, note: 'No room' },
      w.admin.accessToken,
    );
    expect(reject.body.data.status).toBe('rejected');
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, b.id)));
    expect(row).toMatchObject({ luggageCount: 0, remotePending: false });
  });
});

describe('client references', () => {
  it("answers a booking's references and the client's definitions to fill in", async () => {
    const b = await book(t.app, w, {
      clientId: w.clientId,
      clientReferences: [{ referenceId: w.referencePoId, value: 'PO-1' }],
    });
    const carried = await read('Booking/GetBookingClientReferencesDetails', { id: b.id });
    expect(carried.body.data).toMatchObject([{ label: 'PO number', value: 'PO-1', isMandatory: true }]);
    const toUpdate = await read('Booking/GetBookingClientReferencesDetailsToUpdate', { id: b.id });
    expect(toUpdate.body.data.map((r) => [r.label, r.value])).toEqual([
      ['PO number', 'PO-1'],
      ['Cost centre', null],
    ]);
    const forNew = await read('Booking/GetBookingClientReferencesDetailsToUpdate', { clientId: w.clientId });
    expect(forNew.body.data).toHaveLength(2);
    expect(fieldsOf((await read('Booking/GetBookingClientReferencesDetailsToUpdate', {})).body)).toEqual(['clientId']);
    expect((await read('Booking/GetBookingClientReferencesDetails', { id: b.id }, them.admin.accessToken)).status).toBe(
      404,
    );
    expect((await read('Booking/GetBookingClientReferencesDetails', { id: b.id }, w.driver.accessToken)).status).toBe(
      403,
    );
  });
});

describe('Booking/GetBookingQuote', () => {
  it('prices by the company tariff with its breakdown, less a discount code taken by the engine', async () => {
    const base = await read('Booking/GetBookingQuote', {
      stops: [westminster, stPauls],
    });
    expect(base.status).toBe(200);
    expect(base.body.data).toMatchObject({ isEstimate: true, method: 'distance', currency: 'GBP' });
    expect(base.body.data.distanceMetres).toBeGreaterThan(2500);
    expect(base.body.data.distanceMetres).toBeLessThan(3500);
    expect(Number.isInteger(base.body.data.priceMinor)).toBe(true);
    expect(base.body.data.breakdown.pricedBy).toMatchObject({ via: 'companyDefault', name: 'Standard tariff' });
    expect(base.body.data.breakdown.items.reduce((t, i) => t + i.amount, 0)).toBe(base.body.data.priceMinor);
    const saloon = await read('Booking/GetBookingQuote', {
      stops: [westminster, heathrow],
      vehicleTypeId: w.saloonId,
    });
    expect(saloon.body.data.priceMinor).toBeGreaterThan(base.body.data.priceMinor);
    const off = await read('Booking/GetBookingQuote', {
      stops: [westminster, heathrow],
      vehicleTypeId: w.saloonId,
      discountCode: 'TEN',
    });
    const discountLine = off.body.data.breakdown.items.find((i) => i.code === 'discount');
    expect(discountLine?.amount).toBe(-off.body.data.discountMinor);
    // Ten per cent of the fare before rounding to the ten pence, so within 10p of a tenth of the price.
    expect(Math.abs(off.body.data.discountMinor - saloon.body.data.priceMinor / 10)).toBeLessThanOrEqual(10);
    expect(off.body.data.priceMinor).toBeLessThan(saloon.body.data.priceMinor);
  });

  it('places stops by postcode when they have no coordinates, and names a stop it cannot place', async () => {
    const byPostcode = await read('Booking/GetBookingQuote', {
      stops: [
        { address: 'Westminster', postcode: 'SW1A 1AA' },
        { address: 'Heathrow', postcode: 'TW6 1EW' },
      ],
    });
    expect(byPostcode.status).toBe(200);
    expect(byPostcode.body.data.distanceMetres).toBeGreaterThan(20_000);
    const lost = await read('Booking/GetBookingQuote', { stops: [westminster, { address: 'Somewhere' }] });
    expect(lost.status).toBe(400);
    expect(fieldsOf(lost.body)).toEqual(['stops.1']);
    expect(
      fieldsOf(
        (await read('Booking/GetBookingQuote', { stops: [westminster], vehicleTypeId: them.saloonId, hireMinutes: 60 }))
          .body,
      ),
    ).toEqual(['vehicleTypeId']);
    expect(
      (await read('Booking/GetBookingQuote', { stops: [westminster, stPauls] }, w.driver.accessToken)).status,
    ).toBe(403);
  });
});

describe('zones', () => {
  it('finds the zone of a point or postcode, and none outside', async () => {
    const inside = await read('Booking/GetZoneNameDescription', {
      lat: 51.51,
      lng: -0.1,
    });
    expect(inside.body.data).toMatchObject({ zoneId: w.zoneId, name: 'Central', description: 'Inside the ring' });
    const byPostcode = await read('Booking/GetZoneID', { postcode: 'EC4M 8AD' });
    expect(byPostcode.body.data.zoneId).toBe(w.zoneId);
    const outside = await read('Booking/GetZoneID', { lat: 51.47, lng: -0.45 });
    expect(outside.body.data.zoneId).toBeNull();
    const theirs = await read('Booking/GetZoneID', { lat: 51.51, lng: -0.1 }, them.admin.accessToken);
    expect(theirs.body.data.zoneId).toBe(them.zoneId);
    expect(fieldsOf((await read('Booking/GetZoneID', { lat: 51.5 })).body)).toEqual(['lng']);
    expect(fieldsOf((await read('Booking/GetZoneID', { lat: 95, lng: 0 })).body)).toEqual(['lat']);
    expect((await read('Booking/GetZoneID', { lat: 51.5, lng: 0 }, w.driver.accessToken)).status).toBe(403);
  });
});

describe('Booking/GetCodeValidation', () => {
  it('says whether a code can be used and what it takes off, without using it', async () => {
    const ok = await read('Booking/GetCodeValidation', {
      code: 'fiver',
      priceMinor: 3000,
    });
    expect(ok.body.data).toMatchObject({ valid: true, discountMinor: 500, discountType: 'amount' });
    const again = await read('Booking/GetCodeValidation', { code: 'FIVER' });
    expect(again.body.data.valid).toBe(true);
    const old = await read('Booking/GetCodeValidation', { code: 'OLD' });
    expect(old.body.data).toMatchObject({ valid: false, message: 'OLD ended on 2020-01-01.' });
    expect((await read('Booking/GetCodeValidation', { code: 'TEN' }, them.admin.accessToken)).body.data.valid).toBe(
      true,
    );
    expect((await read('Booking/GetCodeValidation', { code: 'NOPE' })).body.data.valid).toBe(false);
    expect(fieldsOf((await raw('Booking/GetCodeValidation', {})).body)).toEqual(['code']);
    expect((await read('Booking/GetCodeValidation', { code: 'TEN' }, w.driver.accessToken)).status).toBe(403);
  });
});

describe('journey wait time and expenses', () => {
  it('answers the wait at the pick-up, live while waiting', async () => {
    const b = await book(t.app, w);
    const arrived = new Date(Date.now() - 125_000);
    await t.db.update(bookings).set({ status: 'arrived', arrivedAt: arrived }).where(eq(bookings.id, b.id));
    const res = await read('Booking/GetBookingJourneyWaitTime', {
      id: b.id,
    });
    expect(res.body.data.isWaiting).toBe(true);
    expect(res.body.data.waitingSeconds).toBeGreaterThanOrEqual(125);
    const boarded = await call(t.app, 'Booking/UpdateBookingStatus', { id: b.id, move: 'board' }, w.admin.accessToken);
    expect(boarded.body.data.status).toBe('on_board');
    const after = await read('Booking/GetBookingJourneyWaitTime', { id: b.id });
    expect(after.body.data.isWaiting).toBe(false);
    expect(after.body.data.waitingSeconds).toBeGreaterThanOrEqual(125);
    expect((await read('Booking/GetBookingJourneyWaitTime', { id: b.id }, them.admin.accessToken)).status).toBe(404);
    expect((await read('Booking/GetBookingJourneyWaitTime', { id: b.id }, w.driver.accessToken)).status).toBe(403);
  });

  it('answers no expenses while none are stored', async () => {
    const res = await read('Booking/IsBookingExpenseApproved', {
      id: near.id,
    });
    expect(res.body.data).toMatchObject({ isApproved: true, expenseCount: 0 });
    const rows = await read('Booking/GetTableSummaryBookingExpense', { id: near.id });
    expect(rows.body).toEqual({ data: [], allData: [], total: 0, count: 0 });
    expect((await read('Booking/IsBookingExpenseApproved', { id: near.id }, them.admin.accessToken)).status).toBe(404);
    expect(fieldsOf((await raw('Booking/GetTableSummaryBookingExpense', {})).body)).toEqual(['id']);
  });
});
