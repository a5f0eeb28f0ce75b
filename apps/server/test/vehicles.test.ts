import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { auditLog } from '../src/domains/audit/schema';
import { bookings } from '../src/domains/bookings/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { entityTags, tags } from '../src/domains/reference-data/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import { expectSameAnswer } from './assertions';
import { call, callRaw } from './client';
import { createCompany, createUser, signIn, type TestCompany } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;
let saloon: number;
let mpv: number;
let retired: number;
let otherType: number;
let ownerDriver: number;
let electric: number;
let childSeat: number;
let driverTag: number;

/** A vehicle of the company, a saloon unless the body names another type. */
const create = (
  body: Omit<CallInput<'Vehicle/Create'>, 'vehicleTypeId'> & { vehicleTypeId?: number },
  token = w.admin.token,
) => call(w.app, 'Vehicle/Create', { vehicleTypeId: saloon, ...body }, token);
const list = (body: CallInput<'Vehicle/GetTableSummary'> = {}, token = w.admin.token) =>
  call(w.app, 'Vehicle/GetTableSummary', body, token);

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher'], otherCompany: true });
  const types = await w.db
    .insert(vehicleTypes)
    .values([
      { companyId: w.company.id, name: 'Saloon', maxPassengers: 4, maxLuggage: 2, sortOrder: 1 },
      { companyId: w.company.id, name: 'MPV', maxPassengers: 7, maxLuggage: 5, sortOrder: 2 },
      { companyId: w.company.id, name: 'Retired', isActive: false },
      { companyId: w.other.company.id, name: 'Theirs' },
    ])
    .returning({ id: vehicleTypes.id });
  [saloon, mpv, retired, otherType] = types.map((r) => r.id) as [number, number, number, number];
  ownerDriver = (await createUser(w.db, w.company.id, 'driver')).personId;
  const tagRows = await w.db
    .insert(tags)
    .values([
      { companyId: w.company.id, name: 'Electric', tagType: 'vehicle', colour: '#0ca678' },
      { companyId: w.company.id, name: 'Child seat', tagType: 'vehicle' },
      { companyId: w.company.id, name: 'Trainee', tagType: 'driver' },
    ])
    .returning({ id: tags.id });
  [electric, childSeat, driverTag] = tagRows.map((r) => r.id) as [number, number, number];
});

