import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { users } from '../src/domains/auth/schema';
import { bookings } from '../src/domains/bookings/schema';
import { clients } from '../src/domains/clients/schema';
import { passengers } from '../src/domains/passengers/schema';
import { entityTags, tags } from '../src/domains/reference-data/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { createUser } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Accounts' | 'driver', true>;
let clientId: number;
let otherClientId: number;
let vipTagId: number;
let driverTagId: number;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Accounts', 'driver'], otherCompany: true });
  const [c] = await w.db.insert(clients).values({ companyId: w.company.id, name: 'Acme Ltd' }).returning();
  const [oc] = await w.db.insert(clients).values({ companyId: w.other.company.id, name: 'Elsewhere' }).returning();
  clientId = c!.id;
  otherClientId = oc!.id;
  const [vip] = await w.db
    .insert(tags)
    .values({ companyId: w.company.id, name: 'Frequent flyer', tagType: 'passenger' })
    .returning();
  const [dt] = await w.db
    .insert(tags)
    .values({ companyId: w.company.id, name: 'Night shift', tagType: 'driver' })
    .returning();
  vipTagId = vip!.id;
  driverTagId = dt!.id;
});

const create = (body: CallInput<'Passenger/Create'>, token = w.admin.token) =>
  call(w.app, 'Passenger/Create', body, token);

