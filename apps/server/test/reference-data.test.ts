import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@cabdesk/contract';
import { driverTypes } from '../src/domains/drivers/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let dispatcher: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, (await createCompany(t.db)).adminEmail);
  const d = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher });
  dispatcher = await signIn(t.app, d.email);
});

type Row = Record<string, unknown> & { id: number };

describe('a register (DriverType) through the generic mechanism', () => {
  it('creates, lists, updates and deletes, with history rows', async () => {
    const created = await call(t.app, 'DriverType/Create', { name: 'Chauffeur' }, admin.accessToken);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Chauffeur',
      isActive: true,
      driverCount: 0,
      defaultPaymentModelId: null,
    });
    const id = created.body.data.id;

    const list = await call(t.app, 'DriverType/GetTableSummary', { q: 'chauf' }, admin.accessToken);
    expect(list.body.data.map((r) => r.name)).toEqual(['Chauffeur']);

    const updated = await call(
      t.app,
      'DriverType/Update',
      { id, name: 'Chauffeur (senior)', isActive: false },
      admin.accessToken,
    );
    expect(updated.body.data).toMatchObject({ name: 'Chauffeur (senior)', isActive: false });
    const inactive = await call(t.app, 'DriverType/GetTableSummary', { isActive: false }, admin.accessToken);
    expect(inactive.body.data.map((r) => r.id)).toContain(id);

    const deleted = await call(t.app, 'DriverType/Delete', { id }, admin.accessToken);
    expect(deleted.body).toEqual({ code: 200, message: 'Driver type deleted.', data: { id } });
    expect(await t.db.select().from(driverTypes).where(eq(driverTypes.id, id))).toHaveLength(0);
  });

  it('names the field of a duplicate and of a reference to another company', async () => {
    await call(t.app, 'DriverType/Create', { name: 'Owner driver' }, admin.accessToken);
    const dup = await call(t.app, 'DriverType/Create', { name: 'OWNER DRIVER' }, admin.accessToken);
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'name', message: 'is already used by another row' }]);
    const foreign = await call(
      t.app,
      'DriverType/Create',
      { name: 'X', defaultPaymentModelId: 999999 },
      admin.accessToken,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      { field: 'defaultPaymentModelId', message: 'does not exist in your company' },
    ]);
  });

  it('keeps companies apart: another company’s id is 404 and its rows are invisible', async () => {
    const mine = await call(t.app, 'DriverType/Create', { name: 'Private' }, admin.accessToken);
    const id = mine.body.data.id;
    expect((await call(t.app, 'DriverType/Update', { id, name: 'Stolen' }, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'DriverType/Delete', { id }, other.accessToken)).status).toBe(404);
    const theirs = await call(t.app, 'DriverType/GetTableSummary', { perPage: 0 }, other.accessToken);
    expect(theirs.body.data.map((r) => r.name)).not.toContain('Private');
  });

  it('refuses a delete of a type still in use with 409', async () => {
    const type = await call(t.app, 'ClientType/Create', { name: 'Hotel' }, admin.accessToken);
    const { clients } = await import('../src/domains/clients/schema');
    await t.db.insert(clients).values({ companyId: company.id, name: 'Grand Hotel', clientTypeId: type.body.data.id });
    const res = await call(t.app, 'ClientType/Delete', { id: type.body.data.id }, admin.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still used by clients/);
  });

  it('lets a dispatcher read but not change reference data', async () => {
    expect((await call(t.app, 'DriverType/GetTableSummary', {}, dispatcher.accessToken)).status).toBe(200);
    expect((await call(t.app, 'DriverType/Create', { name: 'Nope' }, dispatcher.accessToken)).status).toBe(403);
  });
});

