import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { auditLog } from '../src/domains/audit/schema';
import { clients } from '../src/domains/clients/schema';
import { drivers, driverTypes } from '../src/domains/drivers/schema';
import { rulesInForceAt } from '../src/domains/pay-rules/rules';
import { driverPaymentModels, driverPayModelVersions } from '../src/domains/pay-rules/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import { seedPayModels } from '../src/demo/pay-models';
import { seedRegister } from '../src/demo/people';
import { adminSession, callContext } from './call-context';
import { expectEvery } from './assertions';
import { call, callData, callRaw } from './client';
import { createCompany, signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Operations Manager', true>;
let saloon: number;
let theirType: number;
let car: number;
let client: number;
let theirClient: number;

const night = { id: 1, name: 'Night', weekdays: [5, 6], from: '22:00', to: '05:00', multiplier: '1.25' };
const christmas = { id: 1, name: 'Christmas', from: '2026-12-24T18:00', to: '2026-12-27T06:00', surcharge: 300 };
const mileage = {
  ownCar: {
    perJob: 0,
    steps: [
      { fromKm: 0, toKm: 10, ratePerKm: 90 },
      { fromKm: 10, ratePerKm: 70 },
    ],
  },
  companyCar: { perJob: 0, steps: [{ fromKm: 0, ratePerKm: 50 }] },
};
const commission: CallInput<'DriverPayment/Create'> = {
  name: 'Commission 25 %',
  basis: 'commission',
  commission: { cashPercent: '25', cardPercent: '25', accountPercent: '20' },
};

const make = (body: CallInput<'DriverPayment/Create'>) => callData(w.app, 'DriverPayment/Create', body, w.admin.token);
const versionsOf = async (id: number) =>
  (
    await w.db
      .select({ version: driverPayModelVersions.version })
      .from(driverPayModelVersions)
      .where(eq(driverPayModelVersions.modelId, id))
  ).map((r) => r.version);

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Operations Manager'], otherCompany: true });
  const [type] = await w.db.insert(vehicleTypes).values({ companyId: w.company.id, name: 'Saloon' }).returning();
  const [theirs] = await w.db.insert(vehicleTypes).values({ companyId: w.other.company.id, name: 'Van' }).returning();
  saloon = type!.id;
  theirType = theirs!.id;
  const [v] = await w.db
    .insert(vehicles)
    .values({
      companyId: w.company.id,
      vehicleTypeId: saloon,
      registration: 'PA11 RUL',
      make: 'Skoda',
      model: 'Octavia',
    })
    .returning();
  car = v!.id;
  const [mine] = await w.db.insert(clients).values({ companyId: w.company.id, name: 'Acme Ltd' }).returning();
  const [other] = await w.db.insert(clients).values({ companyId: w.other.company.id, name: 'Theirs Ltd' }).returning();
  client = mine!.id;
  theirClient = other!.id;
});