describe('Passenger/Create', () => {
  it('adds a passenger with client and tags, answers the row and writes a history row', async () => {
    const res = await create({
      title: 'Ms',
      firstName: 'Alice',
      surname: 'Walker',
      email: 'Alice.Walker@Example.test',
      phone: '+44 7700 900111',
      isVip: true,
      clientId,
      notes: 'Prefers the front seat',
      tagIds: [vipTagId],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Passenger Alice Walker added.');
    expect(res.body.data).toMatchObject({
      title: 'Ms',
      name: 'Alice Walker',
      email: 'alice.walker@example.test',
      clientId,
      clientName: 'Acme Ltd',
      isVip: true,
      isActive: true,
      hasAppAccount: false,
      totalBookings: 0,
      lastBookingAt: null,
      tags: [{ id: vipTagId, name: 'Frequent flyer', colour: expect.any(String) }],
    });
    const id = res.body.data.id;
    const [stored] = await w.db.select().from(passengers).where(eq(passengers.id, id));
    expect(stored).toMatchObject({ companyId: w.company.id, notes: 'Prefers the front seat', mobile: null });
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'passenger'), eq(auditLog.entityId, id)));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'created', companyId: w.company.id });
    expect(history[0]?.changes?.surname).toEqual({ before: null, after: 'Walker' });
  });

  it('names the field of bad input and writes nothing', async () => {
    const before = (await w.db.select().from(passengers)).length;
    const noSurname = await callRaw(
      w.app,
      'Passenger/Create',
      { firstName: 'Bob', email: 'bob@example.test' },
      w.admin.token,
    );
    expect(noSurname.status).toBe(400);
    expect(noSurname.body.errors).toEqual([{ field: 'surname', message: 'Surname is required', rule: 'is required' }]);

    const noContact = await create({ firstName: 'Bob', surname: 'Jones', email: '', phone: '  ' });
    expect(noContact.status).toBe(400);
    expect(noContact.body.errors).toEqual([
      {
        field: 'email',
        message: 'E-mail is required when there is no phone or mobile number',
        rule: 'is required when there is no phone or mobile number',
      },
    ]);

    const badEmail = await create({ firstName: 'Bob', surname: 'Jones', email: 'bob@' });
    expect(badEmail.body.errors).toEqual([
      { field: 'email', message: 'E-mail must be a valid e-mail address', rule: 'must be a valid e-mail address' },
    ]);

    const badPhone = await create({ firstName: 'Bob', surname: 'Jones', phone: '((((((' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors?.[0]?.field).toBe('phone');

    const foreignClient = await create({
      firstName: 'Bob',
      surname: 'Jones',
      phone: '0161 496 0000',
      clientId: otherClientId,
    });
    expect(foreignClient.status).toBe(400);
    expect(foreignClient.body.errors).toEqual([
      { field: 'clientId', message: 'Client does not exist in your company', rule: 'does not exist in your company' },
    ]);

    const wrongTag = await create({
      firstName: 'Bob',
      surname: 'Jones',
      phone: '0161 496 0000',
      tagIds: [driverTagId],
    });
    expect(wrongTag.status).toBe(400);
    expect(wrongTag.body.errors).toEqual([
      {
        field: 'tagIds',
        message: 'Tags must be passenger tags of your company',
        rule: 'must be passenger tags of your company',
      },
    ]);

    expect(await w.db.select().from(passengers)).toHaveLength(before);
  });

  it('refuses an e-mail (any case) or number (digits only) another passenger has, with 409 naming both', async () => {
    const first = await create({
      firstName: 'Carol',
      surname: 'King',
      email: 'carol@example.test',
      mobile: '07700 900222',
    });
    const carolId = first.body.data.id;

    const sameEmail = await create({ firstName: 'Caz', surname: 'King', email: 'CAROL@example.test' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual([
      expect.objectContaining({
        field: 'email',
        rule: `is already the e-mail address of Carol King (passenger ${carolId})`,
      }),
    ]);
    expect(sameEmail.body).toMatchObject({ conflicts: [{ field: 'email', passengerID: carolId, name: 'Carol King' }] });

    // Her mobile, written with dashes, given as someone else's phone.
    const sameNumber = await create({ firstName: 'Dan', surname: 'King', phone: '07700-900-222' });
    expect(sameNumber.status).toBe(409);
    expect(sameNumber.body.errors?.[0]).toMatchObject({
      field: 'phone',
      rule: `is already the phone number of Carol King (passenger ${carolId})`,
    });

    // A country code is not normalised away: +44 7700 900222 is a different number.
    const international = await create({ firstName: 'Dan', surname: 'King', phone: '+44 7700 900222' });
    expect(international.status).toBe(200);

    // Another company may have the same person.
    const elsewhere = await create(
      { firstName: 'Carol', surname: 'King', email: 'carol@example.test' },
      w.other.admin.token,
    );
    expect(elsewhere.status).toBe(200);
    expect(await w.db.select().from(passengers).where(eq(passengers.email, 'carol@example.test'))).toHaveLength(2);
  });
});

describe('Passenger/GetValidNewPassenger and GetValidNewPassengerEdit', () => {
  it('answers whether the values are free and who has them, ignoring the passenger being edited', async () => {
    const res = await create({ firstName: 'Erin', surname: 'Lee', email: 'erin@example.test', phone: '020 7946 0001' });
    const erin = res.body.data.id;
    const free = await call(w.app, 'Passenger/GetValidNewPassenger', { email: 'nobody@example.test' }, w.admin.token);
    expect(free.body).toEqual({ data: { isValid: true, conflicts: [] } });

    const taken = await call(
      w.app,
      'Passenger/GetValidNewPassenger',
      { email: ' ERIN@example.test ', mobile: '02079460001', phone: '0' },
      w.admin.token,
    );
    expect(taken.body).toEqual({
      data: {
        isValid: false,
        conflicts: [
          { field: 'email', passengerID: erin, name: 'Erin Lee' },
          { field: 'mobile', passengerID: erin, name: 'Erin Lee' },
        ],
      },
    });

    const self = await call(
      w.app,
      'Passenger/GetValidNewPassengerEdit',
      { id: erin, email: 'erin@example.test', phone: '020 7946 0001' },
      w.admin.token,
    );
    expect(self.body).toEqual({ data: { isValid: true, conflicts: [] } });

    const foreign = await call(w.app, 'Passenger/GetValidNewPassengerEdit', { id: erin }, w.other.admin.token);
    expect(foreign.status).toBe(404);
    const badId = await call(w.app, 'Passenger/GetValidNewPassengerEdit', { id: 'x' }, w.admin.token);
    expect(badId.status).toBe(400);
    expect(badId.body.errors?.[0]?.field).toBe('id');
    // Another company's passengers never clash.
    const otherView = await call(
      w.app,
      'Passenger/GetValidNewPassenger',
      { email: 'erin@example.test' },
      w.other.admin.token,
    );
    expect(otherView.body).toEqual({ data: { isValid: true, conflicts: [] } });
  });
});

describe('Passenger/Update', () => {
  it('changes only the fields it is sent, records the difference and keeps the app account in step', async () => {
    const account = await createUser(w.db, w.company.id, 'passenger');
    const id = account.personId;
    await w.db.update(passengers).set({ email: 'pat.app@example.test' }).where(eq(passengers.id, id));

    const notes = await call(w.app, 'Passenger/Update', { id, notes: 'Wheelchair' }, w.as.Dispatcher.token);
    expect(notes.status).toBe(200);
    expect(notes.body.data).toMatchObject({
      name: 'Test Passenger',
      email: 'pat.app@example.test',
      hasAppAccount: true,
    });
    const note = await call(w.app, 'Passenger/GetPassengerNote', { id }, w.admin.token);
    expect(note.body).toEqual({ data: { id, notes: 'Wheelchair' } });

    const off = await call(
      w.app,
      'Passenger/Update',
      { id, isActive: false, clientId, tagIds: [vipTagId] },
      w.admin.token,
    );
    expect(off.body.data).toMatchObject({ isActive: false, clientId, clientName: 'Acme Ltd' });
    const [user] = await w.db.select().from(users).where(eq(users.id, account.id));
    expect(user?.isActive).toBe(false);

    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'passenger'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);
    expect(history.map((h) => h.action)).toEqual(['updated', 'updated']);
    expect(history[0]?.changes).toEqual({ notes: { before: null, after: 'Wheelchair' } });
    expect(history[1]?.changes).toMatchObject({
      isActive: { before: true, after: false },
      clientId: { before: null, after: clientId },
      tags: { before: [], after: ['Frequent flyer'] },
    });

    const cleared = await call(w.app, 'Passenger/Update', { id, clientId: 0, tagIds: [] }, w.admin.token);
    expect(cleared.body.data).toMatchObject({ clientId: null, clientName: null, tags: [] });
  });

  it('keeps at least one way to reach the passenger, and refuses a clash', async () => {
    const a = await create({ firstName: 'Finn', surname: 'Ray', email: 'finn@example.test', phone: '0113 496 0101' });
    const b = await create({ firstName: 'Gia', surname: 'Ray', email: 'gia@example.test' });
    const noEmail = await call(w.app, 'Passenger/Update', { id: a.body.data.id, email: '' }, w.admin.token);
    expect(noEmail.status).toBe(200);
    expect(noEmail.body.data.email).toBeNull();

    const nothing = await call(w.app, 'Passenger/Update', { id: a.body.data.id, phone: '' }, w.admin.token);
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual([
      {
        field: 'email',
        message: 'E-mail is required when there is no phone or mobile number',
        rule: 'is required when there is no phone or mobile number',
      },
    ]);

    const clash = await call(w.app, 'Passenger/Update', { id: b.body.data.id, mobile: '0113-496-0101' }, w.admin.token);
    expect(clash.status).toBe(409);
    expect(clash.body.errors?.[0]?.field).toBe('mobile');
    const [gia] = await w.db.select().from(passengers).where(eq(passengers.id, b.body.data.id));
    expect(gia?.mobile).toBeNull();

    const blankName = await call(w.app, 'Passenger/Update', { id: b.body.data.id, surname: ' ' }, w.admin.token);
    expect(blankName.body.errors).toEqual([{ field: 'surname', message: 'Surname is required', rule: 'is required' }]);
  });

  it('answers 404 for another company’s passenger and changes nothing', async () => {
    const a = await create({ firstName: 'Hal', surname: 'Moss', email: 'hal@example.test' });
    const res = await call(w.app, 'Passenger/Update', { id: a.body.data.id, surname: 'Stolen' }, w.other.admin.token);
    expect(res.status).toBe(404);
    const [hal] = await w.db.select().from(passengers).where(eq(passengers.id, a.body.data.id));
    expect(hal?.surname).toBe('Moss');
  });
});

