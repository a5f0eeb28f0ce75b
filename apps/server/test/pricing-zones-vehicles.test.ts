import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { pricingModels, pricingModelVersions } from '../src/domains/pricing/schema';
import { zones } from '../src/domains/reference-data/schema';
import { vehicleTypes } from '../src/domains/vehicles/schema';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Operations Manager', true>;
let saloon: number;
let executive: number;
let centre: number;
let airport: number;
let theirZone: number;

const square = (lat: number, lng: number): [number, number][] => [
  [lat, lng],
  [lat + 0.01, lng],
  [lat + 0.01, lng + 0.01],
];

const tariff = {
  baseFare: 300,
  mileageSteps: [
    { fromKm: 0, toKm: 10, ratePerKm: 200 },
    { fromKm: 10, ratePerKm: 150 },
  ],
};

const vehicleModel = {
  name: 'Fleet rates',
  standard: tariff,
  vehicles: [] as { vehicleTypeId: number; multiplier?: string; tariff?: typeof tariff }[],
};

const standard = { kind: 'standard' as const, name: 'Plain tariff', ...tariff };

const versionsOf = async (modelId: number) =>
  (
    await w.db
      .select({ version: pricingModelVersions.version })
      .from(pricingModelVersions)
      .where(eq(pricingModelVersions.modelId, modelId))
  )
    .map((v) => v.version)
    .sort();

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Operations Manager'], otherCompany: true });
  const types = await w.db
    .insert(vehicleTypes)
    .values([
      { companyId: w.company.id, name: 'Saloon' },
      { companyId: w.company.id, name: 'Executive' },
    ])
    .returning({ id: vehicleTypes.id });
  saloon = types[0]?.id as number;
  executive = types[1]?.id as number;
  const made = await w.db
    .insert(zones)
    .values([
      { companyId: w.company.id, name: 'Centre', polygon: square(51.5, -0.12) },
      { companyId: w.company.id, name: 'Airport', polygon: square(51.47, -0.45) },
      { companyId: w.other.company.id, name: 'Their zone', polygon: square(52, 0) },
    ])
    .returning({ id: zones.id });
  centre = made[0]?.id as number;
  airport = made[1]?.id as number;
  theirZone = made[2]?.id as number;
  vehicleModel.vehicles = [
    { vehicleTypeId: executive, multiplier: '1.5' },
    { vehicleTypeId: saloon, tariff: { baseFare: 250, mileageSteps: [{ fromKm: 0, ratePerKm: 180 }] } },
  ];
});

