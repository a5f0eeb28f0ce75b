import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { clients } from '../src/domains/clients/schema';
import { pricingModels, pricingModelVersions } from '../src/domains/pricing/schema';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Operations Manager', true>;
let clientId: number;
let theirClientId: number;

const threeBands = {
  kind: 'standard' as const,
  name: 'City tariff',
  baseFare: 300,
  includedKm: 1,
  mileageSteps: [
    { fromKm: 1, toKm: 5, ratePerKm: 200 },
    { fromKm: 5, toKm: 20, ratePerKm: 150 },
    { fromKm: 20, ratePerKm: 120 },
  ],
  minimumFare: 600,
  peakTimes: [{ id: 1, name: 'Night', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '05:00', multiplier: '1.5' }],
};

const create = (body: CallInput<'Pricing/Create'>, token = w.admin.token) => call(w.app, 'Pricing/Create', body, token);

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Operations Manager'], otherCompany: true });
  const [mine] = await w.db.insert(clients).values({ companyId: w.company.id, name: 'Acme Ltd' }).returning();
  const [theirs] = await w.db.insert(clients).values({ companyId: w.other.company.id, name: 'Theirs Ltd' }).returning();
  clientId = mine?.id as number;
  theirClientId = theirs?.id as number;
});

describe('Pricing/Create, Update and versions', () => {
  it('writes version 1, then a change writes version 2 and leaves version 1 as it was', async () => {
    const made = await create(threeBands);
    expect(made.status).toBe(200);
    const id = made.body.data?.id as number;
    expect(made.body.data).toMatchObject({ name: 'City tariff', mode: 'mileage', kind: 'standard', version: 1 });
    expect(made.body.data?.model).toMatchObject({ id, version: 1, kind: 'standard', baseFare: 300 });

    const changed = await call(
      w.app,
      'Pricing/Update',
      { ...threeBands, id, baseFare: 350, name: 'City tariff 2027' },
      w.as['Operations Manager'].token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ version: 2, name: 'City tariff 2027' });
    expect(changed.body.data?.versions.map((v) => v.version)).toEqual([2, 1]);

    const old = await call(w.app, 'Pricing/GetPricingModelByID', { id, version: 1 }, w.admin.token);
    expect(old.body.data?.model).toMatchObject({ version: 1, baseFare: 300, name: 'City tariff' });
    const rows = await w.db
      .select({ version: pricingModelVersions.version })
      .from(pricingModelVersions)
      .where(eq(pricingModelVersions.modelId, id));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);

    const steps = await call(w.app, 'Pricing/GetPricingModelMileageStepsByID', { id }, w.admin.token);
    expect(steps.body.data?.mileageSteps.map((s) => s.ratePerKm)).toEqual([200, 150, 120]);
    const list = await call(w.app, 'Pricing/GetTableSummary', { perPage: 0, q: 'city' }, w.admin.token);
    expect(list.body.data.map((r) => r.id)).toEqual([id]);
  });

  it('makes a model the company default and takes the flag off the old one', async () => {
    const made = await create({ ...threeBands, name: 'New default', isDefault: true });
    expect(made.status).toBe(200);
    const defaults = await w.db
      .select({ id: pricingModels.id })
      .from(pricingModels)
      .where(and(eq(pricingModels.companyId, w.company.id), eq(pricingModels.isDefault, true)));
    expect(defaults.map((d) => d.id)).toEqual([made.body.data?.id]);
    const steps = await call(w.app, 'Pricing/GetPricingModelMileageSteps', { perPage: 0 }, w.admin.token);
    expect(steps.body.data).toHaveLength(3);
    const lookup = await call(w.app, 'Pricing/GetPricingModels', { perPage: 0 }, w.as.Dispatcher.token);
    expect(lookup.status).toBe(403);
  });
});

