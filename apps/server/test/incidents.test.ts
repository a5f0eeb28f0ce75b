import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { incidents } from '../src/domains/incidents/schema';
import type { CallInput } from '@cabdesk/contract';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { createBookingRow, createDriverRow, createPassengerRow } from './factories-incidents';
import { world, type Person, type World } from './world';

let w: World<'Accounts' | 'driver', true>;
/** A dispatcher with a name, which an incident records as its author. */
let dispatcher: Person;
let booking: number;
let bareBooking: number;
let theirBooking: number;
let driverId: number;
let passengerId: number;

const create = (body: CallInput<'Incident/Create'>, token = dispatcher.token) =>
  call(w.app, 'Incident/Create', body, token);
const close = (body: CallInput<'Incident/Close'>, token = dispatcher.token) =>
  call(w.app, 'Incident/Close', body, token);
const list = (body: CallInput<'Incident/GetTableSummary'> = {}, token = dispatcher.token) =>
  call(w.app, 'Incident/GetTableSummary', body, token);
/** A call with input the contract refuses, as the dispatcher. */
const raw = (name: string, body: unknown) => callRaw(w.app, name, body, dispatcher.token);

beforeAll(async () => {
  w = await world({ roles: ['Accounts', 'driver'], otherCompany: true });
  dispatcher = await w.person('Dispatcher', { fullName: 'Dee Spatch' });
  driverId = await createDriverRow(w.db, w.company.id, { firstName: 'Zed', lastName: 'Wheeler' });
  passengerId = await createPassengerRow(w.db, w.company.id, { firstName: 'Amy', surname: 'Brown' });
  booking = await createBookingRow(w.db, w.company.id, {
    driverId,
    passengerId,
    pickupAt: new Date('2025-03-04T08:30:00Z'),
    pickup: '10 Downing Street',
    dropoff: 'Gatwick South',
  });
  bareBooking = await createBookingRow(w.db, w.company.id, { status: 'cancelled' });
  theirBooking = await createBookingRow(w.db, w.other.company.id);
});

describe('Incident/Create', () => {
  it('records an open incident with the booking’s driver and passenger, and writes history', async () => {
    const res = await create({
      bookingId: booking,
      category: 'late_arrival',
      description: '  Driver came 25 minutes late ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: 'Incident recorded.' });
    expect(res.body.data).toMatchObject({
      category: 'late_arrival',
      categoryDescription: 'Late arrival',
      description: 'Driver came 25 minutes late',
      bookingID: booking,
      bookingDate: '2025-03-04T08:30:00.000Z',
      pickUp: '10 Downing Street',
      dropOff: 'Gatwick South',
      driverName: 'Zed Wheeler',
      driverPhoneNo: '+44 7700 900001',
      driverEmail: 'dan@example.test',
      passengerName: 'Amy Brown',
      phoneNo: '+44 7700 900002',
      email: 'paula@example.test',
      status: true,
      name: null,
      actionTaken: null,
      createdByName: 'Dee Spatch',
    });
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'incident'), eq(auditLog.entityId, res.body.data.incidentID)));
    expect(history.map((h) => h.action)).toEqual(['created']);
  });

  it('takes a booking without driver or passenger', async () => {
    const res = await create({ bookingId: bareBooking, category: 'other', description: 'Caller was abusive' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ driverName: null, passengerName: null, phoneNo: null, email: null });
  });

  it('answers bad input naming each field and writes nothing', async () => {
    const before = await w.db.select().from(incidents);
    const res = await raw('Incident/Create', { bookingId: 'abc', category: 'alien', description: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['bookingId', 'category', 'description']);
    const missing = await raw('Incident/Create', {});
    expect(missing.body.errors?.find((e) => e.field === 'bookingId')?.rule).toBe('is required');
    const unknown = await create({ bookingId: 999999, category: 'other', description: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      {
        field: 'bookingId',
        message: 'Booking must be a booking of your company',
        rule: 'must be a booking of your company',
      },
    ]);
    expect(await w.db.select().from(incidents)).toHaveLength(before.length);
  });

  it('refuses another company’s booking and a role without Incident', async () => {
    const theirs = await create({ bookingId: theirBooking, category: 'other', description: 'x' });
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors?.[0]?.field).toBe('bookingId');
    expect(
      (await create({ bookingId: booking, category: 'other', description: 'x' }, w.other.admin.token)).status,
    ).toBe(400);
    expect(
      (await create({ bookingId: booking, category: 'other', description: 'x' }, w.as.Accounts.token)).status,
    ).toBe(403);
    expect((await create({ bookingId: booking, category: 'other', description: 'x' }, w.as.driver.token)).status).toBe(
      403,
    );
  });
});

