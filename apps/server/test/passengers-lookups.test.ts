import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/domains/clients/schema';
import { drivers } from '../src/domains/drivers/schema';
import { passengers } from '../src/domains/passengers/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let driver: SignedIn;
let acme: number;
let otherClient: number;
let ids: Record<'ann' | 'ben' | 'cat' | 'dot' | 'eve', number>;
let driverId: number;

type Failure = { code: number; message: string; errors?: { field: string; message: string }[] };
type List<R = Record<string, unknown>> = { data: R[]; allData: R[]; total: number; count: number };

// The smallest PNG there is: one transparent pixel.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  const otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, otherCompany.adminEmail);
  const driverUser = await createUser(t.db, company.id, 'driver');
  driver = await signIn(t.app, driverUser.email);
  driverId = driverUser.personId;
  await t.db
    .update(drivers)
    .set({ firstName: 'Dave', lastName: 'Wheeler', mobile: '07700 900999' })
    .where(eq(drivers.id, driverId));
  const [c] = await t.db.insert(clients).values({ companyId: company.id, name: 'Acme Ltd' }).returning();
  const [oc] = await t.db.insert(clients).values({ companyId: otherCompany.id, name: 'Theirs' }).returning();
  acme = c!.id;
  otherClient = oc!.id;
  const rows = await t.db
    .insert(passengers)
    .values([
      { companyId: company.id, firstName: 'Ann', surname: 'Baker', email: 'ann@l.test', clientId: acme, isVip: true },
      { companyId: company.id, firstName: 'Ben', surname: 'baker', mobile: '07700 900100', clientId: acme },
      { companyId: company.id, firstName: 'Cat', surname: 'Cole', phone: '0161 496 0200' },
      {
        companyId: company.id,
        firstName: 'Dot',
        surname: 'Dale',
        email: 'dot@l.test',
        clientId: acme,
        isActive: false,
      },
      { companyId: company.id, firstName: 'Eve', surname: 'Evans' },
    ])
    .returning();
  const [ann, ben, cat, dot, eve] = rows.map((r) => r.id) as number[];
  ids = { ann: ann!, ben: ben!, cat: cat!, dot: dot!, eve: eve! };
  await t.db
    .insert(passengers)
    .values({ companyId: otherCompany.id, firstName: 'Ann', surname: 'Baker', email: 'ann@other.test' });
});

const names = (rows: { name?: unknown }[]) => rows.map((r) => r.name);

describe('common passenger look-ups', () => {
  it('GetPassengerList: the company’s active passengers by surname, unpaged', async () => {
    const res = await call(t.app, 'Common/GetPassengerList', {}, admin.accessToken);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Ann Baker', 'Ben baker', 'Cat Cole', 'Eve Evans']);
    expect(res.body.data[1]).toEqual({
      id: ids.ben,
      name: 'Ben baker',
      email: null,
      phone: '07700 900100',
      clientId: acme,
    });
    const q = await call(t.app, 'Common/GetPassengerList', { q: '0161 496' }, admin.accessToken);
    expect(names(q.body.data)).toEqual(['Cat Cole']);
  });

  it('GetPassengerListWithSearch: a page at a time, the first page for an empty q', async () => {
    const first = await call(t.app, 'Common/GetPassengerListWithSearch', { perPage: 2 }, admin.accessToken);
    expect(first.body).toMatchObject({ count: 4, total: 2 });
    expect(names(first.body.data)).toEqual(['Ann Baker', 'Ben baker']);
    const found = await call(t.app, 'Common/GetPassengerListWithSearch', { q: 'ann@' }, admin.accessToken);
    expect(names(found.body.data)).toEqual(['Ann Baker']);
    const bad = await call(t.app, 'Common/GetPassengerListWithSearch', { perPage: 1000 }, admin.accessToken);
    expect(bad.body.errors?.[0]?.field).toBe('perPage');
  });

  it('GetSearchedPassenger: name, e-mail or phone, with the client for the booking form', async () => {
    const res = await call(t.app, 'Common/GetSearchedPassenger', { q: 'baker' }, admin.accessToken);
    expect(res.body.data).toEqual([
      {
        id: ids.ann,
        name: 'Ann Baker',
        email: 'ann@l.test',
        phone: null,
        mobile: null,
        isVip: true,
        clientId: acme,
        clientName: 'Acme Ltd',
      },
      {
        id: ids.ben,
        name: 'Ben baker',
        email: null,
        phone: null,
        mobile: '07700 900100',
        isVip: false,
        clientId: acme,
        clientName: 'Acme Ltd',
      },
    ]);
    const byPhone = await call(t.app, 'Common/GetSearchedPassenger', { q: '07700900100' }, admin.accessToken);
    expect(names(byPhone.body.data)).toEqual(['Ben baker']);
    const theirs = await call(t.app, 'Common/GetSearchedPassenger', { q: 'baker' }, other.accessToken);
    expect(theirs.body.data).toHaveLength(1);
  });

  it('GetPassengerClientID: the client, or 0 and null; 404 for another company', async () => {
    const withClient = await call(t.app, 'Common/GetPassengerClientID', { id: ids.ann }, admin.accessToken);
    expect(withClient.body).toEqual({ data: { passengerID: ids.ann, clientID: acme, clientName: 'Acme Ltd' } });
    const without = await call(t.app, 'Common/GetPassengerClientID', { id: ids.cat }, admin.accessToken);
    expect(without.body).toEqual({ data: { passengerID: ids.cat, clientID: 0, clientName: null } });
    expect((await call(t.app, 'Common/GetPassengerClientID', { id: ids.ann }, other.accessToken)).status).toBe(404);
    const bad = await call(t.app, 'Common/GetPassengerClientID', { id: 0 }, admin.accessToken);
    expect(bad.body.errors).toEqual([{ field: 'id', message: 'must be at least 1' }]);
  });

  it('GetPassengerSurNameList: distinct surnames, ignoring case', async () => {
    const res = await call(t.app, 'Common/GetPassengerSurNameList', {}, admin.accessToken);
    expect(res.body.data.map((r) => r.id)).toEqual(['Baker', 'Cole', 'Dale', 'Evans']);
    expect(res.body.data[0]).toEqual({ id: 'Baker', name: 'Baker' });
    const q = await call(t.app, 'Common/GetPassengerSurNameList', { q: 'co' }, admin.accessToken);
    expect(q.body.data).toEqual([{ id: 'Cole', name: 'Cole' }]);
  });

  it('GetDriverPassengercontactList: drivers and passengers the office can reach', async () => {
    const res = await call(t.app, 'Common/GetDriverPassengercontactList', {}, admin.accessToken);
    // Eve has no number or e-mail and Dot is switched off.
    expect(res.body.data.map((r) => r.id)).toEqual([
      `passenger-${ids.ann}`,
      `passenger-${ids.ben}`,
      `passenger-${ids.cat}`,
      `driver-${driverId}`,
    ]);
    expect(res.body.data[3]).toEqual({
      id: `driver-${driverId}`,
      type: 'driver',
      personID: driverId,
      name: 'Dave Wheeler',
      phone: '07700 900999',
      email: null,
    });
    const drivers = await call(t.app, 'Common/GetDriverPassengercontactList', { type: 'driver' }, admin.accessToken);
    expect(drivers.body.data).toHaveLength(1);
    const q = await call(t.app, 'Common/GetDriverPassengercontactList', { q: 'ann@' }, admin.accessToken);
    expect(q.body.data.map((r) => r.id)).toEqual([`passenger-${ids.ann}`]);
    const bad = await call(t.app, 'Common/GetDriverPassengercontactList', { type: 'staff' }, admin.accessToken);
    expect(bad.body.errors?.[0]?.field).toBe('type');
  });
});

