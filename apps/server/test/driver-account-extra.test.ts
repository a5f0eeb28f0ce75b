import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { driverShifts } from '../src/domains/dispatch/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, signIn, type SignedIn, type TestCompany } from './factories';
import { dispatchWorld, giveDocument, makeDriver, makeVehicle } from './factories-dispatch';
import { expenseType, signedDriver, signedOffice, type Err, type ListAnswer } from './factories-driver-account';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the router checks them against the contract
type Body = Record<string, any>;

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let saloonId: number;
let me: SignedIn & { id: number };
let colleague: SignedIn & { id: number };
let stranger: SignedIn & { id: number };
let office: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const w = await dispatchWorld(t.app, t.db);
  company = w.company;
  saloonId = w.saloonId;
  other = await createCompany(t.db);
  me = await signedDriver(t.db, t.app, company);
  colleague = await signedDriver(t.db, t.app, company);
  stranger = await signedDriver(t.db, t.app, other);
  office = await signedOffice(t.db, t.app, company);
  admin = await signIn(t.app, company.adminEmail);
});

const fieldsOf = (body: Err) => body.errors?.map((e) => e.field);
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('Driver/GetTableSummaryDriverExpenseDrvApp', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const type = await expenseType(t.db, company.id, { name: 'Car wash' });
    const otherType = await expenseType(t.db, other.id);
    const add = async (
      key: string,
      companyId: number,
      driverId: number,
      expenseTypeId: number,
      values: Partial<typeof driverExpenses.$inferInsert>,
    ) => {
      const [row] = await t.db
        .insert(driverExpenses)
        .values({ companyId, driverId, expenseTypeId, amountMinor: 450, ...values })
        .returning({ id: driverExpenses.id });
      ids[key] = row!.id;
    };
    await add('pending', company.id, me.id, type.id, { createdAt: new Date('2026-03-01T10:00:00Z'), note: 'car park' });
    await add('approved', company.id, me.id, type.id, {
      createdAt: new Date('2026-03-02T10:00:00Z'),
      status: 'approved',
      decidedAt: new Date('2026-03-03T09:00:00Z'),
      receiptKey: 'driver-expenses/receipt.png',
    });
    await add('declined', company.id, me.id, type.id, {
      createdAt: new Date('2026-03-04T10:00:00Z'),
      status: 'declined',
      decidedAt: new Date('2026-03-05T09:00:00Z'),
      declineReason: 'no receipt',
    });
    await add('colleague', company.id, colleague.id, type.id, { createdAt: new Date('2026-03-06T10:00:00Z') });
    await add('stranger', other.id, stranger.id, otherType.id, { createdAt: new Date('2026-03-06T10:00:00Z') });
  });

  it("answers the signed-in driver's own expenses, newest first, with the office's decision", async () => {
    const res = await call(t.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', {}, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.data.map((r) => r.id)).toEqual([ids.declined, ids.approved, ids.pending]);
    const [declined, approved, pending] = res.body.data as [Body, Body, Body];
    expect(declined).toMatchObject({
      expenseTypeName: 'Car wash',
      amountMinor: 450,
      status: 'declined',
      declineReason: 'no receipt',
      decidedAt: '2026-03-05T09:00:00.000Z',
      hasReceipt: false,
      receiptUrl: null,
    });
    expect(approved.hasReceipt).toBe(true);
    expect(approved.receiptUrl).toMatch(/^\/files\/driver-expenses\/receipt\.png\?exp=\d+&sig=/);
    expect(pending).toMatchObject({ status: 'pending', decidedAt: null, note: 'car park' });
  });

  it('filters by status and searches the note', async () => {
    const approved = await call(
      t.app,
      'Driver/GetTableSummaryDriverExpenseDrvApp',
      { status: 'approved' },
      me.accessToken,
    );
    expect(approved.body.data.map((r) => r.id)).toEqual([ids.approved]);
    const searched = await call(t.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', { q: 'car park' }, me.accessToken);
    expect(searched.body.data.map((r) => r.id)).toEqual([ids.pending]);
  });

  it("never shows another driver's or another company's expenses, whatever the payload names", async () => {
    const res = await call(
      t.app,
      'Driver/GetTableSummaryDriverExpenseDrvApp',
      { id: colleague.id, perPage: 0 },
      me.accessToken,
    );
    const seen = res.body.allData.map((r) => r.id);
    expect(seen).not.toContain(ids.colleague);
    expect(seen).not.toContain(ids.stranger);
    const theirs = await call(t.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', {}, stranger.accessToken);
    expect(theirs.body.data.map((r) => r.id)).toEqual([ids.stranger]);
  });

  it('answers 400 naming the field for a bad status or sort column', async () => {
    const status = await call(t.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', { status: 'paid' }, me.accessToken);
    expect(status.status).toBe(400);
    expect(fieldsOf(status.body)).toEqual(['status']);
    const sort = await call(
      t.app,
      'Driver/GetTableSummaryDriverExpenseDrvApp',
      { sortColumn: 'driverId' },
      me.accessToken,
    );
    expect(sort.status).toBe(400);
    expect(fieldsOf(sort.body)).toEqual(['sortColumn']);
  });

  it('is refused to office users', async () => {
    for (const who of [office, admin]) {
      expect((await call(t.app, 'Driver/GetTableSummaryDriverExpenseDrvApp', {}, who.accessToken)).status).toBe(403);
    }
  });
});

describe('Driver/GetDriverDocumentsDrvApp', () => {
  let vehicleId: number;
  beforeAll(async () => {
    await giveDocument(t.db, company.id, 'driver', me.id, 'Driving licence', daysFromNow(10));
    await giveDocument(t.db, company.id, 'driver', colleague.id, 'Criminal record check', daysFromNow(400));
    await giveDocument(t.db, other.id, 'driver', stranger.id, 'Driving licence', daysFromNow(400));
    const vehicle = await makeVehicle(t.db, company.id, saloonId);
    vehicleId = vehicle.id;
    await giveDocument(t.db, company.id, 'vehicle', vehicle.id, 'Insurance certificate', daysFromNow(-3));
  });

  it("answers the driver's documents with their state and the mandatory types missing; no shift, no vehicle", async () => {
    const res = await call(t.app, 'Driver/GetDriverDocumentsDrvApp', {}, me.accessToken);
    expect(res.status).toBe(200);
    const { driver, vehicle } = res.body.data;
    expect(driver.id).toBe(me.id);
    expect(driver.documentState).toBe('missing');
    expect(driver.documents.map((d: Body) => d.documentTypeName)).toEqual(['Driving licence']);
    expect(driver.documents[0]).toMatchObject({ expiryState: 'expiring', isMandatory: true, hasFile: false });
    expect(driver.documents[0].daysToExpiry).toBeGreaterThanOrEqual(9);
    expect(driver.documents[0].daysToExpiry).toBeLessThanOrEqual(11);
    expect(driver.missingTypes.map((m: Body) => m.name)).toEqual(['Private hire driver licence']);
    expect(vehicle).toBeNull();
  });

  it('adds the papers of the vehicle of the open shift', async () => {
    await t.db.insert(driverShifts).values({ companyId: company.id, driverId: me.id, vehicleId });
    try {
      const res = await call(t.app, 'Driver/GetDriverDocumentsDrvApp', {}, me.accessToken);
      const { vehicle } = res.body.data;
      expect(vehicle.id).toBe(vehicleId);
      expect(vehicle.documents.map((d: Body) => [d.documentTypeName, d.expiryState])).toEqual([
        ['Insurance certificate', 'expired'],
      ]);
      // Missing mandatory types rank worse than an expired document.
      expect(vehicle.documentState).toBe('missing');
      expect(vehicle.missingTypes.map((m: Body) => m.name)).toEqual([
        'MOT certificate',
        'Private hire vehicle licence',
      ]);
    } finally {
      await t.db.delete(driverShifts).where(eq(driverShifts.driverId, me.id));
    }
  });

  it("never shows another driver's or another company's documents", async () => {
    const mine = await call(t.app, 'Driver/GetDriverDocumentsDrvApp', {}, me.accessToken);
    expect(mine.body.data.driver.documents.map((d: Body) => d.documentTypeName)).not.toContain('Criminal record check');
    const theirs = await call(t.app, 'Driver/GetDriverDocumentsDrvApp', {}, colleague.accessToken);
    expect(theirs.body.data.driver.id).toBe(colleague.id);
    expect(theirs.body.data.driver.documents.map((d: Body) => d.documentTypeName)).toEqual(['Criminal record check']);
    const stranger_ = await call(t.app, 'Driver/GetDriverDocumentsDrvApp', {}, stranger.accessToken);
    const ids = stranger_.body.data.driver.documents.map((d: Body) => d.id);
    const myIds = mine.body.data.driver.documents.map((d: Body) => d.id);
    expect(ids.some((id: number) => myIds.includes(id))).toBe(false);
    expect(stranger_.body.data.driver.documentState).toBe('missing');
  });

  it('answers 400 naming the field for bad input', async () => {
    const res = await call(t.app, 'Driver/GetDriverDocumentsDrvApp', { companyID: 'abc' }, me.accessToken);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['companyID']);
  });

  it('is refused to office users', async () => {
    for (const who of [office, admin]) {
      expect((await call(t.app, 'Driver/GetDriverDocumentsDrvApp', {}, who.accessToken)).status).toBe(403);
    }
  });
});

describe('Driver/GetDriverVehicleListDrvApp', () => {
  const v: Record<string, { id: number; registration: string }> = {};
  let rivalName: string;
  beforeAll(async () => {
    // The documents tests made a vehicle of this company too; switched off, it stays out of this list.
    await t.db.update(vehicles).set({ isActive: false }).where(eq(vehicles.companyId, company.id));
    v.free = await makeVehicle(t.db, company.id, saloonId);
    v.taken = await makeVehicle(t.db, company.id, saloonId);
    v.mine = await makeVehicle(t.db, company.id, saloonId);
    v.colleagues = await makeVehicle(t.db, company.id, saloonId);
    v.off = await makeVehicle(t.db, company.id, saloonId, { isActive: false });
    await t.db
      .update(vehicles)
      .set({ ownerDriverId: me.id, make: 'Toyota', model: 'Prius' })
      .where(eq(vehicles.id, v.mine.id));
    await t.db.update(vehicles).set({ ownerDriverId: colleague.id }).where(eq(vehicles.id, v.colleagues.id));
    const rival = await makeDriver(t.db, company.id, { firstName: 'Rita', lastName: 'Rival' });
    rivalName = 'Rita Rival';
    await t.db.insert(driverShifts).values({ companyId: company.id, driverId: rival.id, vehicleId: v.taken.id });
  });

  it("lists the driver's own car first, then free vehicles, then those on another driver's shift", async () => {
    const res = await call(t.app, 'Driver/GetDriverVehicleListDrvApp', {}, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.id)).toEqual([v.mine!.id, v.free!.id, v.taken!.id]);
    const [mine, free, taken] = res.body.data as [Body, Body, Body];
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
    const [foreignType] = await t.db.insert(vehicleTypes).values({ companyId: other.id, name: 'Saloon' }).returning();
    const foreign = await makeVehicle(t.db, other.id, foreignType!.id);
    const res = await call(t.app, 'Driver/GetDriverVehicleListDrvApp', {}, me.accessToken);
    const ids = res.body.data.map((r) => r.id);
    for (const id of [v.colleagues!.id, v.off!.id, foreign.id]) expect(ids).not.toContain(id);
    const theirs = await call(t.app, 'Driver/GetDriverVehicleListDrvApp', {}, stranger.accessToken);
    expect(theirs.body.data.map((r) => r.id)).not.toContain(v.free!.id);
  });

  it('searches by registration', async () => {
    const res = await call(t.app, 'Driver/GetDriverVehicleListDrvApp', { q: v.free!.registration }, me.accessToken);
    expect(res.body.data.map((r) => r.id)).toEqual([v.free!.id]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const res = await call(t.app, 'Driver/GetDriverVehicleListDrvApp', { perPage: 1000 }, me.accessToken);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['perPage']);
  });

  it('is refused to office users', async () => {
    for (const who of [office, admin]) {
      expect((await call(t.app, 'Driver/GetDriverVehicleListDrvApp', {}, who.accessToken)).status).toBe(403);
    }
  });
});
