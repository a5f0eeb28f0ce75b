import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FixedModel } from '@cabdesk/fare-engine';
import { fixedPrices } from '../src/domains/pricing/fixed-schema';
import { pricingModels, pricingModelVersions } from '../src/domains/pricing/schema';
import { knownLocations, zones } from '../src/domains/reference-data/schema';
import { vehicleTypes } from '../src/domains/vehicles/schema';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Operations Manager', true>;
let heathrow: number;
let gatwick: number;
let kingsCross: number;
let centreZone: number;
let saloon: number;
let theirLocation: number;
let theirType: number;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsx(rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Prices');
  for (const row of rows) sheet.addRow(row);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: 'prices.xlsx', mimeType: XLSX, content: buffer.toString('base64') };
}

const header = ['From', 'To', 'Vehicle type', 'Price', 'Reverse also matches'];

const rowsOfCompany = () => w.db.select().from(fixedPrices).where(eq(fixedPrices.companyId, w.company.id));

const fixedTable = async () => {
  const [model] = await w.db
    .select()
    .from(pricingModels)
    .where(
      and(
        eq(pricingModels.companyId, w.company.id),
        eq(pricingModels.mode, 'fixed'),
        eq(pricingModels.isDefault, true),
      ),
    );
  return model;
};

const versionRules = async (modelId: number, version: number) => {
  const [row] = await w.db
    .select({ rules: pricingModelVersions.rules })
    .from(pricingModelVersions)
    .where(and(eq(pricingModelVersions.modelId, modelId), eq(pricingModelVersions.version, version)));
  return row?.rules as FixedModel | undefined;
};

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Operations Manager'], otherCompany: true });
  const places = await w.db
    .insert(knownLocations)
    .values([
      { companyId: w.company.id, name: 'Heathrow T5', address: 'Heathrow Terminal 5', postcode: 'TW6 2GA' },
      { companyId: w.company.id, name: 'Gatwick North', address: 'Gatwick North Terminal', postcode: 'RH6 0PJ' },
      { companyId: w.company.id, name: "King's Cross", address: "King's Cross station", postcode: 'N1C 4AP' },
      { companyId: w.other.company.id, name: 'Their station', address: 'Elsewhere' },
    ])
    .returning({ id: knownLocations.id });
  [heathrow, gatwick, kingsCross, theirLocation] = places.map((p) => p.id) as [number, number, number, number];
  const [zone] = await w.db
    .insert(zones)
    .values({
      companyId: w.company.id,
      name: 'Central London',
      polygon: [
        [51.5, -0.13],
        [51.52, -0.13],
        [51.52, -0.1],
      ],
    })
    .returning({ id: zones.id });
  centreZone = zone?.id as number;
  const types = await w.db
    .insert(vehicleTypes)
    .values([
      { companyId: w.company.id, name: 'Saloon' },
      { companyId: w.other.company.id, name: 'Their saloon' },
    ])
    .returning({ id: vehicleTypes.id });
  saloon = types[0]?.id as number;
  theirType = types[1]?.id as number;
});

