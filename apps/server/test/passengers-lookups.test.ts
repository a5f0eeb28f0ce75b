import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/domains/clients/schema';
import { drivers } from '../src/domains/drivers/schema';
import { passengers } from '../src/domains/passengers/schema';
import { expectSameAnswer } from './assertions';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'driver' | 'Dispatcher', true>;
let acme: number;
let otherClient: number;
let ids: Record<'ann' | 'ben' | 'cat' | 'dot' | 'eve', number>;
let driverId: number;
/** The other company's passenger, who shares Ann Baker's name. */
let theirAnn: number;

// The smallest PNG there is: one transparent pixel.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  w = await world({ roles: ['driver', 'Dispatcher'], otherCompany: true });
  driverId = w.as.driver.personId;
  await w.db
    .update(drivers)
    .set({ firstName: 'Dave', lastName: 'Wheeler', mobile: '07700 900999' })
    .where(eq(drivers.id, driverId));
  const [c] = await w.db.insert(clients).values({ companyId: w.company.id, name: 'Acme Ltd' }).returning();
  const [oc] = await w.db.insert(clients).values({ companyId: w.other.company.id, name: 'Theirs' }).returning();
  acme = c!.id;
  otherClient = oc!.id;
  const rows = await w.db
    .insert(passengers)
    .values([
      { companyId: w.company.id, firstName: 'Ann', surname: 'Baker', email: 'ann@l.test', clientId: acme, isVip: true },
      { companyId: w.company.id, firstName: 'Ben', surname: 'baker', mobile: '07700 900100', clientId: acme },
      { companyId: w.company.id, firstName: 'Cat', surname: 'Cole', phone: '0161 496 0200' },
      {
        companyId: w.company.id,
        firstName: 'Dot',
        surname: 'Dale',
        email: 'dot@l.test',
        clientId: acme,
        isActive: false,
      },
      { companyId: w.company.id, firstName: 'Eve', surname: 'Evans' },
    ])
    .returning();
  const [ann, ben, cat, dot, eve] = rows.map((r) => r.id) as number[];
  ids = { ann: ann!, ben: ben!, cat: cat!, dot: dot!, eve: eve! };
  const [theirs] = await w.db
    .insert(passengers)
    .values({ companyId: w.other.company.id, firstName: 'Ann', surname: 'Baker', email: 'ann@other.test' })
    .returning();
  theirAnn = theirs!.id;
});

const names = (rows: { name?: unknown }[]) => rows.map((r) => r.name);