describe('Incident/Close', () => {
  it('closes an open incident once, naming who closed it, and answers 409 the second time', async () => {
    const opened = (await create({ bookingId: booking, category: 'complaint', description: 'Rude driver' })).body.data;
    const res = await close({ id: opened.incidentID, actionTaken: 'Spoke to the driver; apology sent' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: false,
      name: 'Dee Spatch',
      actionTaken: 'Spoke to the driver; apology sent',
    });
    expect(Date.parse(String(res.body.data.closedAt))).toBeGreaterThan(Date.now() - 60_000);
    const again = await close({ id: opened.incidentID, actionTaken: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, currentStatus: false });
    const [row] = await w.db.select().from(incidents).where(eq(incidents.id, opened.incidentID));
    expect(row?.actionTaken).toBe('Spoke to the driver; apology sent');
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'incident'), eq(auditLog.entityId, opened.incidentID)));
    expect(history.map((h) => h.action)).toEqual(['created', 'closed']);
  });

  it('lets only one of many simultaneous closers win', async () => {
    const opened = (await create({ bookingId: booking, category: 'safety', description: 'Seat belt broken' })).body
      .data;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => close({ id: opened.incidentID, actionTaken: `Fixed ${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
  });

  it('requires the action taken and answers 404 for another company’s incident, 403 without permission', async () => {
    const opened = (await create({ bookingId: booking, category: 'route', description: 'Long way round' })).body.data;
    const bad = await close({ id: opened.incidentID, actionTaken: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'actionTaken', message: 'Action taken is required', rule: 'is required' },
    ]);
    expect((await close({ id: opened.incidentID, actionTaken: 'x' }, w.other.admin.token)).status).toBe(404);
    expect((await close({ id: opened.incidentID, actionTaken: 'x' }, w.as.Accounts.token)).status).toBe(403);
    expect((await close({ id: 999999, actionTaken: 'x' })).status).toBe(404);
    const [row] = await w.db.select().from(incidents).where(eq(incidents.id, opened.incidentID));
    expect(row?.isOpen).toBe(true);
  });
});

describe('Incident/GetTableSummary', () => {
  it('pages on the server, newest first, and filters by booking and status', async () => {
    const all = await list({ perPage: 2 });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(5);
    expect(all.body.total).toBe(3);
    expect(all.body.data).toHaveLength(2);
    const ids = all.body.allData.map((r) => r.incidentID);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const forBooking = await list({ bookingId: bareBooking });
    expect(forBooking.body.data.map((r) => r.bookingID)).toEqual([bareBooking]);
    const open = await list({ status: true });
    expect(open.body.count).toBe(3);
    expectEvery(open.body.data, (r) => r.status);
    const closed = await list({ status: 'false' });
    expect(closed.body.count).toBe(2);
  });

  it('sorts on every column the table shows but Actions', async () => {
    const byCategory = await list({ sortColumn: 'categoryDescription', sortType: 'asc', perPage: 0 });
    const words = byCategory.body.data.map((r) => String(r.categoryDescription).toLowerCase());
    expect(words).toEqual([...words].sort());
    const byStatus = await list({ sortColumn: 'status', sortType: 'desc', perPage: 0 });
    expect(byStatus.body.data[0]?.status).toBe(true);
    expect(byStatus.body.data.at(-1)?.status).toBe(false);
    for (const sortColumn of ['entryDate', 'bookingID', 'driverName', 'passengerName'] as const) {
      expect((await list({ sortColumn, sortType: 'asc' })).status).toBe(200);
    }
    const byDriver = await list({ sortColumn: 'driverName', sortType: 'asc', perPage: 0 });
    expect(byDriver.body.data[0]?.driverName).toBe('Zed Wheeler');
  });

  it('searches text, names and the booking number', async () => {
    expect((await list({ q: 'rude' })).body.count).toBe(1);
    expect((await list({ q: 'wheeler' })).body.count).toBe(4);
    expect((await list({ q: `#${bareBooking}` })).body.data.map((r) => r.bookingID)).toEqual([bareBooking]);
  });

  it('answers bad input, shows nothing of another company and refuses a role without Incident', async () => {
    const bad = await raw('Incident/GetTableSummary', { sortColumn: 'actions' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400 });
    expect((await raw('Incident/GetTableSummary', { status: 'maybe' })).status).toBe(400);
    expect((await list({}, w.other.admin.token)).body.count).toBe(0);
    expect((await list({}, w.as.Accounts.token)).status).toBe(403);
  });
});

describe('Incident/GetIncidentDetails', () => {
  it('answers one incident, 404 for another company’s, 400 for a bad id, 403 without permission', async () => {
    const first = (await list({ perPage: 1 })).body.data[0]!;
    const res = await call(w.app, 'Incident/GetIncidentDetails', { id: first.incidentID }, dispatcher.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(first);
    expect(
      (await call(w.app, 'Incident/GetIncidentDetails', { id: first.incidentID }, w.other.admin.token)).status,
    ).toBe(404);
    expect((await call(w.app, 'Incident/GetIncidentDetails', { id: 'x' }, w.admin.token)).status).toBe(400);
    expect(
      (await call(w.app, 'Incident/GetIncidentDetails', { id: first.incidentID }, w.as.Accounts.token)).status,
    ).toBe(403);
  });
});