describe('Passenger/Delete', () => {
  it('deletes a passenger without bookings, with their tags and app account', async () => {
    const account = await createUser(w.db, w.company.id, 'passenger');
    await w.db.insert(entityTags).values({
      companyId: w.company.id,
      tagId: vipTagId,
      ownerType: 'passenger',
      ownerId: account.personId,
    });
    const res = await call(w.app, 'Passenger/Delete', { id: account.personId }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: 'Passenger Test Passenger deleted.',
      data: { id: account.personId },
    });
    expect(await w.db.select().from(passengers).where(eq(passengers.id, account.personId))).toHaveLength(0);
    expect(await w.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(0);
    expect(await w.db.select().from(entityTags).where(eq(entityTags.ownerId, account.personId))).toHaveLength(0);
    const [history] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'passenger'), eq(auditLog.entityId, account.personId)));
    expect(history?.action).toBe('deleted');
  });

  it('refuses a passenger with bookings (409, switch off instead) and another company’s (404)', async () => {
    const p = await create({ firstName: 'Ivy', surname: 'Nash', email: 'ivy@example.test' });
    const id = p.body.data.id;
    await w.db.insert(bookings).values({ companyId: w.company.id, passengerId: id, pickupAt: new Date() });
    const used = await call(w.app, 'Passenger/Delete', { id }, w.admin.token);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('Ivy Nash has 1 booking and cannot be deleted; switch the passenger off instead.');
    const foreign = await call(w.app, 'Passenger/Delete', { id }, w.other.admin.token);
    expect(foreign.status).toBe(404);
    expect(await w.db.select().from(passengers).where(eq(passengers.id, id))).toHaveLength(1);
  });
});