describe('DriverPayment/Create, Update, GetDriverPaymentID and versions', () => {
  it('makes version 1; a change of any part makes a new version and leaves the old one as it was', async () => {
    const made = await make({ ...commission, description: 'Most drivers', peakTimes: [night] });
    expect(made).toMatchObject({ name: 'Commission 25 %', basis: 'commission', version: 1, isActive: true });
    expect(made.rules).toMatchObject({ id: made.id, version: 1, basis: 'commission', peakTimes: [night] });

    const changed = await call(
      w.app,
      'DriverPayment/Update',
      { DriverPaymentID: made.id, commission: { cashPercent: '30', cardPercent: '25', accountPercent: '20' } },
      w.as['Operations Manager'].token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ version: 2, versions: [{ version: 2 }, { version: 1 }] });
    expect(changed.body.data?.rules?.peakTimes).toEqual([night]);

    const old = await call(
      w.app,
      'DriverPayment/GetDriverPaymentID',
      { DriverPaymentID: made.id, version: 1 },
      w.admin.token,
    );
    expect(old.body.data?.rules?.commission?.cashPercent).toBe('25');
    expect(old.body.data?.version).toBe(2);
    expect(await versionsOf(made.id)).toEqual(expect.arrayContaining([1, 2]));

    const history = await w.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driverPayModel'), eq(auditLog.entityId, made.id)));
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'firstVersion', 'newVersion']));
  });

  it('writes no version when the rules come out the same, and a settings change alone makes none', async () => {
    const made = await make({ ...commission, name: 'Same again' });
    await callData(
      w.app,
      'DriverPayment/Update',
      { DriverPaymentID: made.id, commission: commission.commission },
      w.admin.token,
    );
    const off = await callData(
      w.app,
      'DriverPayment/Update',
      { DriverPaymentID: made.id, isActive: false },
      w.admin.token,
    );
    expect(off).toMatchObject({ version: 1, isActive: false });
    expect(await versionsOf(made.id)).toEqual([1]);
  });

  it('rulesInForceAt answers the version made at or before the instant, else the first', async () => {
    const made = await make({ ...commission, name: 'By time' });
    await callData(
      w.app,
      'DriverPayment/Update',
      { DriverPaymentID: made.id, fixedPerJob: 500, basis: 'fixed' },
      w.admin.token,
    );
    const [v1, v2] = await w.db
      .select()
      .from(driverPayModelVersions)
      .where(eq(driverPayModelVersions.modelId, made.id))
      .orderBy(driverPayModelVersions.version);
    const ctx = await callContext(w, adminSession(w.company.id));
    expect((await rulesInForceAt(ctx, made.id, new Date(v1!.createdAt.getTime() - 60_000)))?.version).toBe(1);
    expect((await rulesInForceAt(ctx, made.id, new Date(v1!.createdAt.getTime() + 1)))?.version).toBe(1);
    // The database keeps microseconds, a Date milliseconds: a millisecond later is surely after it.
    expect((await rulesInForceAt(ctx, made.id, new Date(v2!.createdAt.getTime() + 1)))?.version).toBe(2);
    expect((await rulesInForceAt(ctx, made.id, new Date(Date.now() + 3_600_000)))?.rules.basis).toBe('fixed');
  });

  it('lists the models with their basis, version and users; filters by basis', async () => {
    await make({ name: 'Per mile', basis: 'mileage', mileage });
    const list = await call(w.app, 'DriverPayment/GetDrvrPayments', { basis: 'mileage', perPage: 0 }, w.admin.token);
    expect(list.body.data.map((r) => r.name)).toEqual(['Per mile']);
    expect(list.body.data[0]).toMatchObject({ basis: 'mileage', version: 1, driverCount: 0, driverTypeCount: 0 });
    const all = await call(w.app, 'DriverPayment/GetDrvrPayments', { perPage: 0 }, w.admin.token);
    // The company's starting models have no rules yet.
    expect(all.body.data.find((r) => r.name === 'Hourly')).toMatchObject({ basis: null, version: null });
  });
});