describe('defaults by role', () => {
  it('keeps one default per role: a fixed table and an hourly default leave the company default alone', async () => {
    const company = await call(
      w.app,
      'Pricing/Create',
      { ...standard, name: 'Company default', isDefault: true },
      w.admin.token,
    );
    const fixed = await call(
      w.app,
      'Pricing/Create',
      { kind: 'fixed', name: 'Airport table', rows: [], isDefault: true },
      w.admin.token,
    );
    const hourly = await call(
      w.app,
      'Pricing/Create',
      { kind: 'hourly', name: 'By the hour', ratePerHour: 3000, isDefault: true },
      w.admin.token,
    );
    expect([company.status, fixed.status, hourly.status]).toEqual([200, 200, 200]);
    const defaults = async () =>
      (
        await w.db
          .select({ id: pricingModels.id })
          .from(pricingModels)
          .where(and(eq(pricingModels.companyId, w.company.id), eq(pricingModels.isDefault, true)))
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
    expect(await defaults()).toEqual([company.body.data?.id, fixed.body.data?.id, hourly.body.data?.id]);

    const second = await call(
      w.app,
      'Pricing/Create',
      { kind: 'fixed', name: 'Second table', rows: [], isDefault: true },
      w.admin.token,
    );
    expect(await defaults()).toEqual([company.body.data?.id, hourly.body.data?.id, second.body.data?.id]);
    const picked = await call(w.app, 'Common/GetDefaultPricingModelIDByCompany', {}, w.admin.token);
    expect(picked.body.data).toMatchObject({ pricingModelID: company.body.data?.id });
  });

  it('refuses a zone model as a default, naming isDefault, and writes nothing', async () => {
    const before = await w.db.select({ id: pricingModels.id }).from(pricingModels);
    const res = await call(
      w.app,
      'Pricing/Create',
      {
        kind: 'zone',
        name: 'Zones as default',
        routes: [{ fromZoneId: centre, toZoneId: airport, price: 4000 }],
        isDefault: true,
      },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['isDefault']);
    expect(await w.db.select({ id: pricingModels.id }).from(pricingModels)).toHaveLength(before.length);
  });
});

describe('vehicle models', () => {
  it('makes, lists, reads and changes a vehicle model; every change a new version', async () => {
    const made = await call(w.app, 'Pricing/CreateVehicle', vehicleModel, w.admin.token);
    expect(made.status).toBe(200);
    const id = made.body.data?.id as number;
    expect(made.body.data).toMatchObject({ mode: 'vehicle', kind: 'vehicle', version: 1 });

    const list = await call(w.app, 'Pricing/GetVehiclePricingModel', { perPage: 0 }, w.admin.token);
    expect(list.body.data.map((r) => r.id)).toEqual([id]);

    const own = await call(
      w.app,
      'Pricing/GetVehiclePricingModelMileageStepsByID',
      { id, vehicleTypeID: saloon },
      w.admin.token,
    );
    expect(own.body.data).toMatchObject({ source: 'own', vehicleTypeID: saloon, multiplier: null });
    expect(own.body.data?.mileageSteps.map((s) => s.ratePerKm)).toEqual([180]);
    const times = await call(
      w.app,
      'Pricing/GetVehiclePricingModelMileageSteps',
      { pricingModelID: id, vehicleTypeID: executive, perPage: 0 },
      w.admin.token,
    );
    expect(times.body.data.map((s) => s.ratePerKm)).toEqual([300, 225]);
    const std = await call(w.app, 'Pricing/GetVehiclePricingModelMileageSteps', { pricingModelID: id }, w.admin.token);
    expect(std.body.data.map((s) => s.ratePerKm)).toEqual([200, 150]);

    const changed = await call(
      w.app,
      'Pricing/UpdateVehicle',
      { ...vehicleModel, id, vehicles: [{ vehicleTypeId: executive, multiplier: '2' }] },
      w.as['Operations Manager'].token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data?.version).toBe(2);
    expect(await versionsOf(id)).toEqual([1, 2]);
    const old = await call(w.app, 'Pricing/GetVehiclePricingModelByID', { id, version: 1 }, w.admin.token);
    expect(old.body.data?.model).toMatchObject({
      version: 1,
      vehicles: [{ multiplier: '1.5' }, { vehicleTypeId: saloon }],
    });
  });

  it('answers 404 for another kind of model and refuses bad rates naming the field', async () => {
    const plain = await call(w.app, 'Pricing/Create', { ...standard, name: 'Not a vehicle model' }, w.admin.token);
    const plainId = plain.body.data?.id as number;
    expect((await call(w.app, 'Pricing/GetVehiclePricingModelByID', { id: plainId }, w.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Pricing/UpdateVehicle', { ...vehicleModel, id: plainId }, w.admin.token)).status).toBe(
      404,
    );
    const bad = await callRaw(
      w.app,
      'Pricing/CreateVehicle',
      { ...vehicleModel, name: 'Both', vehicles: [{ vehicleTypeId: saloon, multiplier: '1.2', tariff }] },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e: { field: string }) => e.field)).toContain('vehicles.0.multiplier');
    const negative = await callRaw(
      w.app,
      'Pricing/CreateVehicle',
      { ...vehicleModel, name: 'Negative', standard: { mileageSteps: [{ fromKm: 0, ratePerKm: -1 }] } },
      w.admin.token,
    );
    expect(negative.body.errors?.map((e: { field: string }) => e.field)).toContain('standard.mileageSteps.0.ratePerKm');
  });
});

describe('vehicle types name their pricing model', () => {
  it('sets the model on a vehicle type, shows it on the row, and keeps the model from being deleted', async () => {
    const model = await call(w.app, 'Pricing/Create', { ...standard, name: 'Executive tariff' }, w.admin.token);
    const modelId = model.body.data?.id as number;
    const made = await call(
      w.app,
      'VehicleType/Create',
      { name: 'Limousine', maxPassengers: 6, maxLuggage: 4, pricingModelID: modelId },
      w.admin.token,
    );
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ pricingModelID: modelId, pricingModelName: 'Executive tariff' });
    const typeId = made.body.data?.id as number;
    const inUse = await call(w.app, 'Pricing/Delete', { id: modelId }, w.admin.token);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/vehicle type/);

    const cleared = await call(
      w.app,
      'VehicleType/Update',
      { id: typeId, name: 'Limousine', maxPassengers: 6, maxLuggage: 4, pricingModelID: 0 },
      w.admin.token,
    );
    expect(cleared.body.data).toMatchObject({ pricingModelID: 0, pricingModelName: null });
    expect((await call(w.app, 'Pricing/Delete', { id: modelId }, w.admin.token)).status).toBe(200);
  });

  it("answers 404 for another company's model", async () => {
    const theirs = await call(w.app, 'Pricing/Create', { ...standard, name: 'Theirs' }, w.other.admin.token);
    const res = await call(
      w.app,
      'VehicleType/Create',
      { name: 'Borrowed', maxPassengers: 4, maxLuggage: 2, pricingModelID: theirs.body.data?.id as number },
      w.admin.token,
    );
    expect(res.status).toBe(404);
    expect(await w.db.select().from(vehicleTypes).where(eq(vehicleTypes.name, 'Borrowed'))).toEqual([]);
  });
});