describe('rules of particular registers', () => {
  it('zones need three points, exclusions end after they start, discount codes carry their value', async () => {
    const zone = await call(
      t.app,
      'Zone/Create',
      {
        name: 'Centre',
        polygon: [
          [51.5, -0.1],
          [51.6, -0.1],
        ],
      },
      admin.accessToken,
    );
    expect(zone.body.errors).toEqual([{ field: 'polygon', message: 'needs at least three points' }]);
    const ok = await call(
      t.app,
      'Zone/Create',
      {
        name: 'Centre',
        polygon: [
          [51.5, -0.1],
          [51.6, -0.1],
          [51.55, 0],
        ],
      },
      admin.accessToken,
    );
    expect(ok.body.data.polygon).toHaveLength(3);
    expect((await call(t.app, 'Zone/GetZone', { id: ok.body.data.id }, admin.accessToken)).status).toBe(200);

    const exclusion = await call(
      t.app,
      'Exclusion/Create',
      { name: 'Xmas', startDate: '2026-12-26', endDate: '2026-12-25' },
      admin.accessToken,
    );
    expect(exclusion.body.errors).toEqual([{ field: 'endDate', message: 'must be on or after the start date' }]);

    const code = await call(
      t.app,
      'Common/AddDiscountCodes',
      { code: 'spring10', discountType: 'percent' },
      admin.accessToken,
    );
    expect(code.body.errors).toEqual([{ field: 'percentBp', message: 'is required for a percentage discount' }]);
    const good = await call(
      t.app,
      'Common/AddDiscountCodes',
      { code: 'spring10', discountType: 'percent', percentBp: 1000 },
      admin.accessToken,
    );
    expect(good.body.data).toMatchObject({ code: 'SPRING10', percentBp: 1000, amountMinor: null, usedCount: 0 });
  });

  it('expense types carry their tax', async () => {
    const taxes = await call(t.app, 'Common/GetTaxList', {}, admin.accessToken);
    const standard = taxes.body.data.find((r) => r.isDefault);
    expect(standard?.rateBp).toBe(2000);
    const created = await call(
      t.app,
      'BookingExpenseType/Create',
      { name: 'Ferry', taxId: standard?.id, defaultAmountMinor: 1250 },
      admin.accessToken,
    );
    expect(created.body.data).toMatchObject({ taxName: 'Standard rate', taxRateBp: 2000, defaultAmountMinor: 1250 });
    const tax = await call(
      t.app,
      'BookingExpenseType/GetExpenseTypeTax',
      { id: created.body.data.id },
      admin.accessToken,
    );
    expect(tax.body.data).toMatchObject({ rateBp: 2000, taxName: 'Standard rate' });
    const negative = await call(
      t.app,
      'BookingExpenseType/Create',
      { name: 'Bad', defaultAmountMinor: -5 },
      admin.accessToken,
    );
    expect(negative.body.errors).toEqual([{ field: 'defaultAmountMinor', message: 'must not be negative' }]);
  });

  it('stores a vehicle type picture from JSON or multipart, refusing bytes that lie about their type', async () => {
    const type = await call(
      t.app,
      'VehicleType/Create',
      { name: 'Limo', maxPassengers: 6, maxLuggage: 4 },
      admin.accessToken,
    );
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3d6b5a10000000049454e44ae426082',
      'hex',
    );
    const json = await call(
      t.app,
      'VehicleType/UploadFile',
      { id: type.body.data.id, file: { fileName: 'limo.png', mimeType: 'image/png', content: png.toString('base64') } },
      admin.accessToken,
    );
    expect(json.status).toBe(200);
    const picture = await t.app.inject({ method: 'GET', url: json.body.data.imageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);
    const forged = await t.app.inject({
      method: 'GET',
      url: json.body.data.imageUrl.replace(/sig=[^&]+/, 'sig=forged'),
    });
    expect(forged.statusCode).toBe(403);

    const liar = await call(
      t.app,
      'VehicleType/UploadFile',
      {
        id: type.body.data.id,
        file: { fileName: 'x.png', mimeType: 'image/png', content: Buffer.from('<script>').toString('base64') },
      },
      admin.accessToken,
    );
    expect(liar.status).toBe(400);
    expect(liar.body.errors).toEqual([{ field: 'file.content', message: 'is not a real PNG file' }]);

    const boundary = 'cabdeskboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${type.body.data.id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="limo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/VehicleType/UploadFile',
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(multipart.statusCode).toBe(200);
  });
});

describe('look-ups', () => {
  it('answers every built look-up of Common as a list, unpaged by default', async () => {
    const lookups = allCalls.filter((c) => c.area === 'Common' && c.kind === 'list' && c.subject === 'Lookup');
    expect(lookups.length).toBeGreaterThan(30);
    for (const lookup of lookups) {
      const method = lookup.methods.includes('POST') ? 'POST' : 'GET';
      const res = await call(t.app, lookup.name, method === 'POST' ? {} : undefined, admin.accessToken, method);
      expect(res.status, lookup.name).toBe(200);
      expect(Array.isArray(res.body.data), lookup.name).toBe(true);
      expect(res.body, lookup.name).not.toHaveProperty('code');
    }
  });

  it('gives fixed lists their codes and a driver can read them', async () => {
    const driver = await createUser(t.db, company.id, 'driver');
    const token = (await signIn(t.app, driver.email)).accessToken;
    const res = await call(t.app, 'Common/GetInvoicePeriodList', {}, token);
    expect(res.body.data).toContainEqual({ id: 4, code: 'monthly', name: 'Monthly' });
    const nationalities = await call(t.app, 'Common/GetNationalityList', { q: 'united king' }, token, 'GET');
    expect(nationalities.body.data).toContainEqual({ id: 'GB', code: 'GB', name: 'United Kingdom' });
    const statuses = await call(t.app, 'Common/GetDispatchBookingStatusList', {}, token);
    expect(statuses.body.data.map((r) => r.code)).not.toContain('completed');
  });

  it('lists the registers with their counts', async () => {
    const res = await call(t.app, 'Common/GetTableSummary', {}, admin.accessToken);
    expect(res.body.data.find((r) => String(r.id) === 'document-types')?.count).toBe(8);
  });
});