describe('common passenger look-ups', () => {
  it('GetPassengerList: the company’s active passengers by surname, unpaged', async () => {
    const res = await call(w.app, 'Common/GetPassengerList', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Ann Baker', 'Ben baker', 'Cat Cole', 'Eve Evans']);
    expect(res.body.data[1]).toEqual({
      id: ids.ben,
      name: 'Ben baker',
      email: null,
      phone: '07700 900100',
      clientId: acme,
    });
    const q = await call(w.app, 'Common/GetPassengerList', { q: '0161 496' }, w.admin.token);
    expect(names(q.body.data)).toEqual(['Cat Cole']);
  });

  it('GetPassengerListWithSearch: a page at a time, the first page for an empty q', async () => {
    const first = await call(w.app, 'Common/GetPassengerListWithSearch', { perPage: 2 }, w.admin.token);
    expect(first.body).toMatchObject({ count: 4, total: 2 });
    expect(names(first.body.data)).toEqual(['Ann Baker', 'Ben baker']);
    const found = await call(w.app, 'Common/GetPassengerListWithSearch', { q: 'ann@' }, w.admin.token);
    expect(names(found.body.data)).toEqual(['Ann Baker']);
    const bad = await call(w.app, 'Common/GetPassengerListWithSearch', { perPage: 1000 }, w.admin.token);
    expect(bad.body.errors?.[0]?.field).toBe('perPage');
  });

  it('GetSearchedPassenger: name, e-mail or phone, with the client for the booking form', async () => {
    const res = await call(w.app, 'Common/GetSearchedPassenger', { q: 'baker' }, w.admin.token);
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
    const byPhone = await call(w.app, 'Common/GetSearchedPassenger', { q: '07700900100' }, w.admin.token);
    expect(names(byPhone.body.data)).toEqual(['Ben baker']);
    const theirs = await call(w.app, 'Common/GetSearchedPassenger', { q: 'baker' }, w.other.admin.token);
    expect(theirs.body.data).toHaveLength(1);
  });

  it('GetPassengerClientID: the client, or 0 and null; 404 for another company', async () => {
    const withClient = await call(w.app, 'Common/GetPassengerClientID', { id: ids.ann }, w.admin.token);
    expect(withClient.body).toEqual({ data: { passengerID: ids.ann, clientID: acme, clientName: 'Acme Ltd' } });
    const without = await call(w.app, 'Common/GetPassengerClientID', { id: ids.cat }, w.admin.token);
    expect(without.body).toEqual({ data: { passengerID: ids.cat, clientID: 0, clientName: null } });
    expect((await call(w.app, 'Common/GetPassengerClientID', { id: ids.ann }, w.other.admin.token)).status).toBe(404);
    const bad = await call(w.app, 'Common/GetPassengerClientID', { id: 0 }, w.admin.token);
    expect(bad.body.errors).toEqual([{ field: 'id', message: 'Id must be at least 1', rule: 'must be at least 1' }]);
  });

  it('GetPassengerSurNameList: distinct surnames, ignoring case', async () => {
    const res = await call(w.app, 'Common/GetPassengerSurNameList', {}, w.admin.token);
    expect(res.body.data.map((r) => r.id)).toEqual(['Baker', 'Cole', 'Dale', 'Evans']);
    expect(res.body.data[0]).toEqual({ id: 'Baker', name: 'Baker' });
    const q = await call(w.app, 'Common/GetPassengerSurNameList', { q: 'co' }, w.admin.token);
    expect(q.body.data).toEqual([{ id: 'Cole', name: 'Cole' }]);
  });

  it('GetDriverPassengercontactList: drivers and passengers the office can reach', async () => {
    const res = await call(w.app, 'Common/GetDriverPassengercontactList', {}, w.admin.token);
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
    const drivers = await call(w.app, 'Common/GetDriverPassengercontactList', { type: 'driver' }, w.admin.token);
    expect(drivers.body.data).toHaveLength(1);
    const q = await call(w.app, 'Common/GetDriverPassengercontactList', { q: 'ann@' }, w.admin.token);
    expect(q.body.data.map((r) => r.id)).toEqual([`passenger-${ids.ann}`]);
    const bad = await callRaw(w.app, 'Common/GetDriverPassengercontactList', { type: 'staff' }, w.admin.token);
    expect(bad.body.errors?.[0]?.field).toBe('type');
  });
});

describe('passenger look-ups for a dispatcher', () => {
  it('give a dispatcher the answers the admin gets, with nothing of another company', async () => {
    const same = [
      await expectSameAnswer(w.app, 'Common/GetPassengerList', {}, w.admin.token, w.as.Dispatcher.token),
      await expectSameAnswer(w.app, 'Common/GetPassengerListWithSearch', {}, w.admin.token, w.as.Dispatcher.token),
      await expectSameAnswer(
        w.app,
        'Common/GetSearchedPassenger',
        { q: 'baker' },
        w.admin.token,
        w.as.Dispatcher.token,
      ),
      await expectSameAnswer(
        w.app,
        'Passenger/GetClientPassengerList',
        { clientId: acme },
        w.admin.token,
        w.as.Dispatcher.token,
      ),
    ];
    for (const list of same) {
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.data.map((r) => r.id)).not.toContain(theirAnn);
    }
    const surnames = await expectSameAnswer(
      w.app,
      'Common/GetPassengerSurNameList',
      {},
      w.admin.token,
      w.as.Dispatcher.token,
    );
    expect(surnames.data.map((r) => r.id)).toEqual(['Baker', 'Cole', 'Dale', 'Evans']);
    const contacts = await expectSameAnswer(
      w.app,
      'Common/GetDriverPassengercontactList',
      {},
      w.admin.token,
      w.as.Dispatcher.token,
    );
    expect(contacts.data.length).toBeGreaterThan(0);
    expect(contacts.data.map((r) => r.id)).not.toContain(`passenger-${theirAnn}`);
  });
});