describe('zone models', () => {
  let zoneModel: number;

  it('makes a zone model from its first route, adds and replaces routes, each a new version', async () => {
    const first = await call(
      w.app,
      'Pricing/CreateZone',
      { name: 'Airport runs', fromZoneID: centre, toZoneID: airport, price: 4500, reverseAlsoMatches: true },
      w.admin.token,
    );
    expect(first.status).toBe(200);
    zoneModel = first.body.data?.id as number;
    expect(first.body.data).toMatchObject({ mode: 'zone', version: 1 });
    expect(first.body.data?.routes).toEqual([
      expect.objectContaining({ fromZoneID: centre, fromZoneName: 'Centre', toZoneName: 'Airport', price: 4500 }),
    ]);

    const second = await call(
      w.app,
      'Pricing/CreateZone',
      { pricingModelID: zoneModel, fromZoneID: airport, toZoneID: centre, tariff },
      w.admin.token,
    );
    expect(second.body.data?.version).toBe(2);
    expect(second.body.data?.routes).toHaveLength(2);
    const replaced = await call(
      w.app,
      'Pricing/CreateZone',
      { pricingModelID: zoneModel, fromZoneID: centre, toZoneID: airport, price: 4800 },
      w.admin.token,
    );
    expect(replaced.body.data?.version).toBe(3);
    expect(replaced.body.data?.routes.map((r) => r.price)).toEqual([4800, null]);
    expect(await versionsOf(zoneModel)).toEqual([1, 2, 3]);

    const edit = await call(w.app, 'Pricing/GetZonePricingModelForEdit', { id: zoneModel }, w.admin.token);
    expect(edit.body.data?.zones.map((z) => z.name)).toEqual(['Airport', 'Centre']);
    const old = await call(w.app, 'Pricing/GetZonePricingModelForEdit', { id: zoneModel, version: 1 }, w.admin.token);
    expect(old.body.data?.routes.map((r) => r.price)).toEqual([4500]);

    const bands = await call(
      w.app,
      'Pricing/getZonePricingModelMileageSteps',
      { pricingModelID: zoneModel, fromZoneID: airport, toZoneID: centre },
      w.admin.token,
    );
    expect(bands.body.data.map((s) => s.ratePerKm)).toEqual([200, 150]);
  });

  it('removes a route as a new version, and keeps the last one (409)', async () => {
    const removed = await call(
      w.app,
      'Pricing/DeleteZone',
      { pricingModelID: zoneModel, fromZoneID: airport, toZoneID: centre },
      w.admin.token,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ version: 4 });
    expect(removed.body.data?.routes).toHaveLength(1);
    const missing = await call(
      w.app,
      'Pricing/DeleteZone',
      { pricingModelID: zoneModel, fromZoneID: airport, toZoneID: centre },
      w.admin.token,
    );
    expect(missing.status).toBe(404);
    const last = await call(
      w.app,
      'Pricing/DeleteZone',
      { pricingModelID: zoneModel, fromZoneID: centre, toZoneID: airport },
      w.admin.token,
    );
    expect(last.status).toBe(409);
    expect(await versionsOf(zoneModel)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a route with both a price and a tariff, or neither, and a new model without a name', async () => {
    const body = (extra: object) => ({ pricingModelID: zoneModel, fromZoneID: centre, toZoneID: airport, ...extra });
    const both = await callRaw(w.app, 'Pricing/CreateZone', body({ price: 100, tariff }), w.admin.token);
    expect(both.status).toBe(400);
    expect(both.body.errors?.map((e: { field: string }) => e.field)).toEqual(['price']);
    const neither = await callRaw(w.app, 'Pricing/CreateZone', body({}), w.admin.token);
    expect(neither.status).toBe(400);
    const unnamed = await call(
      w.app,
      'Pricing/CreateZone',
      { fromZoneID: centre, toZoneID: airport, price: 100 } as CallInput<'Pricing/CreateZone'>,
      w.admin.token,
    );
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors?.map((e) => e.field)).toEqual(['name']);
    expect(await versionsOf(zoneModel)).toEqual([1, 2, 3, 4]);
  });

  it("answers 404 for another company's zone and model, and for a model of another kind", async () => {
    const theirZoneRoute = await call(
      w.app,
      'Pricing/CreateZone',
      { pricingModelID: zoneModel, fromZoneID: theirZone, toZoneID: airport, price: 100 },
      w.admin.token,
    );
    expect(theirZoneRoute.status).toBe(404);
    const theirs = await call(
      w.app,
      'Pricing/CreateZone',
      { name: 'Their runs', fromZoneID: theirZone, toZoneID: theirZone, price: 100 },
      w.other.admin.token,
    );
    const theirModel = theirs.body.data?.id as number;
    expect((await call(w.app, 'Pricing/GetZonePricingModelForEdit', { id: theirModel }, w.admin.token)).status).toBe(
      404,
    );
    expect(
      (
        await call(
          w.app,
          'Pricing/DeleteZone',
          { pricingModelID: theirModel, fromZoneID: theirZone, toZoneID: theirZone },
          w.admin.token,
        )
      ).status,
    ).toBe(404);
    const plain = await call(w.app, 'Pricing/Create', { ...standard, name: 'Plain for zones' }, w.admin.token);
    expect(
      (await call(w.app, 'Pricing/GetZonePricingModelForEdit', { id: plain.body.data?.id as number }, w.admin.token))
        .status,
    ).toBe(404);
    expect(await versionsOf(zoneModel)).toEqual([1, 2, 3, 4]);
  });
});

