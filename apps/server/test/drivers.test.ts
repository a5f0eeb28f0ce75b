import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { users } from '../src/domains/auth/schema';
import { bookings } from '../src/domains/bookings/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { drivers, driverTypes, vendors } from '../src/domains/drivers/schema';
import { driverPaymentModels } from '../src/domains/pay-rules/schema';
import { entityTags, tags } from '../src/domains/reference-data/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'passenger' | 'driver', true>;
let ref: {
  typeId: number;
  otherTypeId: number;
  vendorId: number;
  modelId: number;
  tagId: number;
  vehicleTagId: number;
};

const create = (body: CallInput<'Driver/Create'>, token = w.admin.token) => call(w.app, 'Driver/Create', body, token);

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'passenger', 'driver'], otherCompany: true });
  const companyId = w.company.id;
  // New companies start with mandatory licence types; the document-state tests make their own.
  await w.db.update(documentTypes).set({ isMandatory: false }).where(eq(documentTypes.companyId, companyId));
  const [type] = await w.db.insert(driverTypes).values({ companyId, name: 'Chauffeur' }).returning();
  const [otherType] = await w.db
    .insert(driverTypes)
    .values({ companyId: w.other.company.id, name: 'Theirs' })
    .returning();
  const [vendor] = await w.db.insert(vendors).values({ companyId, name: 'Night Cars Ltd' }).returning();
  const [model] = await w.db.insert(driverPaymentModels).values({ companyId, name: 'Commission 20 %' }).returning();
  const [tag] = await w.db.insert(tags).values({ companyId, name: 'Airport', tagType: 'driver' }).returning();
  const [vehicleTag] = await w.db.insert(tags).values({ companyId, name: 'Estate', tagType: 'vehicle' }).returning();
  ref = {
    typeId: type!.id,
    otherTypeId: otherType!.id,
    vendorId: vendor!.id,
    modelId: model!.id,
    tagId: tag!.id,
    vehicleTagId: vehicleTag!.id,
  };
});