describe('Vehicle/Create, Update and Delete', () => {
  it('adds a vehicle with its registration upper-case, tags and a history row', async () => {
    const res = await create({
      registration: '  ab12  cde ',
      make: 'Toyota',
      model: 'Prius',
      colour: 'Silver',
      year: 2021,
      seats: 4,
      vehicleClass: 'electric',
      ownerDriverId: ownerDriver,
      notes: 'Spare key in the office',
      tagIds: [electric, childSeat],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Vehicle AB12 CDE added.');
    expect(res.body.data).toMatchObject({
      registration: 'AB12 CDE',
      make: 'Toyota',
      vehicleTypeId: saloon,
      vehicleTypeName: 'Saloon',
      ownerDriverId: ownerDriver,
      ownerDriverName: 'Test Driver',
      vehicleClass: 'electric',
      isActive: true,
      // A new company starts with mandatory insurance, MOT and licence types; none is on file yet.
      documentState: 'missing',
    });
    expect(res.body.data.tags.map((tag) => tag.name)).toEqual(['Child seat', 'Electric']);
    const [stored] = await w.db.select().from(vehicles).where(eq(vehicles.id, res.body.data.id));
    expect(stored?.registration).toBe('AB12 CDE');
    expect(stored?.companyId).toBe(w.company.id);
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'vehicle'), eq(auditLog.entityId, res.body.data.id)));
    expect(history.map((h) => h.action)).toEqual(['created']);
  });

  it('refuses a registration already in the fleet, ignoring case and spaces', async () => {
    await create({ registration: 'DUP 123' });
    const dup = await create({ registration: 'dup123' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      {
        field: 'registration',
        message: 'Registration is already used by another vehicle of your fleet',
        rule: 'is already used by another vehicle of your fleet',
      },
    ]);
    // Another company may have the same plate.
    expect(
      (await call(w.app, 'Vehicle/Create', { registration: 'DUP 123', vehicleTypeId: otherType }, w.other.admin.token))
        .status,
    ).toBe(200);
    expect(await w.db.select().from(vehicles).where(eq(vehicles.companyId, w.company.id))).toSatisfy(
      (rows: { registration: string }[]) =>
        rows.filter((r) => r.registration.replace(/ /g, '') === 'DUP123').length === 1,
    );
  });

  it('names each field that breaks a rule', async () => {
    const bad = await callRaw(
      w.app,
      'Vehicle/Create',
      { vehicleTypeId: saloon, registration: '', year: 1975, seats: 0, vehicleClass: 'rocket', tagIds: 'x' },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'registration', message: 'Registration is required', rule: 'is required' },
        { field: 'year', message: 'Year must be at least 1980', rule: 'must be at least 1980' },
        { field: 'seats', message: 'Seats must be at least 1', rule: 'must be at least 1' },
        expect.objectContaining({ field: 'vehicleClass', rule: expect.stringContaining('must be one of') }),
        { field: 'tagIds', message: 'Tags must be a list of tag ids', rule: 'must be a list of tag ids' },
      ]),
    );
    const future = await create({ registration: 'FUT 1', year: new Date().getUTCFullYear() + 2 });
    expect(future.body.errors).toEqual([
      expect.objectContaining({ field: 'year', rule: `must be at most ${new Date().getUTCFullYear() + 1}` }),
    ]);
    const noType = await callRaw(w.app, 'Vehicle/Create', { registration: 'X1' }, w.admin.token);
    expect(noType.body.errors).toEqual([
      { field: 'vehicleTypeId', message: 'Vehicle type is required', rule: 'is required' },
    ]);
  });

  it('refuses another company’s vehicle type and driver, and tags of the wrong kind', async () => {
    const type = await create({ registration: 'FOR 1', vehicleTypeId: otherType });
    expect(type.status).toBe(400);
    expect(type.body.errors).toEqual([
      {
        field: 'vehicleTypeId',
        message: 'Vehicle type does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    const theirDriver = (await createUser(w.db, (await createCompany(w.db)).id, 'driver')).personId;
    const driver = await create({ registration: 'FOR 2', ownerDriverId: theirDriver });
    expect(driver.body.errors).toEqual([
      {
        field: 'ownerDriverId',
        message: 'Owner driver does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    const tag = await create({ registration: 'FOR 3', tagIds: [driverTag] });
    expect(tag.status).toBe(400);
    expect(tag.body.errors).toEqual([
      {
        field: 'tagIds',
        message: 'Tags must be vehicle tags of your company',
        rule: 'must be vehicle tags of your company',
      },
    ]);
    const rows = await w.db.select().from(vehicles).where(eq(vehicles.registration, 'FOR 3'));
    expect(rows).toHaveLength(0);
  });

  it('updates only the fields it is sent: one field, tags kept when tagIds is absent, traced', async () => {
    const made = (
      await create({
        registration: 'UPD 1',
        make: 'Skoda',
        model: 'Octavia',
        year: 2020,
        seats: 4,
        vehicleClass: 'executive',
        ownerDriverId: ownerDriver,
        notes: 'Tow bar',
        tagIds: [electric],
      })
    ).body.data;
    const id = made.id;
    const res = await call(w.app, 'Vehicle/Update', { id, registration: 'upd 2' }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Vehicle UPD 2 saved.');
    expect(res.body.data).toEqual({ ...made, registration: 'UPD 2' });
    const [row] = await w.db.select().from(vehicles).where(eq(vehicles.id, id));
    expect(row).toMatchObject({ registration: 'UPD 2', make: 'Skoda', year: 2020, ownerDriverId: ownerDriver });

    const more = await call(
      w.app,
      'Vehicle/Update',
      { id, vehicleTypeId: mpv, make: 'Ford', seats: '7', isActive: false },
      w.admin.token,
    );
    expect(more.body.data).toMatchObject({
      registration: 'UPD 2',
      vehicleTypeName: 'MPV',
      make: 'Ford',
      model: 'Octavia',
      seats: 7,
      isActive: false,
    });
    expect(more.body.data.tags.map((x) => x.id)).toEqual([electric]);
    const cleared = await call(w.app, 'Vehicle/Update', { id, tagIds: [] }, w.admin.token);
    expect(cleared.body.data).toMatchObject({ tags: [], make: 'Ford', isActive: false });
    const changes = (
      await w.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.entityType, 'vehicle'), eq(auditLog.action, 'updated')))
    ).map((r) => r.changes);
    expect(changes).toEqual([
      { registration: { before: 'UPD 1', after: 'UPD 2' } },
      {
        vehicleTypeId: { before: saloon, after: mpv },
        make: { before: 'Skoda', after: 'Ford' },
        seats: { before: 4, after: 7 },
        isActive: { before: true, after: false },
      },
      { tags: { before: ['Electric'], after: [] } },
    ]);
  });

  it('clears optional fields with "" or null, refuses clearing a required one, and answers 404 elsewhere', async () => {
    const made = (
      await create({
        registration: 'CLR 1',
        make: 'Kia',
        colour: 'Red',
        year: 2019,
        seats: 5,
        vehicleClass: 'executive',
      })
    ).body.data;
    const id = made.id;
    const res = await call(
      w.app,
      'Vehicle/Update',
      { id, make: '', colour: null, year: '', seats: null, vehicleClass: '', ownerDriverId: 0 },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      registration: 'CLR 1',
      vehicleTypeId: saloon,
      make: null,
      colour: null,
      year: null,
      seats: null,
      vehicleClass: null,
      ownerDriverId: null,
    });
    for (const [body, field] of [
      [{ registration: '' }, 'registration'],
      [{ registration: null }, 'registration'],
      [{ vehicleTypeId: '' }, 'vehicleTypeId'],
      [{ vehicleTypeId: null }, 'vehicleTypeId'],
    ] as const) {
      const bad = await callRaw(w.app, 'Vehicle/Update', { id, ...body }, w.admin.token);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field, rule: 'is required' })]);
    }
    const range = await call(w.app, 'Vehicle/Update', { id, year: 1975, seats: 'x' }, w.admin.token);
    expect(range.body.errors).toEqual([
      { field: 'year', message: 'Year must be at least 1980', rule: 'must be at least 1980' },
      { field: 'seats', message: 'Seats must be a whole number', rule: 'must be a whole number' },
    ]);
    await create({ registration: 'TAKEN 1' });
    const taken = await call(w.app, 'Vehicle/Update', { id, registration: 'taken1' }, w.admin.token);
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]?.field).toBe('registration');
    const theirType = await call(w.app, 'Vehicle/Update', { id, vehicleTypeId: otherType }, w.admin.token);
    expect(theirType.status).toBe(400);
    const foreign = await call(w.app, 'Vehicle/Update', { id, registration: 'STOLEN' }, w.other.admin.token);
    expect(foreign.status).toBe(404);
    const [row] = await w.db.select().from(vehicles).where(eq(vehicles.id, id));
    expect(row).toMatchObject({ registration: 'CLR 1', vehicleTypeId: saloon, make: null });
  });

  it('deletes a vehicle without bookings with its documents, and refuses one with bookings', async () => {
    const free = (await create({ registration: 'DEL 1', tagIds: [electric] })).body.data.id;
    expect((await call(w.app, 'Vehicle/Delete', { id: free }, w.other.admin.token)).status).toBe(404);
    const res = await call(w.app, 'Vehicle/Delete', { id: free }, w.admin.token);
    expect(res.body).toEqual({ code: 200, message: 'Vehicle DEL 1 deleted.', data: { id: free } });
    expect(await w.db.select().from(vehicles).where(eq(vehicles.id, free))).toHaveLength(0);
    expect(await w.db.select().from(entityTags).where(eq(entityTags.ownerId, free))).toEqual([]);

    const used = (await create({ registration: 'DEL 2' })).body.data.id;
    await w.db.insert(bookings).values({ companyId: w.company.id, vehicleId: used, pickupAt: new Date() });
    const refused = await call(w.app, 'Vehicle/Delete', { id: used }, w.admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Vehicle DEL 2 has 1 booking; switch it off instead of deleting it.');

    const papers = (await create({ registration: 'DEL 3' })).body.data.id;
    const [type] = await w.db
      .insert(documentTypes)
      .values({ companyId: w.company.id, name: 'Logbook', ownerType: 'vehicle', hasExpiry: false })
      .returning({ id: documentTypes.id });
    await w.db
      .insert(documents)
      .values({ companyId: w.company.id, ownerType: 'vehicle', ownerId: papers, documentTypeId: type!.id });
    expect((await call(w.app, 'Vehicle/Delete', { id: papers }, w.admin.token)).status).toBe(200);
    expect(
      await w.db
        .select()
        .from(documents)
        .where(and(eq(documents.ownerType, 'vehicle'), eq(documents.ownerId, papers))),
    ).toHaveLength(0);
    expect(await w.db.select().from(vehicles).where(eq(vehicles.id, papers))).toHaveLength(0);
  });

  it('lets a dispatcher read the fleet but not change it', async () => {
    expect((await list({}, w.as.Dispatcher.token)).status).toBe(200);
    expect((await create({ registration: 'NOPE 1' }, w.as.Dispatcher.token)).status).toBe(403);
    const { id } = (await create({ registration: 'NOPE 2' })).body.data;
    expect((await call(w.app, 'Vehicle/Delete', { id }, w.as.Dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'Vehicle/Update', { id, registration: 'X' }, w.as.Dispatcher.token)).status).toBe(403);
  });
});