describe('FixedPricing/Create, Update, Delete', () => {
  let rowId: number;

  it("makes the company's fixed table on first use and writes a version holding every row", async () => {
    expect(await fixedTable()).toBeUndefined();
    const empty = await call(w.app, 'FixedPricing/GetTableSummary', {}, w.admin.token);
    expect(empty.body).toMatchObject({ data: [], count: 0 });

    const made = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: `location:${heathrow}`, toKey: `zone:${centreZone}`, priceMinor: 6500, reverseAlsoMatches: true },
      w.admin.token,
    );
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      fromName: 'Heathrow T5',
      toName: 'Central London',
      vehicleTypeID: 0,
      priceMinor: 6500,
      version: 1,
    });
    rowId = made.body.data?.id as number;
    const table = await fixedTable();
    expect(table).toMatchObject({ name: 'Fixed prices', isDefault: true, currentVersion: 1 });

    const second = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: `location:${gatwick}`, toKey: 'postcode:SW1A', vehicleTypeID: saloon, priceMinor: 8000 },
      w.as['Operations Manager'].token,
    );
    expect(second.body.data).toMatchObject({ version: 2, toName: 'SW1A', vehicleTypeName: 'Saloon' });
    const rules = await versionRules(table?.id as number, 2);
    expect(rules?.rows).toEqual([
      {
        id: rowId,
        from: `location:${heathrow}`,
        to: `zone:${centreZone}`,
        vehicleTypeId: null,
        price: 6500,
        reverseAlsoMatches: true,
      },
      expect.objectContaining({ from: `location:${gatwick}`, to: 'postcode:SW1A', vehicleTypeId: saloon, price: 8000 }),
    ]);
    expect((await versionRules(table?.id as number, 1))?.rows).toHaveLength(1);
  });

  it('lists, searches by place name, filters by vehicle type and reads one row for editing', async () => {
    const all = await call(w.app, 'FixedPricing/GetTableSummary', { perPage: 0 }, w.admin.token);
    expect(all.body.data.map((r) => r.fromName)).toEqual(['Gatwick North', 'Heathrow T5']);
    const found = await call(w.app, 'FixedPricing/GetTableSummary', { q: 'central' }, w.admin.token);
    expect(found.body.data.map((r) => r.id)).toEqual([rowId]);
    const typed = await call(w.app, 'FixedPricing/GetTableSummary', { vehicleTypeID: saloon }, w.admin.token);
    expect(typed.body.data.map((r) => r.vehicleTypeID)).toEqual([saloon]);
    const every = await call(w.app, 'FixedPricing/GetTableSummary', { vehicleTypeID: -1 }, w.admin.token);
    expect(every.body.data.map((r) => r.id)).toEqual([rowId]);

    const edit = await call(w.app, 'FixedPricing/GetEditData', { id: rowId }, w.admin.token);
    expect(edit.body.data?.row).toMatchObject({ id: rowId, priceMinor: 6500 });
    expect(edit.body.data?.vehicleTypes.map((t) => t.name)).toEqual(['Saloon']);
    const keys = edit.body.data?.places.map((p) => p.key);
    expect(keys).toEqual(
      expect.arrayContaining([`location:${heathrow}`, `zone:${centreZone}`, 'postcode:TW6', 'postcode:SW1A']),
    );
    expect(keys).not.toContain(`location:${theirLocation}`);

    const places = await call(w.app, 'FixedPricing/GetLocationList', { kind: 'postcode', perPage: 0 }, w.admin.token);
    expect(places.body.data.map((p) => p.label)).toEqual(['N1C', 'RH6', 'SW1A', 'TW6']);
  });

  it('changes and deletes a row, each a new version, and refuses a duplicate with 409 naming toKey', async () => {
    const table = (await fixedTable()) as { id: number };
    const changed = await call(
      w.app,
      'FixedPricing/Update',
      { id: rowId, fromKey: `location:${heathrow}`, toKey: `zone:${centreZone}`, priceMinor: 7000 },
      w.admin.token,
    );
    expect(changed.body.data).toMatchObject({ priceMinor: 7000, reverseAlsoMatches: false, version: 3 });
    const twin = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: `location:${heathrow}`, toKey: `zone:${centreZone}`, priceMinor: 1 },
      w.admin.token,
    );
    expect(twin.status).toBe(409);
    expect(twin.body.errors?.map((e) => e.field)).toEqual(['toKey']);
    const gone = await call(w.app, 'FixedPricing/Delete', { id: rowId }, w.admin.token);
    expect(gone.status).toBe(200);
    expect((await versionRules(table.id, 4))?.rows.map((r) => r.id)).not.toContain(rowId);
    expect(await rowsOfCompany()).toHaveLength(1);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await fixedTable();
    const badKey = await callRaw(
      w.app,
      'FixedPricing/Create',
      { fromKey: 'airport', toKey: 'postcode:SW1A', priceMinor: 100 },
      w.admin.token,
    );
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors?.map((e: { field: string }) => e.field)).toEqual(['fromKey']);
    const negative = await callRaw(
      w.app,
      'FixedPricing/Create',
      { fromKey: `location:${heathrow}`, toKey: 'postcode:SW1A', priceMinor: -5 },
      w.admin.token,
    );
    expect(negative.body.errors?.map((e: { field: string }) => e.field)).toEqual(['priceMinor']);
    const same = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: 'postcode:SW1A', toKey: 'postcode:SW1A', priceMinor: 100 },
      w.admin.token,
    );
    expect(same.body.errors?.map((e) => e.field)).toEqual(['toKey']);
    const unknownZone = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: 'zone:999999', toKey: 'postcode:SW1A', priceMinor: 100 },
      w.admin.token,
    );
    expect(unknownZone.status).toBe(400);
    expect(unknownZone.body.errors?.map((e) => e.field)).toEqual(['fromKey']);
    expect((await fixedTable())?.currentVersion).toBe(before?.currentVersion);
    expect(await rowsOfCompany()).toHaveLength(1);
  });

  it("answers 404 for another company's row, and refuses their places and vehicle types", async () => {
    const theirs = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: `location:${theirLocation}`, toKey: 'postcode:E1', priceMinor: 100 },
      w.other.admin.token,
    );
    expect(theirs.status).toBe(200);
    const theirId = theirs.body.data?.id as number;
    const token = w.admin.token;
    expect((await call(w.app, 'FixedPricing/GetEditData', { id: theirId }, token)).status).toBe(404);
    expect((await call(w.app, 'FixedPricing/Delete', { id: theirId }, token)).status).toBe(404);
    expect(
      (
        await call(
          w.app,
          'FixedPricing/Update',
          { id: theirId, fromKey: 'postcode:E1', toKey: 'postcode:E2', priceMinor: 1 },
          token,
        )
      ).status,
    ).toBe(404);
    const theirModel = theirs.body.data?.pricingModelID as number;
    expect((await call(w.app, 'FixedPricing/GetTableSummary', { pricingModelID: theirModel }, token)).status).toBe(404);
    const list = await call(w.app, 'FixedPricing/GetTableSummary', { perPage: 0 }, token);
    expect(list.body.data.map((r) => r.id)).not.toContain(theirId);
    const theirPlace = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: `location:${theirLocation}`, toKey: 'postcode:E1', priceMinor: 100 },
      token,
    );
    expect(theirPlace.status).toBe(400);
    const theirVehicle = await call(
      w.app,
      'FixedPricing/Create',
      { fromKey: 'postcode:E1', toKey: 'postcode:E2', vehicleTypeID: theirType, priceMinor: 100 },
      token,
    );
    expect(theirVehicle.status).toBe(404);
  });

  it('refuses a dispatcher every fixed-price call', async () => {
    const token = w.as.Dispatcher.token;
    const file = await xlsx([header]);
    expect((await call(w.app, 'FixedPricing/GetTableSummary', {}, token)).status).toBe(403);
    expect((await call(w.app, 'FixedPricing/GetLocationList', {}, token)).status).toBe(403);
    expect((await call(w.app, 'FixedPricing/GetEditData', {}, token)).status).toBe(403);
    expect(
      (await call(w.app, 'FixedPricing/Create', { fromKey: 'postcode:E1', toKey: 'postcode:E2', priceMinor: 1 }, token))
        .status,
    ).toBe(403);
    expect(
      (
        await call(
          w.app,
          'FixedPricing/Update',
          { id: 1, fromKey: 'postcode:E1', toKey: 'postcode:E2', priceMinor: 1 },
          token,
        )
      ).status,
    ).toBe(403);
    expect((await call(w.app, 'FixedPricing/Delete', { id: 1 }, token)).status).toBe(403);
    expect((await call(w.app, 'FixedPricing/SaveExcelImportFile', { file }, token)).status).toBe(403);
    expect((await call(w.app, 'FixedPricing/Export', {}, token)).status).toBe(403);
  });
});