describe('the parts of the rules, one call each', () => {
  let id: number;
  beforeAll(async () => {
    id = (await make({ name: 'Parts', basis: 'mileage', mileage })).id;
  });

  it('reads the basis and the mileage bands of each car and of a vehicle type', async () => {
    const basis = await call(w.app, 'DriverPayment/GetDriverPayment', { DriverPaymentID: id }, w.admin.token);
    expect(basis.body.data).toMatchObject({ basis: 'mileage', commission: null, mileage });
    const own = await call(w.app, 'DriverPayment/GetDrvrPymntOwnCarMileage', { DriverPaymentID: id }, w.admin.token);
    expect(own.body.data).toEqual([
      { index: 0, fromKm: 0, toKm: 10, ratePerKm: 90 },
      { index: 1, fromKm: 10, toKm: null, ratePerKm: 70 },
    ]);
    const company = await call(
      w.app,
      'DriverPayment/GetDrvrPymntCompanyCarMileage',
      { DriverPaymentID: id },
      w.admin.token,
    );
    expect(company.body.data).toEqual([{ index: 0, fromKm: 0, toKm: null, ratePerKm: 50 }]);

    const typeOwn = { perJob: 100, steps: [{ fromKm: 0, ratePerKm: 120 }] };
    await callData(
      w.app,
      'DriverPayment/Update',
      { DriverPaymentID: id, vehicleTypeMileage: [{ vehicleTypeId: saloon, ownCar: typeOwn, companyCar: typeOwn }] },
      w.admin.token,
    );
    const typed = await call(
      w.app,
      'DriverPayment/GetDrvrPymntVehicleOwnCarMileage',
      { DriverPaymentID: id, vehicleTypeID: saloon },
      w.admin.token,
    );
    expect(typed.body.data).toEqual([{ index: 0, fromKm: 0, toKm: null, ratePerKm: 120 }]);
    const typedCompany = await call(
      w.app,
      'DriverPayment/GetDrvrPymntVehicleCompanyCarMileage',
      { DriverPaymentID: id, vehicleTypeID: saloon },
      w.admin.token,
    );
    expect(typedCompany.body.data).toHaveLength(1);
    const types = await call(
      w.app,
      'DriverPayment/GetDriverPaymentVehicleType',
      { DriverPaymentID: id },
      w.admin.token,
    );
    expect(types.body.data).toEqual([
      {
        id: saloon,
        vehicleTypeID: saloon,
        vehicleTypeName: 'Saloon',
        hasOwnMileage: true,
        ownCar: typeOwn,
        companyCar: typeOwn,
      },
    ]);
    const theirs = await call(
      w.app,
      'DriverPayment/GetDrvrPymntVehicleOwnCarMileage',
      { DriverPaymentID: id, vehicleTypeID: theirType },
      w.admin.token,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors?.[0]?.field).toBe('vehicleTypeID');
  });

  it('replaces the peak times and periods as lists; a row left out is removed', async () => {
    const times = await call(
      w.app,
      'DriverPayment/CreatePeakTime',
      { DriverPaymentID: id, peakTimes: [night] },
      w.admin.token,
    );
    expect(times.body.data).toMatchObject({ DriverPaymentID: id, rows: [night] });
    const periods = await call(
      w.app,
      'DriverPayment/CreatePeakPeriod',
      { DriverPaymentID: id, peakPeriods: [christmas] },
      w.admin.token,
    );
    expect(periods.status).toBe(200);
    const listed = await call(w.app, 'DriverPayment/GetDriverPaymentPeakTimes', { DriverPaymentID: id }, w.admin.token);
    expect(listed.body.data).toEqual([night]);
    const listedPeriods = await call(
      w.app,
      'DriverPayment/GetDriverPaymentPeakPeriod',
      { DriverPaymentID: id },
      w.admin.token,
    );
    expect(listedPeriods.body.data).toEqual([christmas]);
    await callData(w.app, 'DriverPayment/CreatePeakTime', { DriverPaymentID: id, peakTimes: [] }, w.admin.token);
    const none = await call(w.app, 'DriverPayment/GetDriverPaymentPeakTimes', { DriverPaymentID: id }, w.admin.token);
    expect(none.body.data).toEqual([]);
  });

  it('keeps bonuses as bonusMaster and bonusDetail; UpdateBonus replaces one', async () => {
    const weekly = {
      id: 1,
      name: 'Weekly jobs',
      measure: 'jobs' as const,
      bands: [
        { from: 40, to: 60, amount: 2000 },
        { from: 60, amount: 4000 },
      ],
    };
    await callData(w.app, 'DriverPayment/CreateBonus', { DriverPaymentID: id, bonuses: [weekly] }, w.admin.token);
    const read = await call(w.app, 'DriverPayment/GetDriverPaymentBonus', { DriverPaymentID: id }, w.admin.token);
    expect(read.body.data).toMatchObject({
      bonusMaster: [{ id: 1, name: 'Weekly jobs', measure: 'jobs', bandCount: 2 }],
      bonusDetail: [
        { bonusId: 1, index: 0, from: 40, to: 60, amount: 2000 },
        { bonusId: 1, index: 1, from: 60, to: null, amount: 4000 },
      ],
    });
    const updated = await call(
      w.app,
      'UpdateBonus',
      { DriverPaymentID: id, ...weekly, bands: [{ from: 50, amount: 3000 }] },
      w.admin.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data?.rows).toEqual([{ ...weekly, bands: [{ from: 50, amount: 3000 }] }]);
    const missing = await call(w.app, 'UpdateBonus', { DriverPaymentID: id, ...weekly, id: 9 }, w.admin.token);
    expect(missing.status).toBe(404);
  });

  it('keeps vehicle overrides: the whole list, one replaced by id, listed with names and filtered', async () => {
    const set = await call(
      w.app,
      'DriverPayment/CreateVehicleOverride',
      {
        DriverPaymentID: id,
        vehicleOverrides: [
          { id: 1, vehicleId: car, appliesTo: 'all', fixedPerJob: 900 },
          { id: 2, vehicleTypeId: saloon, appliesTo: 'cash', commissionPercent: '15' },
        ],
      },
      w.admin.token,
    );
    expect(set.status).toBe(200);
    const one = await call(
      w.app,
      'DriverPayment/UpdateVehicleOverride',
      { DriverPaymentID: id, id: 1, vehicleId: car, appliesTo: 'card', fixedPerJob: 950 },
      w.admin.token,
    );
    expect(one.status).toBe(200);
    const listed = await call(
      w.app,
      'DriverPayment/GetDrvrPaymentVehicleOveride',
      { DriverPaymentID: id, appliesTo: 'card' },
      w.admin.token,
    );
    expect(listed.body.data).toEqual([
      {
        id: 1,
        vehicleId: car,
        vehicleName: 'PA11 RUL Skoda Octavia',
        vehicleTypeId: null,
        vehicleTypeName: null,
        appliesTo: 'card',
        commissionPercent: null,
        fixedPerJob: 950,
      },
    ]);
    const bad = await call(
      w.app,
      'DriverPayment/UpdateVehicleOverride',
      { DriverPaymentID: id, id: 2, vehicleTypeId: saloon, appliesTo: 'cash', commissionPercent: '150' },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('commissionPercent');
  });

  it('adds, replaces, lists and deletes client rules', async () => {
    const added = await call(
      w.app,
      'DriverPayment/AddDrvrPaymentClient',
      { DriverPaymentID: id, ClientId: client, commissionPercent: '10' },
      w.admin.token,
    );
    expect(added.body.data).toMatchObject({
      ClientId: client,
      clientName: 'Acme Ltd',
      appliesTo: 'all',
      commissionPercent: '10',
    });
    const ruleId = added.body.data!.ClientDriverPaymentID;
    const replaced = await call(
      w.app,
      'DriverPayment/AddDrvrPaymentClient',
      { DriverPaymentID: id, ClientDriverPaymentID: ruleId, ClientId: client, fixedPerJob: 1200 },
      w.admin.token,
    );
    expect(replaced.body.data).toMatchObject({
      ClientDriverPaymentID: ruleId,
      fixedPerJob: 1200,
      commissionPercent: null,
    });
    const listed = await call(w.app, 'DriverPayment/GetDrvrPaymentClient', { DriverPaymentID: id }, w.admin.token);
    expect(listed.body.data).toHaveLength(1);
    const both = await call(
      w.app,
      'DriverPayment/AddDrvrPaymentClient',
      { DriverPaymentID: id, ClientId: client, appliesTo: 'cash', commissionPercent: '5', fixedPerJob: 100 },
      w.admin.token,
    );
    expect(both.status).toBe(400);
    expect(both.body.errors?.[0]?.field).toBe('fixedPerJob');
    const gone = await call(
      w.app,
      'DriverPayment/DeleteDrvrPaymentClient',
      { DriverPaymentID: id, ClientDriverPaymentID: ruleId },
      w.admin.token,
    );
    expect(gone.body.data?.rows).toEqual([]);
  });
});

describe('bad input: a clear 400 naming the field as sent, nothing written', () => {
  it('refuses overlapping peak times, bands out of order and a commission over 100 %', async () => {
    const made = await make({ ...commission, name: 'Refusals' });
    const before = await versionsOf(made.id);

    const overlap = await call(
      w.app,
      'DriverPayment/CreatePeakTime',
      { DriverPaymentID: made.id, peakTimes: [night, { ...night, id: 2, name: 'Late', from: '23:00', to: '01:00' }] },
      w.admin.token,
    );
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors?.[0]).toMatchObject({ field: 'peakTimes.1.from' });
    expect(overlap.body.errors?.[0]?.message).toContain('overlaps the peak time at index 0');

    const periods = await call(
      w.app,
      'DriverPayment/CreatePeakPeriod',
      {
        DriverPaymentID: made.id,
        peakPeriods: [christmas, { ...christmas, id: 2, from: '2026-12-25T00:00', to: '2026-12-26T00:00' }],
      },
      w.admin.token,
    );
    expect(periods.status).toBe(400);
    expect(periods.body.errors?.[0]?.field).toBe('peakPeriods.1.from');

    const outOfOrder = await call(
      w.app,
      'DriverPayment/Update',
      {
        DriverPaymentID: made.id,
        mileage: {
          ...mileage,
          ownCar: {
            perJob: 0,
            steps: [
              { fromKm: 5, toKm: 10, ratePerKm: 90 },
              { fromKm: 0, ratePerKm: 70 },
            ],
          },
        },
      },
      w.admin.token,
    );
    expect(outOfOrder.status).toBe(400);
    expect(outOfOrder.body.errors?.[0]?.field).toBe('mileage.ownCar.steps.1.fromKm');

    const overHundred = await callRaw(
      w.app,
      'DriverPayment/Update',
      { DriverPaymentID: made.id, commission: { cashPercent: '120', cardPercent: '20', accountPercent: '20' } },
      w.admin.token,
    );
    expect(overHundred.status).toBe(400);
    expect(overHundred.body.errors?.[0]?.field).toBe('commission.cashPercent');

    const bonusBands = await call(
      w.app,
      'DriverPayment/CreateBonus',
      {
        DriverPaymentID: made.id,
        bonuses: [
          {
            id: 1,
            name: 'B',
            measure: 'jobs',
            bands: [
              { from: 10, to: 20, amount: 1 },
              { from: 15, amount: 2 },
            ],
          },
        ],
      },
      w.admin.token,
    );
    expect(bonusBands.status).toBe(400);
    expect(bonusBands.body.errors?.[0]?.field).toBe('bonuses.0.bands.1.from');

    const noCommission = await call(
      w.app,
      'DriverPayment/Update',
      { DriverPaymentID: made.id, basis: 'hourly' },
      w.admin.token,
    );
    expect(noCommission.status).toBe(400);
    expect(noCommission.body.errors?.[0]?.field).toBe('hourly');

    expect(await versionsOf(made.id)).toEqual(before);
  });

  it('names the band of one bonus as UpdateBonus sent it', async () => {
    const made = await make({
      ...commission,
      name: 'One bonus',
      bonuses: [{ id: 3, name: 'Rating', measure: 'rating', bands: [{ from: 4.5, amount: 1000 }] }],
    });
    const bad = await call(
      w.app,
      'UpdateBonus',
      {
        DriverPaymentID: made.id,
        id: 3,
        name: 'Rating',
        measure: 'rating',
        bands: [{ from: 4.8, to: 4.5, amount: 1 }],
      },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('bands.0.to');
  });

  it('makes nothing when Create is refused', async () => {
    const bad = await call(w.app, 'DriverPayment/Create', { name: 'Nothing', basis: 'fixed' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('fixedPerJob');
    const rows = await w.db.select().from(driverPaymentModels).where(eq(driverPaymentModels.name, 'Nothing'));
    expect(rows).toEqual([]);
  });
});

describe('another company and permissions', () => {
  it('answers 404 for another company’s model, vehicle, vehicle type and client, naming the field', async () => {
    const theirs = await callData(
      w.app,
      'DriverPayment/Create',
      { ...commission, name: 'Theirs' },
      w.other.admin.token,
    );
    const read = await call(w.app, 'DriverPayment/GetDriverPaymentID', { DriverPaymentID: theirs.id }, w.admin.token);
    expect(read.status).toBe(404);
    const del = await call(w.app, 'DriverPayment/Delete', { id: theirs.id }, w.admin.token);
    expect(del.status).toBe(404);

    const mine = await make({ ...commission, name: 'Mine only' });
    const client404 = await call(
      w.app,
      'DriverPayment/AddDrvrPaymentClient',
      { DriverPaymentID: mine.id, ClientId: theirClient, commissionPercent: '5' },
      w.admin.token,
    );
    expect(client404.status).toBe(404);
    expect(client404.body.errors?.[0]?.field).toBe('ClientId');
    const type404 = await call(
      w.app,
      'DriverPayment/CreateVehicleOverride',
      {
        DriverPaymentID: mine.id,
        vehicleOverrides: [{ id: 1, vehicleTypeId: theirType, appliesTo: 'all', fixedPerJob: 1 }],
      },
      w.admin.token,
    );
    expect(type404.status).toBe(404);
    expect(type404.body.errors?.[0]?.field).toBe('vehicleOverrides.0.vehicleTypeId');
    expect(await versionsOf(mine.id)).toEqual([1]);
  });

  it('refuses a role without DriverPayRule (403) on reads and changes', async () => {
    const token = w.as.Dispatcher.token;
    expect((await call(w.app, 'DriverPayment/GetDrvrPayments', {}, token)).status).toBe(403);
    expect((await call(w.app, 'DriverPayment/Create', commission, token)).status).toBe(403);
    expect((await call(w.app, 'DriverPaymentModelAssignment/GetTableSummary', {}, token)).status).toBe(403);
    expect((await callRaw(w.app, 'UpdateBonus', { DriverPaymentID: 1 }, token)).status).toBe(403);
  });
});

describe('DriverPaymentModelAssignment and deleting a model in use', () => {
  it('assigns a model to drivers and as a type default, lists who it pays, and refuses to delete it (409)', async () => {
    const model = await make({ ...commission, name: 'Assigned' });
    const typeDefault = await make({ name: 'Type default', basis: 'fixed', fixedPerJob: 700 });
    const [type] = await w.db.insert(driverTypes).values({ companyId: w.company.id, name: 'Part-time' }).returning();
    const made = await w.db
      .insert(drivers)
      .values([
        { companyId: w.company.id, firstName: 'Ann', lastName: 'Lee', callsign: 'A1', driverTypeId: type!.id },
        { companyId: w.company.id, firstName: 'Bob', lastName: 'Ray', callsign: 'B2', driverTypeId: type!.id },
      ])
      .returning();
    const [ann, bob] = made;

    const assigned = await call(
      w.app,
      'DriverPaymentModelAssignment/Update',
      { DriverPaymentID: model.id, driverIDs: [ann!.id] },
      w.admin.token,
    );
    expect(assigned.body.data).toMatchObject({ drivers: 1, driverTypes: 0, modelName: 'Assigned' });
    await callData(
      w.app,
      'DriverPaymentModelAssignment/Update',
      { DriverPaymentID: typeDefault.id, driverTypeIDs: [type!.id] },
      w.admin.token,
    );

    const list = await call(
      w.app,
      'DriverPaymentModelAssignment/GetTableSummary',
      { driverTypeID: type!.id, perPage: 0 },
      w.admin.token,
    );
    expect(list.body.data.map((r) => [r.driverName, r.modelName, r.source])).toEqual([
      ['Ann Lee', 'Assigned', 'driver'],
      ['Bob Ray', 'Type default', 'driverType'],
    ]);
    const byModel = await call(
      w.app,
      'DriverPaymentModelAssignment/GetTableSummary',
      { modelID: typeDefault.id, perPage: 0 },
      w.admin.token,
    );
    expect(byModel.body.data.map((r) => r.driverID)).toEqual([bob!.id]);

    const inUse = await call(w.app, 'DriverPayment/Delete', { id: model.id }, w.admin.token);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toContain('Ann Lee');
    const typeInUse = await call(w.app, 'DriverPayment/Delete', { id: typeDefault.id }, w.admin.token);
    expect(typeInUse.status).toBe(409);
    expect(typeInUse.body.message).toContain('Part-time');

    const rows = await call(w.app, 'DriverPayment/GetDrvrPayments', { q: 'Type default' }, w.admin.token);
    expect(rows.body.data[0]).toMatchObject({ driverCount: 1, driverTypeCount: 1 });

    await callData(
      w.app,
      'DriverPaymentModelAssignment/Update',
      { DriverPaymentID: 0, driverIDs: [ann!.id] },
      w.admin.token,
    );
    const back = await call(w.app, 'DriverPaymentModelAssignment/GetTableSummary', { q: 'Ann' }, w.admin.token);
    expect(back.body.data[0]).toMatchObject({ ownModelID: null, modelName: 'Type default', source: 'driverType' });
    const deleted = await call(w.app, 'DriverPayment/Delete', { id: model.id }, w.admin.token);
    expect(deleted.status).toBe(200);
    expect(await versionsOf(model.id)).toEqual([]);
  });

  it('refuses another company’s drivers and an empty assignment', async () => {
    const model = await make({ ...commission, name: 'Nobody' });
    const [theirs] = await w.db
      .insert(drivers)
      .values({ companyId: w.other.company.id, firstName: 'Tom', lastName: 'Other' })
      .returning();
    const foreign = await call(
      w.app,
      'DriverPaymentModelAssignment/Update',
      { DriverPaymentID: model.id, driverIDs: [theirs!.id] },
      w.admin.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors?.[0]?.field).toBe('driverIDs.0');
    const empty = await call(
      w.app,
      'DriverPaymentModelAssignment/Update',
      { DriverPaymentID: model.id },
      w.admin.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.field).toBe('driverIDs');
  });
});

describe('the demo pay models', () => {
  it('gives a company a model of each basis with peaks, a bonus, a rent, an override and a client rule, and pays its drivers', async () => {
    const company = await createCompany(w.db);
    await w.db.transaction(async (tx) => {
      await seedRegister(tx, company.id, `pay${company.id}.test`, company.roleIds);
      await seedPayModels(tx, company.id);
    });
    const token = (await signIn(w.app, company.adminEmail)).accessToken;
    const models = await call(w.app, 'DriverPayment/GetDrvrPayments', { perPage: 0 }, token);
    expect(new Set(models.body.data.map((m) => m.basis))).toEqual(
      new Set(['commission', 'mileage', 'fixed', 'hourly']),
    );
    const byName = new Map(models.body.data.map((m) => [m.name, m.id]));
    const rules = await callData(
      w.app,
      'DriverPayment/GetDriverPaymentID',
      { DriverPaymentID: byName.get('Commission')! },
      token,
    );
    expect(rules.rules).toMatchObject({
      peakTimes: [{ from: '22:00' }],
      peakPeriods: [{ name: 'Christmas' }],
      bonuses: [{ measure: 'jobs' }],
      clientRules: [{ appliesTo: 'all' }],
    });
    expect(rules.rules?.vehicleOverrides.length).toBeGreaterThan(0);
    const rent = await callData(
      w.app,
      'DriverPayment/GetDriverPaymentID',
      { DriverPaymentID: byName.get('Mileage (company car)')! },
      token,
    );
    expect(rent.rules?.deductions).toMatchObject([{ kind: 'rent', companyCarOnly: true }]);
    const paid = await call(w.app, 'DriverPaymentModelAssignment/GetTableSummary', { perPage: 0 }, token);
    expectEvery(paid.body.data, (d) => d.modelID !== null);
    expect(new Set(paid.body.data.map((d) => d.source))).toEqual(new Set(['driver', 'driverType']));
  });
});

describe('DriverPayment/TryJob', () => {
  const job = {
    fare: 2000,
    paymentMethod: 'cash' as const,
    pickupAt: '2026-06-12T12:00:00Z',
    distanceKm: 12.5,
    durationMinutes: 30,
  };

  it('pays a sample job as the engine does, with the items adding up and the rules considered', async () => {
    const model = await make({ ...commission, name: 'Try commission', peakTimes: [night] });
    const noon = await callData(w.app, 'DriverPayment/TryJob', { DriverPaymentID: model.id, ...job }, w.admin.token);
    expect(noon.amount).toBe(1500);
    expect(noon.items.reduce((sum, i) => sum + i.amount, 0)).toBe(noon.amount);
    expect(noon.considered.map((c) => c.kind)).toContain('peakTime');
    // Friday 23:30 in London (BST): the night peak multiplies the pay by 1.25
    const late = await callData(
      w.app,
      'DriverPayment/TryJob',
      { DriverPaymentID: model.id, ...job, pickupAt: '2026-06-12T22:30:00Z' },
      w.admin.token,
    );
    expect(late.amount).toBe(1875);
    expect(late.items.map((i) => i.code)).toContain('peak');
    const account = await callData(
      w.app,
      'DriverPayment/TryJob',
      { DriverPaymentID: model.id, ...job, paymentMethod: 'account' },
      w.admin.token,
    );
    expect(account.amount).toBe(1600);
  });

  it('refuses bad input naming the field, a model without rules (409) and another company’s model (404)', async () => {
    const model = await make({ ...commission, name: 'Try refusals' });
    const bad = await callRaw(
      w.app,
      'DriverPayment/TryJob',
      { DriverPaymentID: model.id, ...job, fare: -1 },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('fare');
    const old = await call(
      w.app,
      'DriverPayment/TryJob',
      { DriverPaymentID: model.id, ...job, version: 99 },
      w.admin.token,
    );
    expect(old.status).toBe(400);
    expect(old.body.errors?.[0]?.field).toBe('version');
    const [bare] = await w.db
      .insert(driverPaymentModels)
      .values({ companyId: w.company.id, name: 'No rules yet' })
      .returning();
    const none = await call(w.app, 'DriverPayment/TryJob', { DriverPaymentID: bare!.id, ...job }, w.admin.token);
    expect(none.status).toBe(409);
    const theirs = await call(
      w.app,
      'DriverPayment/TryJob',
      { DriverPaymentID: model.id, ...job },
      w.other.admin.token,
    );
    expect(theirs.status).toBe(404);
  });
});