describe('Driver/Create', () => {
  it('adds a driver with tags and an app account the driver can sign in with, and writes history', async () => {
    const res = await create({
      firstName: ' Amira ',
      lastName: 'Khan',
      callsign: 'A12',
      email: 'amira@example.test',
      phone: '+44 7700 900123',
      dateOfBirth: '1985-04-02',
      dateJoined: '2024-01-15',
      nationality: 'gb',
      driverTypeId: ref.typeId,
      vendorId: ref.vendorId,
      defaultPaymentModelId: ref.modelId,
      bankAccountName: 'A Khan',
      bankSortCode: '12-34-56',
      bankAccountNumber: '1234 5678',
      tagIds: [ref.tagId],
      appEmail: 'Amira.App@example.test',
      appPassword: 'driving-safely',
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      firstName: 'Amira',
      fullName: 'Amira Khan',
      callsign: 'A12',
      nationality: 'GB',
      driverTypeName: 'Chauffeur',
      vendorName: 'Night Cars Ltd',
      defaultPaymentModelName: 'Commission 20 %',
      availability: 3,
      availabilityName: 'Offline',
      isActive: true,
      hasAppAccount: true,
      appEmail: 'amira.app@example.test',
      bankAccountNumberLast4: '5678',
      tags: [{ id: ref.tagId, name: 'Airport', colour: '#228be6' }],
      documentState: 'valid',
      vehicles: [],
    });
    expect(res.body.data).not.toHaveProperty('bankAccountNumber');
    const id = res.body.data.id;
    const [row] = await w.db.select().from(drivers).where(eq(drivers.id, id));
    expect(row?.bankAccountNumber).toBe('12345678');
    const [account] = await w.db.select().from(users).where(eq(users.id, row!.userId!));
    expect(account).toMatchObject({ kind: 'driver', fullName: 'Amira Khan', companyId: w.company.id });
    const session = await signIn(w.app, 'amira.app@example.test', 'driving-safely');
    expect(session.session.uniqueTypeID).toBe(id);
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver'), eq(auditLog.entityId, id)));
    expect(history.map((h) => h.action)).toEqual(['created']);
    expect(JSON.stringify(history[0]?.changes)).not.toContain('12345678');
  });

  it('names the field of bad input and changes nothing', async () => {
    const before = await w.db.select().from(drivers).where(eq(drivers.companyId, w.company.id));
    const cases: [unknown, string, string][] = [
      [{ lastName: 'X' }, 'firstName', 'is required'],
      [{ firstName: 'A', lastName: 'B', dateOfBirth: '2099-01-01' }, 'dateOfBirth', 'must be in the past'],
      [{ firstName: 'A', lastName: 'B', email: 'not-mail' }, 'email', 'must be a valid e-mail address'],
      [{ firstName: 'A', lastName: 'B', nationality: 'XX' }, 'nationality', 'must be a known country code'],
      [
        { firstName: 'A', lastName: 'B', appEmail: 'a@b.test' },
        'appPassword',
        'is required when an app e-mail is given',
      ],
      [
        { firstName: 'A', lastName: 'B', appEmail: 'a@b.test', appPassword: 'short' },
        'appPassword',
        'must be at least 8 characters',
      ],
      [{ firstName: 'A', lastName: 'B', driverTypeId: 'x' }, 'driverTypeId', 'must be a whole number'],
    ];
    for (const [body, field, message] of cases) {
      const res = await callRaw(w.app, 'Driver/Create', body, w.admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.find((e) => e.field === field)?.rule, field).toBe(message);
    }
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const minor = await create({ firstName: 'A', lastName: 'B', dateOfBirth: young.toISOString().slice(0, 10) });
    expect(minor.body.errors).toEqual([
      {
        field: 'dateOfBirth',
        message: 'Date of birth must make the driver at least 18 years old',
        rule: 'must make the driver at least 18 years old',
      },
    ]);
    const after = await w.db.select().from(drivers).where(eq(drivers.companyId, w.company.id));
    expect(after.length).toBe(before.length);
  });

  it('answers 409 naming callsign or appEmail when taken, 400 for another company’s references', async () => {
    await create({ firstName: 'Ben', lastName: 'Ode', callsign: 'Z9' });
    const dup = await create({ firstName: 'Cy', lastName: 'Ode', callsign: 'z9' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      {
        field: 'callsign',
        message: 'Callsign is already used by another driver',
        rule: 'is already used by another driver',
      },
    ]);
    const mail = await create({
      firstName: 'Cy',
      lastName: 'Ode',
      appEmail: w.company.adminEmail.toUpperCase(),
      appPassword: 'long enough',
    });
    expect(mail.status).toBe(409);
    expect(mail.body.errors?.[0]?.field).toBe('appEmail');
    const foreign = await create({ firstName: 'Cy', lastName: 'Ode', driverTypeId: ref.otherTypeId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      {
        field: 'driverTypeId',
        message: 'Driver type does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    const wrongTag = await create({ firstName: 'Cy', lastName: 'Ode', tagIds: [ref.vehicleTagId] });
    expect(wrongTag.status).toBe(400);
    expect(wrongTag.body.errors?.[0]?.field).toBe('tagIds');
    expect(await w.db.select().from(drivers).where(eq(drivers.firstName, 'Cy'))).toHaveLength(0);
  });

  it('is for admins: a dispatcher, a passenger and a driver get 403', async () => {
    for (const who of [w.as.Dispatcher, w.as.passenger, w.as.driver]) {
      expect((await create({ firstName: 'No', lastName: 'Way' }, who.token)).status).toBe(403);
    }
  });
});

describe('Driver/Update', () => {
  it('changes only the fields it is sent, clears with "", follows with the app account, and traces', async () => {
    const made = await create({
      firstName: 'Dan',
      lastName: 'Ray',
      callsign: 'D1',
      phone: '01234 567890',
      notes: 'Prefers nights',
      appEmail: 'dan.ray@example.test',
      appPassword: 'open sesame',
      bankAccountNumber: '87654321',
    });
    const id = made.body.data.id;
    const res = await call(
      w.app,
      'Driver/Update',
      { id, lastName: 'Rayner', phone: '', isActive: false, tagIds: [ref.tagId] },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fullName: 'Dan Rayner',
      callsign: 'D1',
      phone: null,
      notes: 'Prefers nights',
      isActive: false,
      availability: 3,
      bankAccountNumberLast4: '4321',
      tags: [{ id: ref.tagId }],
    });
    const [account] = await w.db.select().from(users).where(eq(users.id, made.body.data.userId!));
    expect(account).toMatchObject({ fullName: 'Dan Rayner', isActive: false });
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver'), eq(auditLog.entityId, id), eq(auditLog.action, 'updated')));
    expect(Object.keys(history[0]?.changes ?? {}).sort()).toEqual(
      ['fullName', 'isActive', 'lastName', 'phone', 'tags'].sort(),
    );
  });

  it('refuses a taken callsign, bad input, another company (404) and a dispatcher (403)', async () => {
    const a = await create({ firstName: 'Eve', lastName: 'One', callsign: 'E1' });
    const b = await create({ firstName: 'Eve', lastName: 'Two', callsign: 'E2' });
    const taken = await call(w.app, 'Driver/Update', { id: b.body.data.id, callsign: 'e1' }, w.admin.token);
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]?.field).toBe('callsign');
    const same = await call(w.app, 'Driver/Update', { id: a.body.data.id, callsign: 'E1' }, w.admin.token);
    expect(same.status).toBe(200);
    const blank = await call(w.app, 'Driver/Update', { id: a.body.data.id, firstName: ' ' }, w.admin.token);
    expect(blank.body.errors).toEqual([{ field: 'firstName', message: 'First name is required', rule: 'is required' }]);
    expect((await callRaw(w.app, 'Driver/Update', { lastName: 'X' }, w.admin.token)).status).toBe(400);
    const foreign = await call(w.app, 'Driver/Update', { id: a.body.data.id, lastName: 'Stolen' }, w.other.admin.token);
    expect(foreign.status).toBe(404);
    const denied = await call(w.app, 'Driver/Update', { id: a.body.data.id, lastName: 'X' }, w.as.Dispatcher.token);
    expect(denied.status).toBe(403);
    const [row] = await w.db.select().from(drivers).where(eq(drivers.id, a.body.data.id));
    expect(row?.lastName).toBe('One');
  });
});