describe('FixedPricing/SaveExcelImportFile', () => {
  it('previews every row’s outcome and writes nothing', async () => {
    const before = await rowsOfCompany();
    const version = (await fixedTable())?.currentVersion;
    const file = await xlsx([
      header,
      ['Gatwick North', 'SW1A', 'Saloon', 85, 'No'], // changed (80.00 → 85.00)
      ['Heathrow T5', "King's Cross", '', '55.50', 'yes'], // new
      [`zone:${centreZone}`, 'gatwick north', 'All', 60, ''], // new, by key and by name in lower case
      ['Nowhere Park', 'SW1A', '', 10, 'No'], // unknown location
      ['Heathrow T5', 'EC1A', '', 'lots', 'No'], // bad price
      ['Heathrow T5', "King's Cross", 'All', 56, 'No'], // duplicate of row 3
      ['Heathrow T5', 'EC1A', 'Minibus', 12.5, 'No'], // unknown vehicle type
      ['Heathrow T5', 'EC2A', '', '12.345', 'No'], // too many decimals
      ['Heathrow T5', 'EC3A 1AA', '', '45,50', 'No'], // a comma that is not a thousands separator
    ]);
    const res = await call(w.app, 'FixedPricing/SaveExcelImportFile', { file }, w.admin.token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data?.committed).toBe(false);
    expect(data?.counts).toEqual({ new: 2, changed: 1, unchanged: 0, error: 6 });
    expect(data?.rows.map((r) => r.outcome)).toEqual([
      'changed',
      'new',
      'new',
      'error',
      'error',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(data?.rows[0]).toMatchObject({ oldPriceMinor: 8000, priceMinor: 8500, vehicleTypeID: saloon });
    expect(data?.rows[1]).toMatchObject({
      fromKey: `location:${heathrow}`,
      toKey: `location:${kingsCross}`,
      priceMinor: 5550,
    });
    expect(data?.rows[3]?.errors[0]).toMatchObject({ field: 'From' });
    expect(data?.rows[3]?.errors[0]?.message).toMatch(/unknown location/);
    expect(data?.rows[4]?.errors.map((e) => e.field)).toEqual(['Price']);
    expect(data?.rows[5]?.errors[0]?.message).toMatch(/repeats row 3/);
    expect(data?.rows[6]?.errors.map((e) => e.field)).toEqual(['Vehicle type']);
    expect(data?.rows[7]?.errors.map((e) => e.field)).toEqual(['Price']);
    expect(data?.rows[8]).toMatchObject({ toKey: 'postcode:EC3A', errors: [{ field: 'Price' }] });
    expect(await rowsOfCompany()).toEqual(before);
    expect((await fixedTable())?.currentVersion).toBe(version);

    const refused = await call(w.app, 'FixedPricing/SaveExcelImportFile', { file, commit: true }, w.admin.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/6 of 9 rows cannot be imported; nothing was written/);
    expect(await rowsOfCompany()).toEqual(before);
    expect((await fixedTable())?.currentVersion).toBe(version);
  });

  it('refuses a sheet without a required column, naming the column', async () => {
    const file = await xlsx([
      ['From', 'To', 'Vehicle type'],
      ['Heathrow T5', 'SW1A', ''],
    ]);
    const res = await call(w.app, 'FixedPricing/SaveExcelImportFile', { file }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['Price']);
  });

  it('commits a clean sheet as one new version, then an export reads back as unchanged', async () => {
    const table = (await fixedTable()) as { id: number; currentVersion: number };
    const file = await xlsx([
      header,
      ['Gatwick North', 'SW1A', 'Saloon', 85, 'No'],
      ['Heathrow T5', "King's Cross", '', '55.50', 'yes'],
      [`zone:${centreZone}`, 'Gatwick North', '', 60, ''],
    ]);
    const res = await call(w.app, 'FixedPricing/SaveExcelImportFile', { file, commit: true }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      committed: true,
      pricingModelID: table.id,
      version: table.currentVersion + 1,
      counts: { new: 2, changed: 1, unchanged: 0, error: 0 },
    });
    expect(await rowsOfCompany()).toHaveLength(3);
    const rules = await versionRules(table.id, table.currentVersion + 1);
    expect(rules?.rows.map((r) => r.price).sort()).toEqual([5550, 6000, 8500]);

    const exported = await call(w.app, 'FixedPricing/Export', {}, w.admin.token);
    expect(exported.body.data?.rows).toBe(3);
    const again = await call(
      w.app,
      'FixedPricing/SaveExcelImportFile',
      { file: { fileName: 'again.xlsx', mimeType: XLSX, content: exported.body.data?.content as string } },
      w.admin.token,
    );
    expect(again.body.data?.counts).toEqual({ new: 0, changed: 0, unchanged: 3, error: 0 });
  });

  it('imports 5,000 rows in one commit (time logged)', async () => {
    const rows: (string | number)[][] = [header];
    for (let i = 0; i < 5000; i++)
      rows.push([`postcode:B${i % 100}`, `postcode:C${Math.floor(i / 100)}`, '', 20 + (i % 50), 'No']);
    const file = await xlsx(rows);
    const started = performance.now();
    const preview = await call(w.app, 'FixedPricing/SaveExcelImportFile', { file }, w.admin.token);
    const previewed = performance.now();
    const res = await call(w.app, 'FixedPricing/SaveExcelImportFile', { file, commit: true }, w.admin.token);
    const done = performance.now();
    expect(preview.body.data?.counts.new).toBe(5000);
    expect(res.body.data?.counts.new).toBe(5000);
    console.log(
      `5,000-row fixed-price import: preview ${Math.round(previewed - started)} ms, commit ${Math.round(done - previewed)} ms`,
    );
  }, 120_000);
});
