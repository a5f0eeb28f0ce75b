import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { call, callRaw } from './client';
import { createCompany, type TestCompany } from './factories';

let t: TestApp;
let branded: TestCompany;
let plain: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  branded = await createCompany(t.db, {
    logoMain: '/branding/ukcb/main.svg',
    logoNavBar: '/branding/ukcb/navbar.svg',
    logoPassengerMain: '/branding/ukcb-passenger/main.svg',
    logoPassengerNavBar: '/branding/ukcb-passenger/navbar.svg',
    loaderStyle: 'special',
  });
  plain = await createCompany(t.db);
});

describe('Booking/GetCompanyDetails', () => {
  it('finds a company by its short name, in any case, with its id', async () => {
    const res = await call(t.app, 'Booking/GetCompanyDetails', { companyShortName: branded.shortName.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: branded.id, companyShortName: branded.shortName, loaderStyle: 'special' });
    expect(res.body.data.id).toBe(branded.id);
  });

  it('answers 404 for an unknown short name and 400 for none', async () => {
    expect((await call(t.app, 'Booking/GetCompanyDetails', { companyShortName: 'NoSuchCompany' })).status).toBe(404);
    const none = await callRaw(t.app, 'Booking/GetCompanyDetails', {});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([
      { field: 'companyShortName', message: 'Company short name is required', rule: 'is required' },
    ]);
  });
});

describe('Common/GetSystemLogo', () => {
  it('gives staff and passengers their own logos', async () => {
    const admin = await call(t.app, 'Common/GetSystemLogo', { userType: 'Admin', companyID: branded.id });
    expect(admin.body).toMatchObject({ mainLogo: '/branding/ukcb/main.svg', navBarLogo: '/branding/ukcb/navbar.svg' });
    const staffRole = await call(t.app, 'Common/GetSystemLogo', { userType: 3, companyID: branded.id });
    expect(staffRole.body.mainLogo).toBe('/branding/ukcb/main.svg');
    const passenger = await call(t.app, 'Common/GetSystemLogo', { userType: 'Passenger', companyID: branded.id });
    expect(passenger.body.mainLogo).toBe('/branding/ukcb-passenger/main.svg');
  });

  it('gives other and unknown companies the default logo', async () => {
    for (const companyID of [plain.id, 999_999, 0]) {
      const res = await call(t.app, 'Common/GetSystemLogo', { userType: 'Admin', companyID });
      expect(res.body.mainLogo).toBe('/branding/default/main.svg');
    }
  });

  it('serves the logo images', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/branding/ukcb/main.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('svg');
  });
});

describe('Common/GetMapSettings', () => {
  it('answers no tiles by default, so maps draw their offline grid', async () => {
    const res = await call(t.app, 'Common/GetMapSettings', {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ tileUrl: null, attribution: '' });
  });

  it('answers the tile address the server was started with, without a token', async () => {
    const tiled = await createTestApp({
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example maps',
    });
    const res = await call(tiled.app, 'Common/GetMapSettings', {});
    expect(res.body.data).toEqual({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example maps' });
  });
});