describe('Driver/GetTableSummary', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const made = async (body: CallInput<'Driver/Create'>) => (await create(body)).body.data.id;
    ids = {
      fay: await made({
        firstName: 'Fay',
        lastName: 'Lister',
        callsign: 'L1',
        email: 'fay@list.test',
        tagIds: [ref.tagId],
      }),
      gus: await made({
        firstName: 'Gus',
        lastName: 'Lister',
        callsign: 'L2',
        driverTypeId: ref.typeId,
        mobile: '07700 111222',
      }),
      hal: await made({
        firstName: 'Hal',
        lastName: 'Lister',
        callsign: 'L3',
        vendorId: ref.vendorId,
        isActive: false,
      }),
    };
    await w.db.update(drivers).set({ availability: 1 }).where(eq(drivers.id, ids.gus!));
  });

  const list = (body: CallInput<'Driver/GetTableSummary'>, token = w.admin.token) =>
    call(w.app, 'Driver/GetTableSummary', { q: 'lister', ...body }, token);

  it('searches, filters and sorts on the server', async () => {
    const all = await list({ sortColumn: 'callsign', sortType: 'desc' });
    expect(all.status).toBe(200);
    expect(all.body.data.map((r) => r.callsign)).toEqual(['L3', 'L2', 'L1']);
    expect(all.body).toMatchObject({ total: 1, count: 3 });
    expect((await list({ q: 'fay@list' })).body.data.map((r) => r.id)).toEqual([ids.fay]);
    expect((await list({ q: '111222' })).body.data.map((r) => r.id)).toEqual([ids.gus]);
    expect((await list({ q: 'Gus Lis' })).body.data.map((r) => r.id)).toEqual([ids.gus]);
    expect((await list({ driverTypeId: ref.typeId })).body.data.map((r) => r.id)).toEqual([ids.gus]);
    expect((await list({ vendorId: ref.vendorId })).body.data.map((r) => r.id)).toEqual([ids.hal]);
    expect((await list({ availability: 1 })).body.data.map((r) => r.id)).toEqual([ids.gus]);
    expect((await list({ availability: '0' })).body.count).toBe(3);
    expect((await list({ isActive: false })).body.data.map((r) => r.id)).toEqual([ids.hal]);
    expect((await list({ tagId: ref.tagId })).body.data.map((r) => r.id)).toEqual([ids.fay]);
    const paged = await list({ perPage: 2, page: 1, sortColumn: 'name' });
    expect(paged.body).toMatchObject({ total: 2, count: 3 });
    expect(paged.body.data.map((r) => r.id)).toEqual([ids.hal]);
    expect(paged.body.data[0]).toMatchObject({ vendorName: 'Night Cars Ltd', hasAppAccount: false, photoUrl: null });
  });

  it('filters on the state of mandatory documents', async () => {
    const companyId = w.company.id;
    const [licence] = await w.db
      .insert(documentTypes)
      .values({ companyId, name: 'Licence', ownerType: 'driver', isMandatory: true })
      .returning();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const long = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    await w.db.insert(documents).values([
      { companyId, ownerType: 'driver', ownerId: ids.fay!, documentTypeId: licence!.id, expiryDate: '2020-01-01' },
      { companyId, ownerType: 'driver', ownerId: ids.fay!, documentTypeId: licence!.id, expiryDate: long },
      { companyId, ownerType: 'driver', ownerId: ids.gus!, documentTypeId: licence!.id, expiryDate: soon },
    ]);
    type DocumentState = CallInput<'Driver/GetTableSummary'>['documentState'];
    const state = async (documentState: DocumentState) => (await list({ documentState })).body.data.map((r) => r.id);
    expect(await state('valid')).toEqual([ids.fay]);
    expect(await state('expiring')).toEqual([ids.gus]);
    expect(await state('missing')).toEqual([ids.hal]);
    expect(await state('expired')).toEqual([]);
    const bad = await callRaw(
      w.app,
      'Driver/GetTableSummary',
      { q: 'lister', documentState: 'old', sortColumn: 'email' },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: [
        expect.objectContaining({ field: 'sortColumn', rule: expect.stringContaining('must be one of: name') }),
        {
          field: 'documentState',
          message: 'Document state must be one of: valid, expiring, expired, missing',
          rule: 'must be one of: valid, expiring, expired, missing',
        },
      ],
    });
    await w.db.update(documentTypes).set({ isMandatory: false }).where(eq(documentTypes.id, licence!.id));
  });

  it('keeps companies apart and lets dispatchers read but not passengers or drivers', async () => {
    expect((await list({}, w.other.admin.token)).body.count).toBe(0);
    expect((await list({}, w.as.Dispatcher.token)).body.count).toBe(3);
    expect((await list({}, w.as.passenger.token)).status).toBe(403);
    expect((await list({}, w.as.driver.token)).status).toBe(403);
  });
});