describe('bad rules', () => {
  const refused = async (body: unknown, field: string) => {
    const before = await w.db.select({ id: pricingModels.id }).from(pricingModels);
    const res = await callRaw(w.app, 'Pricing/Create', body, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e: { field: string }) => e.field)).toContain(field);
    expect(await w.db.select({ id: pricingModels.id }).from(pricingModels)).toHaveLength(before.length);
  };

  it('refuses overlapping bands on their fromKm', () =>
    refused(
      {
        ...threeBands,
        name: 'Overlap',
        mileageSteps: [
          { fromKm: 0, toKm: 5, ratePerKm: 200 },
          { fromKm: 4, ratePerKm: 150 },
        ],
      },
      'mileageSteps.1.fromKm',
    ));

  it('refuses bands out of order', () =>
    refused(
      {
        ...threeBands,
        name: 'Unordered',
        mileageSteps: [
          { fromKm: 5, toKm: 10, ratePerKm: 200 },
          { fromKm: 0, ratePerKm: 150 },
        ],
      },
      'mileageSteps.1.fromKm',
    ));

  it('refuses a negative rate', () =>
    refused(
      { ...threeBands, name: 'Negative', mileageSteps: [{ fromKm: 0, ratePerKm: -5 }] },
      'mileageSteps.0.ratePerKm',
    ));

  it('refuses a zone model as a default (a zone model has no default role)', () =>
    refused(
      { kind: 'zone', name: 'Zones', routes: [{ fromZoneId: 1, toZoneId: 2, price: 100 }], isDefault: true },
      'isDefault',
    ));

  it('refuses a switched-off default of any role', () =>
    refused({ kind: 'fixed', name: 'Airports', rows: [], isDefault: true, isActive: false }, 'isActive'));
});

describe('ClientPricingModelAssignment', () => {
  it('sets a client model and resets it to 0', async () => {
    const model = await create({ ...threeBands, name: 'Acme contract' });
    const modelId = model.body.data?.id as number;
    const set = await call(
      w.app,
      'ClientPricingModelAssignment/Update',
      { clientID: clientId, pricingModelID: modelId },
      w.admin.token,
    );
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      clientID: clientId,
      pricingModelID: modelId,
      pricingModelName: 'Acme contract',
    });
    const list = await call(
      w.app,
      'ClientPricingModelAssignment/GetTableSummary',
      { perPage: 0, pricingModelID: modelId },
      w.admin.token,
    );
    expect(list.body.data.map((r) => r.clientID)).toEqual([clientId]);
    const inUse = await call(w.app, 'Pricing/Delete', { id: modelId }, w.admin.token);
    expect(inUse.status).toBe(409);

    const reset = await call(
      w.app,
      'ClientPricingModelAssignment/Update',
      { clientID: clientId, pricingModelID: 0 },
      w.admin.token,
    );
    expect(reset.body.data).toMatchObject({ pricingModelID: 0, pricingModelName: null });
    const gone = await call(w.app, 'Pricing/Delete', { id: modelId }, w.admin.token);
    expect(gone.status).toBe(200);
    expect(await w.db.select().from(pricingModelVersions).where(eq(pricingModelVersions.modelId, modelId))).toEqual([]);
  });
});

describe("another company's ids", () => {
  it('answers 404 for their model and their client', async () => {
    const theirs = await call(w.app, 'Pricing/Create', { ...threeBands, name: 'Theirs' }, w.other.admin.token);
    const theirId = theirs.body.data?.id as number;
    expect((await call(w.app, 'Pricing/GetPricingModelByID', { id: theirId }, w.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Pricing/Update', { ...threeBands, id: theirId }, w.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Pricing/Delete', { id: theirId }, w.admin.token)).status).toBe(404);
    const mine = await create({ ...threeBands, name: 'Mine for them' });
    const res = await call(
      w.app,
      'ClientPricingModelAssignment/Update',
      { clientID: theirClientId, pricingModelID: mine.body.data?.id as number },
      w.admin.token,
    );
    expect(res.status).toBe(404);
    const theirModelForMe = await call(
      w.app,
      'ClientPricingModelAssignment/Update',
      { clientID: clientId, pricingModelID: theirId },
      w.admin.token,
    );
    expect(theirModelForMe.status).toBe(404);
    const list = await call(w.app, 'Pricing/GetTableSummary', { perPage: 0 }, w.admin.token);
    expect(list.body.data.map((r) => r.id)).not.toContain(theirId);
  });
});

describe('a role without the permission', () => {
  it('refuses a dispatcher', async () => {
    expect((await create({ ...threeBands, name: 'By dispatcher' }, w.as.Dispatcher.token)).status).toBe(403);
    const list = await call(w.app, 'Pricing/GetTableSummary', {}, w.as.Dispatcher.token);
    expect(list.status).toBe(403);
  });
});
