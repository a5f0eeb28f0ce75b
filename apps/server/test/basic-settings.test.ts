import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { companies } from '../src/domains/company/schema';
import { journalEntries } from '../src/domains/ledger/schema';
import { call, callRaw } from './client';
import { createCompany, createUser, signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
).toString('base64');
const logo = { fileName: 'logo.png', mimeType: 'image/png', content: PNG };

const form = {
  companyName: 'Harbour Cars',
  address: '1 Quay Street',
  postcode: 'BS1 4DJ',
  baseLatitude: 51.4501,
  baseLongitude: -2.5966,
  timeZone: 'Europe/Dublin',
  currency: 'eur',
  isCompanyVatRegistered: true,
  vatRegistrationNumber: 'IE1234567T',
  vatPercentage: '13.5',
  dateFormat: 'd/m/Y' as const,
};

async function row(companyId: number) {
  const [found] = await w.db.select().from(companies).where(eq(companies.id, companyId));
  return found!;
}

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher'], otherCompany: true });
});

describe('BasicSettings/GetTableSummary', () => {
  it("answers the company's settings as the one row of the list", async () => {
    const res = await call(w.app, 'BasicSettings/GetTableSummary', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      companyID: w.company.id,
      timeZone: 'Europe/London',
      currency: 'GBP',
      vatRateBp: 2000,
      vatPercentage: '20.00',
      dateFormat: 'd-m-Y',
      imageUrl: null,
      mainLogo: '/branding/default/main.svg',
    });
  });

  it('needs the settings permission', async () => {
    expect((await call(w.app, 'BasicSettings/GetTableSummary', {}, w.as.Dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'BasicSettings/Update', { companyName: 'X' }, w.as.Dispatcher.token)).status).toBe(403);
  });
});

describe('BasicSettings/Create', () => {
  it('saves the whole form, exactly, and saving it again changes nothing', async () => {
    const res = await call(w.app, 'BasicSettings/Create', form, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      companyName: 'Harbour Cars',
      baseLatitude: 51.4501,
      baseLongitude: -2.5966,
      timeZone: 'Europe/Dublin',
      currency: 'EUR',
      isCompanyVatRegistered: true,
      vatRegistrationNumber: 'IE1234567T',
      vatRateBp: 1350,
      vatPercentage: '13.50',
      dateFormat: 'd/m/Y',
    });
    const saved = await row(w.company.id);
    expect(saved).toMatchObject({
      name: 'Harbour Cars',
      timezone: 'Europe/Dublin',
      vatRateBp: 1350,
      baseLat: '51.450100',
    });

    const audits = async () =>
      (await w.db.select().from(auditLog).where(eq(auditLog.entityId, w.company.id))).filter(
        (a) => a.action === 'basic settings changed',
      ).length;
    const before = await audits();
    const again = await call(w.app, 'BasicSettings/Create', form, w.admin.token);
    expect(again.status).toBe(200);
    expect(await audits()).toBe(before);
  });

  it('needs the name, the time zone and the currency', async () => {
    const res = await callRaw(w.app, 'BasicSettings/Create', { address: 'x' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['companyName', 'currency', 'timeZone']);
  });
});

describe('BasicSettings/Update', () => {
  it('changes only the fields sent', async () => {
    const res = await call(w.app, 'BasicSettings/Update', { companyName: 'Harbour Taxis' }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ companyName: 'Harbour Taxis', timeZone: 'Europe/Dublin', currency: 'EUR' });
  });

  it('answers each bad field by name and saves nothing', async () => {
    const before = await row(w.company.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ timeZone: '+01:00' }, 'timeZone'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ baseLatitude: 91, baseLongitude: 0 }, 'baseLatitude'],
      [{ baseLatitude: -90.5, baseLongitude: 0 }, 'baseLatitude'],
      [{ baseLatitude: 10, baseLongitude: 180.01 }, 'baseLongitude'],
      [{ baseLatitude: 10 }, 'baseLongitude'],
      [{ vatPercentage: '20.123' }, 'vatPercentage'],
      [{ vatPercentage: 101 }, 'vatPercentage'],
      [{ dateFormat: 'Y/m/d' }, 'dateFormat'],
      [{ companyName: '' }, 'companyName'],
      [{ companyImage: { ...logo, mimeType: 'image/svg+xml' } }, 'companyImage.mimeType'],
    ];
    for (const [input, field] of cases) {
      const res = await callRaw(w.app, 'BasicSettings/Update', { companyName: 'Never saved', ...input }, w.admin.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    expect(await row(w.company.id)).toEqual(before);
  });

  it('clears the base with both coordinates null', async () => {
    const res = await call(w.app, 'BasicSettings/Update', { baseLatitude: null, baseLongitude: null }, w.admin.token);
    expect(res.body.data).toMatchObject({ baseLatitude: null, baseLongitude: null });
  });

  it('makes a new company image the logo of the sign-in page and the loader', async () => {
    const res = await call(w.app, 'BasicSettings/Update', { companyImage: logo }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.imageUrl).toMatch(/^\/files\//);
    const logos = await call(w.app, 'Common/GetSystemLogo', { userType: 'Admin', companyID: w.company.id });
    expect(logos.body.mainLogo).toMatch(/^\/files\//);
    expect(logos.body.navBarLogo).toMatch(/^\/files\//);
    const served = await w.app.inject({ method: 'GET', url: logos.body.mainLogo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    const theirs = await call(w.app, 'Common/GetSystemLogo', { userType: 'Admin', companyID: w.other.company.id });
    expect(theirs.body.mainLogo).toBe('/branding/default/main.svg');
  });

  it('keeps the currency once money has been booked in it', async () => {
    const company = await createCompany(w.db, { currency: 'GBP' });
    const admin = await createUser(w.db, company.id, 'admin');
    const { accessToken } = await signIn(w.app, admin.email);
    await w.db.insert(journalEntries).values({ companyId: company.id, kind: 'manualPayment', description: 'opening' });
    const res = await callRaw(w.app, 'BasicSettings/Update', { currency: 'EUR', companyName: 'Kept' }, accessToken);
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('currency');
    expect(await row(company.id)).toMatchObject({ currency: 'GBP' });
    expect((await call(w.app, 'BasicSettings/Update', { currency: 'GBP' }, accessToken)).status).toBe(200);
  });

  it("never touches another company's settings", async () => {
    const theirs = await call(w.app, 'BasicSettings/GetTableSummary', {}, w.other.admin.token);
    expect(theirs.body.data[0]).toMatchObject({ companyID: w.other.company.id, timeZone: 'Europe/London' });
    const spoof = await call(
      w.app,
      'BasicSettings/Update',
      { companyID: w.other.company.id, postcode: 'X1' },
      w.admin.token,
    );
    expect(spoof.body.data.companyID).toBe(w.company.id);
    expect((await row(w.other.company.id)).postcode).not.toBe('X1');
  });
});

describe('BasicSettings/GetUsers', () => {
  it("lists the company's office accounts only, paged", async () => {
    await createUser(w.db, w.company.id, 'driver');
    const res = await call(w.app, 'BasicSettings/GetUsers', { perPage: 1 }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.total).toBe(2);
    const all = await call(w.app, 'BasicSettings/GetUsers', { perPage: 0 }, w.admin.token);
    expect(all.body.data.map((u) => u.userType).sort()).toEqual(['Admin', 'Staff']);
    expect(all.body.data.map((u) => u.id)).not.toContain(w.other.admin.userId);
  });

  it('refuses an unknown sort by name', async () => {
    const res = await callRaw(w.app, 'BasicSettings/GetUsers', { sortColumn: 'password' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('sortColumn');
  });
});