describe('a role without the permission', () => {
  it('refuses a dispatcher every vehicle and zone call', async () => {
    const token = w.as.Dispatcher.token;
    expect((await call(w.app, 'Pricing/CreateVehicle', vehicleModel, token)).status).toBe(403);
    expect((await call(w.app, 'Pricing/GetVehiclePricingModel', {}, token)).status).toBe(403);
    expect((await call(w.app, 'Pricing/GetVehiclePricingModelByID', { id: 1 }, token)).status).toBe(403);
    expect((await call(w.app, 'Pricing/GetVehiclePricingModelMileageSteps', { pricingModelID: 1 }, token)).status).toBe(
      403,
    );
    expect((await call(w.app, 'Pricing/GetVehiclePricingModelMileageStepsByID', { id: 1 }, token)).status).toBe(403);
    expect((await call(w.app, 'Pricing/UpdateVehicle', { ...vehicleModel, id: 1 }, token)).status).toBe(403);
    expect(
      (await call(w.app, 'Pricing/CreateZone', { name: 'x', fromZoneID: centre, toZoneID: airport, price: 1 }, token))
        .status,
    ).toBe(403);
    expect(
      (await call(w.app, 'Pricing/DeleteZone', { pricingModelID: 1, fromZoneID: 1, toZoneID: 2 }, token)).status,
    ).toBe(403);
    expect((await call(w.app, 'Pricing/GetZonePricingModelForEdit', { id: 1 }, token)).status).toBe(403);
    expect(
      (
        await call(
          w.app,
          'Pricing/getZonePricingModelMileageSteps',
          { pricingModelID: 1, fromZoneID: 1, toZoneID: 2 },
          token,
        )
      ).status,
    ).toBe(403);
  });
});
