import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '@cabdesk/contract/colour';
import { companies } from '../src/domains/company/schema';
import { companyMail } from '../src/domains/notifications/mail-look';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher'], otherCompany: true });
});

describe('a company look', () => {
  it('is the default look for a company that set none, and for an unknown company', async () => {
    const own = await call(w.app, 'Common/GetCompanyLook', { companyID: w.company.id });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      companyID: w.company.id,
      primaryColor: '#0b7285',
      theme: 'light',
      iconUrl: '/favicon.svg',
    });
    const name = own.body.name;
    expect(name).not.toBe('Cabdesk');
    expect(own.body).toMatchObject({ pageTitle: name, footer: name, appName: `${name} Driver`.slice(0, 40) });
    const unknown = await call(w.app, 'Common/GetCompanyLook', { companyID: 999_999 });
    expect(unknown.body).toMatchObject({ companyID: 0, name: 'Cabdesk', primaryColor: '#0b7285' });
  });

  it("is set through a call by the company's admin, for that company only", async () => {
    const res = await call(
      w.app,
      'Common/UpdateCompanyLook',
      { primaryColor: '#D4AF37', theme: 'dark', footer: 'Gold cars since 1990', appName: 'Gold Driver' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ primaryColor: '#d4af37', theme: 'dark', appName: 'Gold Driver' });
    const read = await call(w.app, 'Common/GetCompanyLook', { companyID: w.company.id });
    expect(read.body).toMatchObject({ primaryColor: '#d4af37', theme: 'dark', footer: 'Gold cars since 1990' });
    const other = await call(w.app, 'Common/GetCompanyLook', { companyID: w.other.company.id });
    expect(other.body).toMatchObject({ primaryColor: '#0b7285', theme: 'light' });

    const back = await call(w.app, 'Common/UpdateCompanyLook', { primaryColor: null }, w.admin.token);
    expect(back.body.data.primaryColor).toBe('#0b7285');
    expect(back.body.data.theme).toBe('dark');
  });

  it('refuses a colour that is not #rrggbb, and a bad theme, by field, changing nothing', async () => {
    const before = await w.db.select().from(companies).where(eq(companies.id, w.company.id));
    const res = await callRaw(
      w.app,
      'Common/UpdateCompanyLook',
      { primaryColor: 'gold', theme: 'purple', footer: 'changed' },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e: { field: string }) => e.field).sort()).toEqual(['primaryColor', 'theme']);
    expect(await w.db.select().from(companies).where(eq(companies.id, w.company.id))).toEqual(before);
  });

  it('is not for a dispatcher to change', async () => {
    const res = await call(w.app, 'Common/UpdateCompanyLook', { theme: 'light' }, w.as.Dispatcher.token);
    expect(res.status).toBe(403);
  });

  it("serves the driver app's manifest per company, with its name, icon and colour", async () => {
    await call(
      w.app,
      'Common/UpdateCompanyLook',
      { primaryColor: '#dd0000', appName: 'Red Driver', iconUrl: '/branding/de/icon.svg' },
      w.admin.token,
    );
    const res = await w.app.inject({ url: `/branding/manifest/${w.company.shortName}.webmanifest` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.json()).toMatchObject({
      name: 'Red Driver',
      theme_color: '#dd0000',
      icons: [{ src: '/branding/de/icon.svg', type: 'image/svg+xml' }],
    });
    const unknown = await w.app.inject({ url: '/branding/manifest/NoSuchCompany.webmanifest' });
    expect(unknown.json()).toMatchObject({ name: 'Cabdesk Driver', theme_color: '#0b7285' });
  });
});

describe("a company's mail", () => {
  it('wears its colour with readable text, its logo, name and footer', () => {
    const look = {
      companyID: 1,
      name: 'Gold & Co',
      primaryColor: '#d4af37',
      theme: 'light' as const,
      pageTitle: 'Gold',
      footer: 'Gold cars since 1990',
      iconUrl: '/favicon.svg',
      appName: 'Gold Driver',
      manifestUrl: '/manifest.webmanifest',
    };
    const mail = companyMail(look, '/branding/ukcb/main.svg', 'Booking 5 confirmed', 'Dear Ada,\n\nall set.');
    expect(mail.html).toContain('background:#d4af37;color:#000000');
    expect(contrastRatio('#d4af37', '#000000')).toBeGreaterThanOrEqual(4.5);
    expect(mail.html).toContain('Gold &amp; Co');
    expect(mail.html).toContain('Gold cars since 1990');
    expect(mail.html).toContain('src="cid:logo"');
    expect(mail.attachments).toEqual([expect.objectContaining({ cid: 'logo', filename: 'main.svg' })]);
    expect(companyMail(look, 'https://elsewhere.test/x.png', 's', 't').attachments).toEqual([]);
  });
});