describe('Passenger/GetClientPassengerList', () => {
  it('answers the client’s active passengers; another company’s client is 404', async () => {
    const res = await call(t.app, 'Passenger/GetClientPassengerList', { clientId: acme }, admin.accessToken);
    expect(res.body.data).toEqual([
      { id: ids.ann, name: 'Ann Baker', email: 'ann@l.test', phone: null },
      { id: ids.ben, name: 'Ben baker', email: null, phone: '07700 900100' },
    ]);
    const foreign = await call(t.app, 'Passenger/GetClientPassengerList', { clientId: otherClient }, admin.accessToken);
    expect(foreign.status).toBe(404);
    const missing = await call(t.app, 'Passenger/GetClientPassengerList', {}, admin.accessToken);
    expect(missing.body.errors).toEqual([{ field: 'clientId', message: 'is required' }]);
    expect((await call(t.app, 'Passenger/GetClientPassengerList', { clientId: acme }, driver.accessToken)).status).toBe(
      403,
    );
  });
});

describe('passenger photos', () => {
  it('uploads a photo, answers its address and shows it in the list', async () => {
    const none = await call(t.app, 'Common/GetPassengerImage', { id: ids.cat }, admin.accessToken);
    expect(none.body).toEqual({ data: { id: ids.cat, imageUrl: null } });
    const up = await call(
      t.app,
      'Common/UploadImagePassenger',
      { id: ids.cat, file: { fileName: 'cat.png', mimeType: 'image/png', content: PNG } },
      admin.accessToken,
    );
    expect(up.status).toBe(200);
    expect(up.body.data.imageUrl).toMatch(/^\/files\/.+\?exp=\d+&sig=/);
    const [stored] = await t.db.select().from(passengers).where(eq(passengers.id, ids.cat));
    expect(stored?.photoKey).toBeTruthy();
    const image = await call(t.app, 'Common/GetPassengerImage', { id: ids.cat }, admin.accessToken);
    expect(image.body.data.imageUrl).toMatch(/^\/files\//);
    const row = await call(t.app, 'Passenger/GetTableSummary', { id: ids.cat }, admin.accessToken);
    expect(row.body.data[0]?.photoUrl).toMatch(/^\/files\//);
  });

  it('refuses a file that is not an image (400 naming it), another company (404) and a driver (403)', async () => {
    const pdf = await call(
      t.app,
      'Common/UploadImagePassenger',
      { id: ids.ann, file: { fileName: 'x.pdf', mimeType: 'application/pdf', content: 'JVBERi0=' } },
      admin.accessToken,
    );
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors?.[0]?.field).toBe('file.mimeType');
    const file = { fileName: 'a.png', mimeType: 'image/png', content: PNG };
    expect((await call(t.app, 'Common/UploadImagePassenger', { id: ids.ann, file }, other.accessToken)).status).toBe(
      404,
    );
    expect((await call(t.app, 'Common/GetPassengerImage', { id: ids.ann }, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'Common/UploadImagePassenger', { id: ids.ann, file }, driver.accessToken)).status).toBe(
      403,
    );
    const [ann] = await t.db.select().from(passengers).where(eq(passengers.id, ids.ann));
    expect(ann?.photoKey).toBeNull();
  });
});
