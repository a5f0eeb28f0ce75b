import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { driverShifts } from '../src/domains/dispatch/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import { call, callRaw } from './client';
import { giveDocument, makeDriver, makeVehicle } from './factories-dispatch';
import { expenseType } from './factories-driver-account';
import { world, type Person, type World } from './world';

let w: World<'driver' | 'Operations Manager', true>;
let saloonId: number;
let me: Person;
let colleague: Person;
let stranger: Person;
/** An office user: everything but the apps. */
let office: Person;

beforeAll(async () => {
  w = await world({ roles: ['driver', 'Operations Manager'], otherCompany: true });
  const [saloon] = await w.db.insert(vehicleTypes).values({ companyId: w.company.id, name: 'Saloon' }).returning();
  saloonId = saloon!.id;
  me = w.as.driver;
  colleague = await w.person('driver');
  stranger = await w.other.person('driver');
  office = w.as['Operations Manager'];
});

const fieldsOf = (body: { errors?: { field: string }[] }) => body.errors?.map((e) => e.field);
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('Driver/GetTableSummaryDriverExpenseDrvApp', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const type = await expenseType(w.db, w.company.id, { name: 'Car wash' });
    const otherType = await expenseType(w.db, w.other.company.id);
    const add = async (
      key: string,
      companyId: number,
      driverId: number,
      expenseTypeId: number,
      values: Partial<typeof driverExpenses.$inferInsert>,
    ) => {
      const [row] = await w.db
        .insert(driverExpenses)
        .values({ companyId, driverId, expenseTypeId, amountMinor: 450, ...values })
        .returning({ id: driverExpenses.id });
      ids[key] = row!.id;
    };
    await add('pending', w.company.id, me.personId, type.id, {
      createdAt: new Date('2026-03-01T10:00:00Z'),
      note: 'car park',
    });
    await add('approved', w.company.id, me.personId, type.id, {
      createdAt: new Date('2026-03-02T10:00:00Z'),
      status: 'approved',
      decidedAt: new Date('2026-03-03T09:00:00Z'),
      receiptKey: 'driver-expenses/receipt.png',
    });
    await add('declined', w.company.id, me.personId, type.id, {
      createdAt: new Date('2026-03-04T10:00:00Z'),
      status: 'declined',
      decidedAt: new Date('2026-03-05T09:00:00Z'),
      declineReason: 'no receipt',
    });
    await add('colleague', w.company.id, colleague.personId, type.id, { createdAt: new Date('2026-03-06T10:00:00Z') });
    await add('stranger', w.other.company.id, stranger.personId, otherType.id, {
      createdAt: new Date('2026-03-06T10:00:00Z'),
    });
  });

  it("answers the signed-in driver's own expenses, newest first, with the office's decision", async () => {
    const res = await call(w.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.data.map((r) => r.id)).toEqual([ids.declined, ids.approved, ids.pending]);
    const [declined, approved, pending] = res.body.data;
    expect(declined).toMatchObject({
      expenseTypeName: 'Car wash',
      amountMinor: 450,
      status: 'declined',
      declineReason: 'no receipt',
      decidedAt: '2026-03-05T09:00:00.000Z',
      hasReceipt: false,
      receiptUrl: null,
    });
    expect(approved?.hasReceipt).toBe(true);
    expect(approved?.receiptUrl).toMatch(/^\/files\/driver-expenses\/receipt\.png\?exp=\d+&sig=/);
    expect(pending).toMatchObject({ status: 'pending', decidedAt: null, note: 'car park' });
  });

  it('filters by status and searches the note', async () => {
    const approved = await call(w.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', { status: 'approved' }, me.token);
    expect(approved.body.data.map((r) => r.id)).toEqual([ids.approved]);
    const searched = await call(w.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', { q: 'car park' }, me.token);
    expect(searched.body.data.map((r) => r.id)).toEqual([ids.pending]);
  });

  it("never shows another driver's or another company's expenses, whatever the payload names", async () => {
    const res = await call(
      w.app,
      'Driver/GetTableSummaryDriverExpenseDrvApp',
      { id: colleague.personId, perPage: 0 },
      me.token,
    );
    const seen = res.body.allData.map((r) => r.id);
    expect(seen).not.toContain(ids.colleague);
    expect(seen).not.toContain(ids.stranger);
    const theirs = await call(w.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', {}, stranger.token);
    expect(theirs.body.data.map((r) => r.id)).toEqual([ids.stranger]);
  });

  it('answers 400 naming the field for a bad status or sort column', async () => {
    const status = await callRaw(w.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', { status: 'paid' }, me.token);
    expect(status.status).toBe(400);
    expect(fieldsOf(status.body)).toEqual(['status']);
    const sort = await callRaw(
      w.app,
      'Driver/GetTableSummaryDriverExpenseDrvApp',
      { sortColumn: 'driverId' },
      me.token,
    );
    expect(sort.status).toBe(400);
    expect(fieldsOf(sort.body)).toEqual(['sortColumn']);
  });

  it('is refused to office users', async () => {
    for (const who of [office, w.admin]) {
      expect((await call(w.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', {}, who.token)).status).toBe(403);
    }
  });
});

describe('Driver/GetDriverDocumentsDrvApp', () => {
  let vehicleId: number;
  beforeAll(async () => {
    await giveDocument(w.db, w.company.id, 'driver', me.personId, 'Driving licence', daysFromNow(10));
    await giveDocument(w.db, w.company.id, 'driver', colleague.personId, 'Criminal record check', daysFromNow(400));
    await giveDocument(w.db, w.other.company.id, 'driver', stranger.personId, 'Driving licence', daysFromNow(400));
    const vehicle = await makeVehicle(w.db, w.company.id, saloonId);
    vehicleId = vehicle.id;
    await giveDocument(w.db, w.company.id, 'vehicle', vehicle.id, 'Insurance certificate', daysFromNow(-3));
  });

  it("answers the driver's documents with their state and the mandatory types missing; no shift, no vehicle", async () => {
    const res = await call(w.app, 'Driver/GetDriverDocumentsDrvApp', {}, me.token);
    expect(res.status).toBe(200);
    const { driver, vehicle } = res.body.data;
    expect(driver.id).toBe(me.personId);
    expect(driver.documentState).toBe('missing');
    expect(driver.documents.map((d) => d.documentTypeName)).toEqual(['Driving licence']);
    expect(driver.documents[0]).toMatchObject({ expiryState: 'expiring', isMandatory: true, hasFile: false });
    expect(driver.documents[0]?.daysToExpiry).toBeGreaterThanOrEqual(9);
    expect(driver.documents[0]?.daysToExpiry).toBeLessThanOrEqual(11);
    expect(driver.missingTypes.map((m) => m.name)).toEqual(['Private hire driver licence']);
    expect(vehicle).toBeNull();
  });

  it('adds the papers of the vehicle of the open shift', async () => {
    await w.db.insert(driverShifts).values({ companyId: w.company.id, driverId: me.personId, vehicleId });
    try {
      const res = await call(w.app, 'Driver/GetDriverDocumentsDrvApp', {}, me.token);
      const { vehicle } = res.body.data;
      expect(vehicle?.id).toBe(vehicleId);
      expect(vehicle?.documents.map((d) => [d.documentTypeName, d.expiryState])).toEqual([
        ['Insurance certificate', 'expired'],
      ]);
      // Missing mandatory types rank worse than an expired document.
      expect(vehicle?.documentState).toBe('missing');
      expect(vehicle?.missingTypes.map((m) => m.name)).toEqual(['MOT certificate', 'Private hire vehicle licence']);
    } finally {
      await w.db.delete(driverShifts).where(eq(driverShifts.driverId, me.personId));
    }
  });

  it("never shows another driver's or another company's documents", async () => {
    const mine = await call(w.app, 'Driver/GetDriverDocumentsDrvApp', {}, me.token);
    expect(mine.body.data.driver.documents.map((d) => d.documentTypeName)).not.toContain('Criminal record check');
    const theirs = await call(w.app, 'Driver/GetDriverDocumentsDrvApp', {}, colleague.token);
    expect(theirs.body.data.driver.id).toBe(colleague.personId);
    expect(theirs.body.data.driver.documents.map((d) => d.documentTypeName)).toEqual(['Criminal record check']);
    const stranger_ = await call(w.app, 'Driver/GetDriverDocumentsDrvApp', {}, stranger.token);
    const ids = stranger_.body.data.driver.documents.map((d) => d.id);
    const myIds = mine.body.data.driver.documents.map((d) => d.id);
    expect(myIds).not.toHaveLength(0);
    expect(ids.filter((id) => myIds.includes(id))).toEqual([]);
    expect(stranger_.body.data.driver.documentState).toBe('missing');
  });

  it('answers 400 naming the field for bad input', async () => {
    const res = await callRaw(w.app, 'Driver/GetDriverDocumentsDrvApp', { companyID: 'abc' }, me.token);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['companyID']);
  });

  it('is refused to office users', async () => {
    for (const who of [office, w.admin]) {
      expect((await call(w.app, 'Driver/GetDriverDocumentsDrvApp', {}, who.token)).status).toBe(403);
    }
  });
});

describe('Driver/GetDriverVehicleListDrvApp', () => {
  const v: Record<string, { id: number; registration: string }> = {};
  let rivalName: string;
  beforeAll(async () => {
    // The documents tests made a vehicle of this company too; switched off, it stays out of this list.
    await w.db.update(vehicles).set({ isActive: false }).where(eq(vehicles.companyId, w.company.id));
    v.free = await makeVehicle(w.db, w.company.id, saloonId);
    v.taken = await makeVehicle(w.db, w.company.id, saloonId);
    v.mine = await makeVehicle(w.db, w.company.id, saloonId);
    v.colleagues = await makeVehicle(w.db, w.company.id, saloonId);
    v.off = await makeVehicle(w.db, w.company.id, saloonId, { isActive: false });
    await w.db
      .update(vehicles)
      .set({ ownerDriverId: me.personId, make: 'Toyota', model: 'Prius' })
      .where(eq(vehicles.id, v.mine.id));
    await w.db.update(vehicles).set({ ownerDriverId: colleague.personId }).where(eq(vehicles.id, v.colleagues.id));
    const rival = await makeDriver(w.db, w.company.id, { firstName: 'Rita', lastName: 'Rival' });
    rivalName = 'Rita Rival';
    await w.db.insert(driverShifts).values({ companyId: w.company.id, driverId: rival.id, vehicleId: v.taken.id });
  });

  it("lists the driver's own car first, then free vehicles, then those on another driver's shift", async () => {
    const res = await call(w.app, 'Driver/GetDriverVehicleListDrvApp', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.id)).toEqual([v.mine!.id, v.free!.id, v.taken!.id]);
    const [mine, free, taken] = res.body.data;
    expect(mine).toMatchObject({
      isAssigned: true,
      takenBy: null,
      make: 'Toyota',
      model: 'Prius',
      vehicleTypeName: 'Saloon',
      name: `${v.mine!.registration} · Toyota Prius`,
      documentState: 'missing',
    });
    expect(free).toMatchObject({ isAssigned: false, takenBy: null });
    expect(taken).toMatchObject({ isAssigned: false, takenBy: rivalName });
  });

  it("leaves out another driver's own car, switched-off vehicles and another company's", async () => {
    const [foreignType] = await w.db
      .insert(vehicleTypes)
      .values({ companyId: w.other.company.id, name: 'Saloon' })
      .returning();
    const foreign = await makeVehicle(w.db, w.other.company.id, foreignType!.id);
    const res = await call(w.app, 'Driver/GetDriverVehicleListDrvApp', {}, me.token);
    const ids = res.body.data.map((r) => r.id);
    for (const id of [v.colleagues!.id, v.off!.id, foreign.id]) expect(ids).not.toContain(id);
    const theirs = await call(w.app, 'Driver/GetDriverVehicleListDrvApp', {}, stranger.token);
    expect(theirs.body.data.map((r) => r.id)).not.toContain(v.free!.id);
  });

  it('searches by registration', async () => {
    const res = await call(w.app, 'Driver/GetDriverVehicleListDrvApp', { q: v.free!.registration }, me.token);
    expect(res.body.data.map((r) => r.id)).toEqual([v.free!.id]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const res = await callRaw(w.app, 'Driver/GetDriverVehicleListDrvApp', { perPage: 1000 }, me.token);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['perPage']);
  });

  it('is refused to office users', async () => {
    for (const who of [office, w.admin]) {
      expect((await call(w.app, 'Driver/GetDriverVehicleListDrvApp', {}, who.token)).status).toBe(403);
    }
  });
});