describe('Driver/GetTableSummaryDriver', () => {
  it('answers the profile with owned vehicles and missing mandatory documents', async () => {
    const made = await create({ firstName: 'Ian', lastName: 'Owner', address: '1 High St', postcode: 'AB1 2CD' });
    const id = made.body.data.id;
    const [vt] = await w.db.insert(vehicleTypes).values({ companyId: w.company.id, name: 'Saloon' }).returning();
    await w.db.insert(vehicles).values({
      companyId: w.company.id,
      vehicleTypeId: vt!.id,
      registration: 'IA11 OWN',
      make: 'Toyota',
      model: 'Prius',
      ownerDriverId: id,
    });
    const [dbs] = await w.db
      .insert(documentTypes)
      .values({ companyId: w.company.id, name: 'DBS check', ownerType: 'driver', isMandatory: true })
      .returning();
    const res = await call(w.app, 'Driver/GetTableSummaryDriver', { id }, w.as.Dispatcher.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      address: '1 High St',
      postcode: 'AB1 2CD',
      documentState: 'missing',
      missingDocumentTypes: [{ id: dbs!.id, name: 'DBS check' }],
      vehicles: [
        { registration: 'IA11 OWN', make: 'Toyota', model: 'Prius', vehicleTypeName: 'Saloon', isActive: true },
      ],
    });
    await w.db.update(documentTypes).set({ isActive: false }).where(eq(documentTypes.id, dbs!.id));

    const deletion = await call(w.app, 'Driver/Delete', { id }, w.admin.token);
    expect(deletion.status).toBe(409);
    expect(deletion.body.message).toMatch(/owns IA11 OWN/);

    expect((await call(w.app, 'Driver/GetTableSummaryDriver', { id }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Driver/GetTableSummaryDriver', { id: 0 }, w.admin.token)).body).toMatchObject({
      errors: [{ field: 'id', message: 'Id must be at least 1', rule: 'must be at least 1' }],
    });
    expect((await call(w.app, 'Driver/GetTableSummaryDriver', { id }, w.as.passenger.token)).status).toBe(403);
  });
});