describe('Passenger/GetClientPassengerList', () => {
  it('answers the client’s active passengers; another company’s client is 404', async () => {
    const res = await call(w.app, 'Passenger/GetClientPassengerList', { clientId: acme }, w.admin.token);
    expect(res.body.data).toEqual([
      { id: ids.ann, name: 'Ann Baker', email: 'ann@l.test', phone: null },
      { id: ids.ben, name: 'Ben baker', email: null, phone: '07700 900100' },
    ]);
    const foreign = await call(w.app, 'Passenger/GetClientPassengerList', { clientId: otherClient }, w.admin.token);
    expect(foreign.status).toBe(404);
    const missing = await callRaw(w.app, 'Passenger/GetClientPassengerList', {}, w.admin.token);
    expect(missing.body.errors).toEqual([{ field: 'clientId', message: 'Client is required', rule: 'is required' }]);
    expect((await call(w.app, 'Passenger/GetClientPassengerList', { clientId: acme }, w.as.driver.token)).status).toBe(
      403,
    );
  });
});

describe('passenger photos', () => {
  it('uploads a photo, answers its address and shows it in the list', async () => {
    const none = await call(w.app, 'Common/GetPassengerImage', { id: ids.cat }, w.admin.token);
    expect(none.body).toEqual({ data: { id: ids.cat, imageUrl: null } });
    const up = await call(
      w.app,
      'Common/UploadImagePassenger',
      { id: ids.cat, file: { fileName: 'cat.png', mimeType: 'image/png', content: PNG } },
      w.admin.token,
    );
    expect(up.status).toBe(200);
    expect(up.body.data.imageUrl).toMatch(/^\/files\/.+\?exp=\d+&sig=/);
    const [stored] = await w.db.select().from(passengers).where(eq(passengers.id, ids.cat));
    expect(stored?.photoKey).toBeTruthy();
    const image = await call(w.app, 'Common/GetPassengerImage', { id: ids.cat }, w.admin.token);
    expect(image.body.data.imageUrl).toMatch(/^\/files\//);
    const row = await call(w.app, 'Passenger/GetTableSummary', { id: ids.cat }, w.admin.token);
    expect(row.body.data[0]?.photoUrl).toMatch(/^\/files\//);
  });

  it('refuses a file that is not an image (400 naming it), another company (404) and a driver (403)', async () => {
    const pdf = await call(
      w.app,
      'Common/UploadImagePassenger',
      { id: ids.ann, file: { fileName: 'x.pdf', mimeType: 'application/pdf', content: 'JVBERi0=' } },
      w.admin.token,
    );
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors?.[0]?.field).toBe('file.mimeType');
    const file = { fileName: 'a.png', mimeType: 'image/png', content: PNG };
    expect((await call(w.app, 'Common/UploadImagePassenger', { id: ids.ann, file }, w.other.admin.token)).status).toBe(
      404,
    );
    expect((await call(w.app, 'Common/GetPassengerImage', { id: ids.ann }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Common/UploadImagePassenger', { id: ids.ann, file }, w.as.driver.token)).status).toBe(
      403,
    );
    const [ann] = await w.db.select().from(passengers).where(eq(passengers.id, ids.ann));
    expect(ann?.photoKey).toBeNull();
  });
});