describe('Passenger/GetTableSummary', () => {
  it('searches, filters, sorts and pages within the company', async () => {
    const mk = async (firstName: string, surname: string, extra: Partial<CallInput<'Passenger/Create'>> = {}) =>
      (await create({ firstName, surname, ...extra })).body.data.id;
    const zed = await mk('Zed', 'Aaronson', { email: 'zed@list.test', isVip: true, clientId });
    const amy = await mk('Amy', 'Aaronson', { phone: '0161 555 0199', tagIds: [vipTagId] });
    const old = await mk('Old', 'Aaronson', { email: 'old@list.test', isActive: false });
    await w.db.insert(bookings).values([
      { companyId: w.company.id, passengerId: amy, pickupAt: new Date('2024-03-01T10:00:00Z') },
      { companyId: w.company.id, passengerId: amy, pickupAt: new Date('2024-05-01T10:00:00Z') },
    ]);
    const list = (body: CallInput<'Passenger/GetTableSummary'>, token = w.admin.token) =>
      call(w.app, 'Passenger/GetTableSummary', body, token);

    const byName = await list({ q: 'aaronson' });
    expect(byName.body.data.map((r) => r.id)).toEqual([amy, old, zed]);
    expect(byName.body.data[0]).toMatchObject({ totalBookings: 2, lastBookingAt: '2024-05-01T10:00:00.000Z' });
    expect((await list({ q: '0161-555' })).body.data.map((r) => r.id)).toEqual([amy]);
    expect((await list({ q: 'zed@list' })).body.data.map((r) => r.id)).toEqual([zed]);
    expect((await list({ q: 'Zed Aaron' })).body.data.map((r) => r.id)).toEqual([zed]);
    expect((await list({ q: 'aaronson', isVip: true })).body.data.map((r) => r.id)).toEqual([zed]);
    expect((await list({ q: 'aaronson', isActive: 'false' })).body.data.map((r) => r.id)).toEqual([old]);
    expect((await list({ q: 'aaronson', clientId })).body.data.map((r) => r.id)).toEqual([zed]);
    expect((await list({ q: 'aaronson', tagId: vipTagId })).body.data.map((r) => r.id)).toEqual([amy]);
    expect((await list({ id: zed })).body.data.map((r) => r.id)).toEqual([zed]);

    const recent = await list({ q: 'aaronson', sortColumn: 'lastBookingAt', sortType: 'desc' });
    expect(recent.body.data[0]?.id).toBe(amy);
    const paged = await list({ q: 'aaronson', perPage: 2, page: 1, sortColumn: 'email' });
    expect(paged.body).toMatchObject({ total: 2, count: 3 });
    expect(paged.body.data).toHaveLength(1);

    const badSort = await callRaw(w.app, 'Passenger/GetTableSummary', { sortColumn: 'password' }, w.admin.token);
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors?.[0]?.field).toBe('sortColumn');

    const theirs = await list({ q: 'aaronson' }, w.other.admin.token);
    expect(theirs.body.data).toEqual([]);
  });
});

describe('permissions', () => {
  it('lets dispatchers manage passengers, the accounts role read them, and drivers neither', async () => {
    const byDispatcher = await create(
      { firstName: 'Jo', surname: 'Dee', email: 'jo@perm.test' },
      w.as.Dispatcher.token,
    );
    expect(byDispatcher.status).toBe(200);
    const id = byDispatcher.body.data.id;
    expect((await call(w.app, 'Passenger/GetTableSummary', {}, w.as.Accounts.token)).status).toBe(200);
    expect((await create({ firstName: 'No', surname: 'Way', email: 'no@perm.test' }, w.as.Accounts.token)).status).toBe(
      403,
    );
    for (const [name, body] of [
      ['Passenger/GetTableSummary', {}],
      ['Passenger/Create', { firstName: 'No', surname: 'Way', email: 'no@perm.test' }],
      ['Passenger/Update', { id, notes: 'x' }],
      ['Passenger/Delete', { id }],
      ['Passenger/GetValidNewPassenger', { email: 'jo@perm.test' }],
      ['Passenger/GetPassengerNote', { id }],
      ['Common/GetPassengerList', {}],
      ['Common/GetDriverPassengercontactList', {}],
    ] as const) {
      expect((await call(w.app, name, body, w.as.driver.token)).status, name).toBe(403);
    }
    expect(await w.db.select().from(passengers).where(eq(passengers.email, 'no@perm.test'))).toHaveLength(0);
  });
});