describe('Vehicle/GetTableSummary', () => {
  let fresh: TestCompany;
  let token: string;
  let types: { saloon: number; estate: number };
  const ids = { a: 0, b: 0, c: 0, d: 0, tag: 0 };

  beforeAll(async () => {
    fresh = await createCompany(w.db, { timezone: 'Europe/London' });
    token = (await signIn(w.app, fresh.adminEmail)).accessToken;
    const rows = await w.db
      .insert(vehicleTypes)
      .values([
        { companyId: fresh.id, name: 'Saloon' },
        { companyId: fresh.id, name: 'Estate' },
      ])
      .returning({ id: vehicleTypes.id });
    types = { saloon: rows[0]!.id, estate: rows[1]!.id };
    const [tag] = await w.db
      .insert(tags)
      .values({ companyId: fresh.id, name: 'Pet friendly', tagType: 'vehicle' })
      .returning({ id: tags.id });
    const mk = async (registration: string, extra: Partial<CallInput<'Vehicle/Create'>> = {}) =>
      (await call(w.app, 'Vehicle/Create', { registration, vehicleTypeId: types.saloon, ...extra }, token)).body.data
        .id;
    ids.a = await mk('AAA 111', { make: 'Skoda', model: 'Octavia', year: 2019 });
    ids.b = await mk('BBB 222', { make: 'Toyota', model: 'Prius', year: 2023, tagIds: [tag!.id] });
    ids.c = await mk('CCC 333', {
      make: 'Mercedes-Benz',
      model: 'E-Class',
      vehicleTypeId: types.estate,
      isActive: false,
    });
    ids.d = await mk('DDD 444', { make: 'Ford', model: 'Galaxy', vehicleClass: 'people_carrier' });
    ids.tag = tag!.id;

    // Only these two types are mandatory here: an MOT and insurance, both with an expiry.
    await w.db
      .update(documentTypes)
      .set({ isMandatory: false })
      .where(and(eq(documentTypes.companyId, fresh.id), eq(documentTypes.ownerType, 'vehicle')));
    const docTypes = await w.db
      .insert(documentTypes)
      .values([
        { companyId: fresh.id, name: 'MOT', ownerType: 'vehicle', isMandatory: true },
        { companyId: fresh.id, name: 'Insurance', ownerType: 'vehicle', isMandatory: true },
        { companyId: fresh.id, name: 'Photos', ownerType: 'vehicle', isMandatory: false },
      ])
      .returning({ id: documentTypes.id });
    const [mot, insurance] = docTypes.map((r) => r.id) as [number, number];
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const doc = (ownerId: number, documentTypeId: number, expiryDate: string | null) => ({
      companyId: fresh.id,
      ownerType: 'vehicle' as const,
      ownerId,
      documentTypeId,
      expiryDate,
    });
    await w.db.insert(documents).values([
      // a: both valid
      doc(ids.a, mot, inDays(200)),
      doc(ids.a, insurance, inDays(300)),
      // b: one expiring
      doc(ids.b, mot, inDays(10)),
      doc(ids.b, insurance, inDays(300)),
      // c: an expired one replaced by a newer valid one, and an expired insurance
      doc(ids.c, mot, inDays(-40)),
      doc(ids.c, mot, inDays(100)),
      doc(ids.c, insurance, inDays(-2)),
      // d: no insurance at all
      doc(ids.d, mot, inDays(100)),
    ]);
  });

  const listed = async (body: CallInput<'Vehicle/GetTableSummary'>) => {
    const res = await list(body, token);
    expect(res.status).toBe(200);
    return res.body.data.map((r) => r.registration);
  };

  it('answers rows with type, tags and the worst document state', async () => {
    const res = await list({ perPage: 0 }, token);
    expect(res.body).toMatchObject({ total: 1, count: 4 });
    const byReg = Object.fromEntries(res.body.data.map((r) => [r.registration, r]));
    expect(byReg['AAA 111']).toMatchObject({ documentState: 'valid', vehicleTypeName: 'Saloon', make: 'Skoda' });
    expect(byReg['BBB 222']).toMatchObject({ documentState: 'expiring' });
    expect(byReg['BBB 222']?.tags).toEqual([{ id: ids.tag, name: 'Pet friendly', colour: '#228be6' }]);
    expect(byReg['CCC 333']).toMatchObject({ documentState: 'expired', vehicleTypeName: 'Estate' });
    expect(byReg['DDD 444']).toMatchObject({ documentState: 'missing' });
  });

  it('searches registration, make and model and filters on every field', async () => {
    expect(await listed({ q: 'prius' })).toEqual(['BBB 222']);
    expect(await listed({ q: 'ccc' })).toEqual(['CCC 333']);
    expect(await listed({ q: 'benz' })).toEqual(['CCC 333']);
    expect(await listed({ vehicleTypeId: types.estate })).toEqual(['CCC 333']);
    expect(await listed({ vehicleClass: 'people_carrier' })).toEqual(['DDD 444']);
    expect(await listed({ isActive: false })).toEqual(['CCC 333']);
    expect(await listed({ isActive: 'true' })).toEqual(['AAA 111', 'BBB 222', 'DDD 444']);
    expect(await listed({ tagId: ids.tag })).toEqual(['BBB 222']);
    expect(await listed({ documentState: 'expired' })).toEqual(['CCC 333']);
    expect(await listed({ documentState: 'missing' })).toEqual(['DDD 444']);
    expect(await listed({ documentState: 'valid' })).toEqual(['AAA 111']);
    expect(await listed({ id: ids.b })).toEqual(['BBB 222']);
    const owner = (await createUser(w.db, fresh.id, 'driver')).personId;
    await call(
      w.app,
      'Vehicle/Update',
      {
        id: ids.d,
        registration: 'DDD 444',
        vehicleTypeId: types.saloon,
        make: 'Ford',
        model: 'Galaxy',
        vehicleClass: 'people_carrier',
        ownerDriverId: owner,
      },
      token,
    );
    expect(await listed({ ownerDriverId: owner })).toEqual(['DDD 444']);
  });

  it('sorts on the allowed columns and pages from 0', async () => {
    expect(await listed({ sortColumn: 'make', sortType: 'asc' })).toEqual(['DDD 444', 'CCC 333', 'AAA 111', 'BBB 222']);
    expect(await listed({ sortColumn: 'year', sortType: 'desc' })).toEqual([
      'DDD 444',
      'CCC 333',
      'BBB 222',
      'AAA 111',
    ]);
    expect((await listed({ sortColumn: 'vehicleTypeName', sortType: 'asc' }))[0]).toBe('CCC 333');
    const page = await list({ perPage: 3, page: 1 }, token);
    expect(page.body.data.map((r) => r.registration)).toEqual(['DDD 444']);
    expect(page.body).toMatchObject({ total: 2, count: 4 });
    const bad = await callRaw(w.app, 'Vehicle/GetTableSummary', { sortColumn: 'notes' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('sortColumn');
    const badState = await callRaw(w.app, 'Vehicle/GetTableSummary', { documentState: 'lost' }, token);
    expect(badState.body.errors?.[0]?.field).toBe('documentState');
  });

  it('never shows another company’s vehicles', async () => {
    const theirs = await list({ perPage: 0 }, w.other.admin.token);
    expect(theirs.body.data.map((r) => r.registration)).not.toContain('AAA 111');
    expect((await list({ id: ids.a }, w.other.admin.token)).body.data).toEqual([]);
  });
});

describe('vehicle look-ups', () => {
  it('answer classes, active types, vehicle tags and active vehicles', async () => {
    const classes = await call(w.app, 'Vehicle/GetVehicleClassList', {}, w.as.Dispatcher.token);
    expect(classes.body.data[0]).toEqual({ id: 1, code: 'standard', name: 'Standard' });
    const typeList = await call(w.app, 'Vehicle/GetVehicleTypeList', {}, w.admin.token);
    expect(typeList.body.data).toEqual([
      { id: saloon, name: 'Saloon', maxPassengers: 4, maxLuggage: 2 },
      { id: mpv, name: 'MPV', maxPassengers: 7, maxLuggage: 5 },
    ]);
    expect(typeList.body.data.map((r) => r.id)).not.toContain(retired);
    const tagList = await call(w.app, 'Vehicle/GetVehicleTagList', {}, w.admin.token);
    expect(tagList.body.data.map((r) => r.name)).toEqual(['Child seat', 'Electric']);
    await create({ registration: 'LKP 1', make: 'Tesla', model: 'Model 3' });
    await create({ registration: 'LKP 2', isActive: false });
    const vehicleList = await call(w.app, 'Vehicle/GetVehicleList', { q: 'lkp' }, w.admin.token);
    expect(vehicleList.body.data).toEqual([
      { id: expect.any(Number), registration: 'LKP 1', name: 'LKP 1 — Tesla Model 3', vehicleTypeId: saloon },
    ]);
  });

  it('give a dispatcher the answers the admin gets, with nothing of another company', async () => {
    await call(w.app, 'Vehicle/Create', { registration: 'LKP 9', vehicleTypeId: otherType }, w.other.admin.token);
    const same = (name: 'Vehicle/GetVehicleTypeList' | 'Vehicle/GetVehicleTagList' | 'Vehicle/GetVehicleClassList') =>
      expectSameAnswer(w.app, name, {}, w.admin.token, w.as.Dispatcher.token);
    const types = await same('Vehicle/GetVehicleTypeList');
    expect(types.data.map((r) => r.id)).toEqual([saloon, mpv]);
    expect((await same('Vehicle/GetVehicleTagList')).data.map((r) => r.name)).toEqual(['Child seat', 'Electric']);
    expect((await same('Vehicle/GetVehicleClassList')).data.length).toBeGreaterThan(0);
    const vehicles = await expectSameAnswer(
      w.app,
      'Vehicle/GetVehicleList',
      { q: 'lkp' },
      w.admin.token,
      w.as.Dispatcher.token,
    );
    expect(vehicles.data.map((r) => r.registration)).toEqual(['LKP 1']);
  });
});

describe('vehicle statistics', () => {
  it('count the vehicle’s bookings, per week day and per month, and 404 for another company', async () => {
    const { id } = (await create({ registration: 'STA 1' })).body.data;
    const monday = new Date('2024-03-04T10:00:00Z');
    await w.db.insert(bookings).values([
      { companyId: w.company.id, vehicleId: id, pickupAt: monday, status: 'completed', priceMinor: 2500 },
      { companyId: w.company.id, vehicleId: id, pickupAt: monday, status: 'completed', priceMinor: 3500 },
      { companyId: w.company.id, vehicleId: id, pickupAt: new Date('2024-03-06T10:00:00Z'), status: 'cancelled' },
    ]);
    const stats = await call(
      w.app,
      'Vehicle/GetVehicleStatistics',
      { id, fromDate: '2024-03-01', toDate: '2024-03-31' },
      w.as.Dispatcher.token,
    );
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({
      totalBookings: 3,
      completedBookings: 2,
      cancelledBookings: 1,
      revenueMinor: 6000,
      averageFareMinor: 3000,
    });
    const counts = await call(w.app, 'Vehicle/GetVehicleBookingCount', { id }, w.admin.token);
    expect(counts.body.data.total).toBe(3);
    const days = await call(w.app, 'Vehicle/GetVehicleWeekDays', { id }, w.admin.token);
    expect(days.body.data).toHaveLength(7);
    expect(days.body.data[0]).toMatchObject({ day: 1, name: 'Monday', bookings: 2 });
    expect(days.body.data[2]).toMatchObject({ day: 3, bookings: 1 });
    const trends = await call(
      w.app,
      'Vehicle/GetvehicleBookingTrends',
      { id, fromDate: '2024-01-01', toDate: '2024-04-30' },
      w.admin.token,
    );
    expect(trends.body.data.map((r) => [r.period, r.bookings])).toEqual([
      ['2024-01', 0],
      ['2024-02', 0],
      ['2024-03', 3],
      ['2024-04', 0],
    ]);
    for (const name of [
      'Vehicle/GetVehicleStatistics',
      'Vehicle/GetVehicleBookingCount',
      'Vehicle/GetVehicleWeekDays',
      'Vehicle/GetvehicleBookingTrends',
    ] as const) {
      expect((await call(w.app, name, { id }, w.other.admin.token)).status, name).toBe(404);
    }
    const bad = await call(w.app, 'Vehicle/GetVehicleStatistics', { id, fromDate: '03/01/2024' }, w.admin.token);
    expect(bad.body.errors).toEqual([
      { field: 'fromDate', message: 'From date must be a date as YYYY-MM-DD', rule: 'must be a date as YYYY-MM-DD' },
    ]);
  });
});
