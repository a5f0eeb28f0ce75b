import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { driverEvents } from '../src/domains/calendar/schema';
import { drivers } from '../src/domains/drivers/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;
let driverA: number;
let driverB: number;
let foreignDriver: number;

beforeAll(async () => {
  // Berlin is UTC+1 in winter: the company's 1 March starts at 23:00 UTC on 28 February.
  w = await world({ company: { timezone: 'Europe/Berlin' }, roles: ['Dispatcher'], otherCompany: true });
  const made = await w.db
    .insert(drivers)
    .values([
      { companyId: w.company.id, firstName: 'Anna', lastName: 'Adler', callsign: 'A1' },
      { companyId: w.company.id, firstName: 'Ben', lastName: 'Berg' },
      { companyId: w.company.id, firstName: 'Old', lastName: 'Timer', isActive: false },
      { companyId: w.other.company.id, firstName: 'Far', lastName: 'Away' },
    ])
    .returning({ id: drivers.id });
  [driverA, driverB, , foreignDriver] = made.map((r) => r.id) as [number, number, number, number];
});

const add = (body: CallInput<'Dashboard/AddEvent'>, token = w.admin.token) =>
  call(w.app, 'Dashboard/AddEvent', body, token);

describe('driver events', () => {
  it('adds, changes and deletes an event, tracing each change', async () => {
    const created = await add({
      driverId: driverA,
      title: 'Annual leave',
      kind: 'leave',
      startsAt: '2027-03-01T00:00:00+01:00',
      endsAt: '2027-03-06T00:00:00+01:00',
      allDay: true,
      notes: 'Skiing',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      driverId: driverA,
      driverName: 'Anna Adler',
      kind: 'leave',
      startsAt: '2027-02-28T23:00:00.000Z',
      endsAt: '2027-03-05T23:00:00.000Z',
      allDay: true,
      notes: 'Skiing',
    });
    const id = created.body.data.id;

    const updated = await call(
      w.app,
      'Dashboard/UpdateEvent',
      {
        id,
        driverId: driverA,
        title: 'Annual leave (short)',
        kind: 'leave',
        startsAt: '2027-03-01T00:00:00+01:00',
        endsAt: '2027-03-03T00:00:00+01:00',
        allDay: 'true',
        notes: '',
      },
      w.admin.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ title: 'Annual leave (short)', notes: null });

    const deleted = await call(w.app, 'Dashboard/DeleteEvent', { id }, w.admin.token);
    expect(deleted.body).toMatchObject({ code: 200, data: { id } });
    expect(await w.db.select().from(driverEvents).where(eq(driverEvents.id, id))).toHaveLength(0);
    const trace = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver_event'), eq(auditLog.entityId, id)));
    expect(trace.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
    expect(trace[1]?.changes).toMatchObject({ title: { before: 'Annual leave', after: 'Annual leave (short)' } });
  });

  it('names the field of bad input', async () => {
    const base = {
      driverId: driverA,
      title: 'Training',
      startsAt: '2027-04-01T09:00:00Z',
      endsAt: '2027-04-01T17:00:00Z',
    };
    const cases: [unknown, string, string][] = [
      [{ ...base, endsAt: '2027-04-01T09:00:00Z' }, 'endsAt', 'must be after startsAt'],
      [{ ...base, kind: 'holiday' }, 'kind', 'must be one of: leave, sickness, training, vehicle, other'],
      [{ ...base, title: '  ' }, 'title', 'is required'],
      [{ ...base, startsAt: '2027-04-01 09:00' }, 'startsAt', 'must be an ISO 8601 date-time with a zone'],
      [{ ...base, driverId: foreignDriver }, 'driverId', 'does not exist in your company'],
    ];
    for (const [body, field, rule] of cases) {
      const res = await callRaw(w.app, 'Dashboard/AddEvent', body, w.admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual([{ field, rule, message: expect.stringContaining(rule) }]);
    }
    const ok = await add(base);
    expect(ok.body.data.kind).toBe('other');
  });

  it('lists the events overlapping a range of company days, for one driver or all', async () => {
    await w.db.delete(driverEvents).where(eq(driverEvents.companyId, w.company.id));
    const make = async (driverId: number, title: string, startsAt: string, endsAt: string) =>
      (await add({ driverId, title, startsAt, endsAt })).body.data.id;
    // 23:30 UTC on 31 May is 1 June in Berlin (UTC+2 in summer).
    const early = await make(driverA, 'Early June', '2027-05-31T23:30:00Z', '2027-06-01T01:00:00Z');
    const spanning = await make(driverB, 'Across months', '2027-05-25T08:00:00Z', '2027-06-02T08:00:00Z');
    await make(driverA, 'Late May', '2027-05-31T20:00:00Z', '2027-05-31T21:59:00Z');
    const july = await make(driverA, 'July', '2027-07-01T08:00:00Z', '2027-07-01T09:00:00Z');

    const june = await call(
      w.app,
      'Dashboard/GetDriverEventsList',
      { fromDate: '2027-06-01', toDate: '2027-06-30' },
      w.as.Dispatcher.token,
    );
    expect(june.status).toBe(200);
    expect(june.body.data.map((e) => e.id)).toEqual([spanning, early]);
    const annaJune = await call(
      w.app,
      'Dashboard/GetDriverEventsList',
      { fromDate: '2027-06-01', toDate: '2027-07-01', driverId: driverA },
      w.admin.token,
    );
    expect(annaJune.body.data.map((e) => e.id)).toEqual([early, july]);

    const list = await call(
      w.app,
      'Dashboard/GetDriverList',
      { fromDate: '2027-06-01', toDate: '2027-06-30' },
      w.as.Dispatcher.token,
    );
    expect(list.body.data).toEqual([
      { id: driverA, name: 'Anna Adler', callsign: 'A1', eventsCount: 1 },
      { id: driverB, name: 'Ben Berg', callsign: null, eventsCount: 1 },
    ]);

    const bad = await call(
      w.app,
      'Dashboard/GetDriverEventsList',
      { fromDate: '2027-06-30', toDate: '2027-06-01' },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['toDate']);
    const missing = await callRaw(w.app, 'Dashboard/GetDriverEventsList', {}, w.admin.token);
    expect(missing.body.errors?.map((e) => e.field)).toEqual(['fromDate', 'toDate']);
  });

  it('lets a dispatcher read but not change, and keeps companies apart', async () => {
    const body = {
      driverId: driverA,
      title: 'Course',
      startsAt: '2027-08-01T09:00:00Z',
      endsAt: '2027-08-01T12:00:00Z',
    };
    expect((await add(body, w.as.Dispatcher.token)).status).toBe(403);
    const mine = await add(body);
    const id = mine.body.data.id;
    expect((await call(w.app, 'Dashboard/DeleteEvent', { id }, w.as.Dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'Dashboard/UpdateEvent', { ...body, id }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Dashboard/DeleteEvent', { id }, w.other.admin.token)).status).toBe(404);
    const theirs = await call(
      w.app,
      'Dashboard/GetDriverEventsList',
      { fromDate: '2027-08-01', toDate: '2027-08-31' },
      w.other.admin.token,
    );
    expect(theirs.body.count).toBe(0);
    const theirDrivers = await call(w.app, 'Dashboard/GetDriverList', {}, w.other.admin.token);
    expect(theirDrivers.body.data.map((d) => d.id)).toEqual([foreignDriver]);
    expect(await w.db.select().from(driverEvents).where(eq(driverEvents.id, id))).toHaveLength(1);
  });
});