describe('Driver/Delete', () => {
  it('deletes the driver with its account, documents and tags, and writes history', async () => {
    const made = await create({
      firstName: 'Jo',
      lastName: 'Gone',
      tagIds: [ref.tagId],
      appEmail: 'jo.gone@example.test',
      appPassword: 'farewell!!',
    });
    const { id, userId } = made.body.data;
    const [type] = await w.db
      .insert(documentTypes)
      .values({ companyId: w.company.id, name: 'Badge', ownerType: 'driver' })
      .returning();
    await w.db
      .insert(documents)
      .values({ companyId: w.company.id, ownerType: 'driver', ownerId: id, documentTypeId: type!.id });
    expect((await call(w.app, 'Driver/Delete', { id }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Driver/Delete', { id }, w.as.Dispatcher.token)).status).toBe(403);
    const res = await call(w.app, 'Driver/Delete', { id }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'Driver Jo Gone deleted.', data: { id } });
    expect(await w.db.select().from(drivers).where(eq(drivers.id, id))).toHaveLength(0);
    expect(await w.db.select().from(users).where(eq(users.id, userId!))).toHaveLength(0);
    expect(await w.db.select().from(documents).where(eq(documents.ownerId, id))).toHaveLength(0);
    expect(await w.db.select().from(entityTags).where(eq(entityTags.ownerId, id))).toHaveLength(0);
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver'), eq(auditLog.entityId, id)));
    expect(history.map((h) => h.action)).toEqual(['created', 'deleted']);
    expect((await call(w.app, 'Driver/Delete', { id }, w.admin.token)).status).toBe(404);
  });

  it('refuses a driver with bookings and says to switch the driver off', async () => {
    const made = await create({ firstName: 'Kit', lastName: 'Busy' });
    const id = made.body.data.id;
    await w.db
      .insert(bookings)
      .values({ companyId: w.company.id, driverId: id, pickupAt: new Date(), status: 'completed' });
    const res = await call(w.app, 'Driver/Delete', { id }, w.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Kit Busy has 1 booking and cannot be deleted; switch the driver off instead.');
    expect(await w.db.select().from(drivers).where(eq(drivers.id, id))).toHaveLength(1);
  });
});
