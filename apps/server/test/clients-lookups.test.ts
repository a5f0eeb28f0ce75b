import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { clientReferenceTypes, clientTypes } from '../src/domains/clients/schema';
import { tags } from '../src/domains/reference-data/schema';
import { staff } from '../src/domains/staff/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let dispatcher: SignedIn;
let passenger: SignedIn;

type Row = Record<string, unknown> & { id: number };
type List = { data: Row[]; count: number };

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, (await createCompany(t.db)).adminEmail);
  const d = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher });
  dispatcher = await signIn(t.app, d.email);
  passenger = await signIn(t.app, (await createUser(t.db, company.id, 'passenger')).email);
});

const create = async (body: object, token = admin.accessToken) => {
  const res = await call(t.app, 'Client/Create', body, token);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};
const names = (res: { body: List }) => res.body.data.map((r) => r.name);

describe('look-ups of the client form', () => {
  it('lists active client types, reference types, client tags and representatives', async () => {
    await t.db.insert(clientTypes).values([
      { companyId: company.id, name: 'Airline' },
      { companyId: company.id, name: 'Retired type', isActive: false },
    ]);
    await t.db.insert(clientReferenceTypes).values({ companyId: company.id, name: 'Old code', isActive: false });
    await t.db.insert(tags).values([
      { companyId: company.id, name: 'VIP', tagType: 'client', colour: '#ff0000' },
      { companyId: company.id, name: 'Night owl', tagType: 'driver' },
    ]);
    await t.db.insert(staff).values([
      { companyId: company.id, firstName: 'Ada', lastName: 'Account', email: 'ada@example.test' },
      { companyId: company.id, firstName: 'Zed', lastName: 'Left', isActive: false },
    ]);
    const token = admin.accessToken;
    expect(names(await call(t.app, 'Client/GetClientTypeList', {}, token))).toEqual(['Airline']);
    expect(names(await call(t.app, 'Client/GetRefClientReferenceTypeList', {}, token))).toEqual([
      'Cost centre',
      'Department',
      'Employee number',
      'Purchase order',
    ]);
    const tagList = await call(t.app, 'Client/GetClientTagList', {}, token);
    expect(tagList.body.data).toEqual([{ id: expect.any(Number), name: 'VIP', colour: '#ff0000' }]);
    const reps = await call(t.app, 'Client/GetClientRepresentativeList', { q: 'ada' }, token);
    expect(reps.body.data).toEqual([{ id: expect.any(Number), name: 'Ada Account', email: 'ada@example.test' }]);
    expect(names(await call(t.app, 'Client/GetClientRepresentativeList', {}, token))).not.toContain('Zed Left');
  });

  it('lists the message events as code rows', async () => {
    const sms = await call(t.app, 'Client/GetClientSMSList', {}, admin.accessToken);
    expect(sms.body.data.map((r) => r.code)).toEqual([
      'confirmation',
      'on_route',
      'assigned',
      'address_change',
      'arrival',
      'completion',
    ]);
    expect(sms.body.data[0]).toEqual({ id: 1, code: 'confirmation', name: 'Booking confirmation' });
    const email = await call(t.app, 'Client/GetClientEmailList', {}, admin.accessToken);
    expect(email.body.count).toBe(6);
    const phone = await call(t.app, 'Client/GetClientPhoneCallList', {}, admin.accessToken);
    expect(phone.body.data).toEqual([{ id: 1, code: 'arrival', name: 'Call the passenger on arrival' }]);
  });

  it('keeps staff names and client names from passengers, but not fixed lists', async () => {
    const token = passenger.accessToken;
    expect((await call(t.app, 'Client/GetClientSMSList', {}, token)).status).toBe(200);
    expect((await call(t.app, 'Client/GetClientRepresentativeList', {}, token)).status).toBe(403);
    expect((await call(t.app, 'Common/GetClientList', {}, token)).status).toBe(403);
  });
});

describe('client pickers (Common)', () => {
  it('lists active clients, searches name and account number, ranks exact account numbers first', async () => {
    const parent = await create({ name: 'Picker Group', accountNo: 'PK' });
    await create({ name: 'Picker Kid', accountNo: 'PK-2', parentClientId: parent.id });
    await create({ name: 'Spk Trading', accountNo: 'X-9' });
    await create({ name: 'Picker Sleeping', isActive: false });
    await create({ name: 'Picker Theirs' }, other.accessToken);

    const all = await call(t.app, 'Common/GetClientList', {}, dispatcher.accessToken);
    expect(names(all)).toEqual(['Picker Group', 'Picker Kid', 'Spk Trading']);
    expect(all.body.data[1]).toEqual({
      id: expect.any(Number),
      name: 'Picker Kid',
      accountNo: 'PK-2',
      parentClientId: parent.id,
    });
    const search = await call(t.app, 'Common/GetClientListWithSearch', { q: 'pk-' }, admin.accessToken);
    expect(names(search)).toEqual(['Picker Kid']);
    const ranked = await call(t.app, 'Common/GetSearchedClient', { q: 'pk' }, admin.accessToken);
    expect(names(ranked)).toEqual(['Picker Group', 'Picker Kid', 'Spk Trading']);
    const named = await call(t.app, 'Common/GetSearchedClient', { q: 'S' }, admin.accessToken);
    expect(names(named)[0]).toBe('Spk Trading');
  });
});

describe('notes and pictures', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ).toString('base64');

  it('reads the note, stores a logo and reads it back; another company gets 404', async () => {
    const client = await create({ name: 'Pictured Ltd', notes: 'Use the side gate.' });
    const note = await call(t.app, 'Client/GetClientNote', { id: client.id }, admin.accessToken);
    expect(note.body.data).toEqual({ id: client.id, notes: 'Use the side gate.' });
    const before = await call(t.app, 'Common/GetClientImage', { id: client.id }, admin.accessToken);
    expect(before.body.data).toEqual({ id: client.id, imageUrl: null });

    const file = { fileName: 'logo.png', mimeType: 'image/png', content: png };
    const up = await call(t.app, 'Common/UploadImageClient', { id: client.id, file }, admin.accessToken);
    expect(up.status).toBe(200);
    expect(String(up.body.data.imageUrl)).toMatch(/^\//);
    const after = await call(t.app, 'Common/GetClientImage', { id: client.id }, admin.accessToken);
    expect(after.body.data.imageUrl).toBeTruthy();
    const listed = await call(t.app, 'Client/GetTableSummary', { clientId: client.id }, admin.accessToken);
    expect(listed.body.data[0]?.photoUrl).toBeTruthy();

    const bad = await call(
      t.app,
      'Common/UploadImageClient',
      { id: client.id, file: { ...file, mimeType: 'image/svg+xml' } },
      admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'file.mimeType', message: expect.stringContaining('must be one of') }]);

    for (const name of ['Client/GetClientNote', 'Common/GetClientImage']) {
      expect((await call(t.app, name, { id: client.id }, other.accessToken)).status).toBe(404);
    }
    expect((await call(t.app, 'Common/UploadImageClient', { id: client.id, file }, other.accessToken)).status).toBe(
      404,
    );
  });
});

describe('statistics', () => {
  it('counts a client’s own bookings; a child’s bookings count on the child', async () => {
    const parent = await create({ name: 'Stats Group' });
    const child = await create({ name: 'Stats Kid', parentClientId: parent.id });
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000);
    await t.db.insert(bookings).values([
      { companyId: company.id, clientId: parent.id, status: 'completed', priceMinor: 4000, pickupAt: day(-40) },
      { companyId: company.id, clientId: parent.id, status: 'completed', priceMinor: 2000, pickupAt: day(-3) },
      { companyId: company.id, clientId: parent.id, status: 'cancelled', priceMinor: 9900, pickupAt: day(-2) },
      { companyId: company.id, clientId: parent.id, status: 'confirmed', priceMinor: 1500, pickupAt: day(5) },
      { companyId: company.id, clientId: child.id, status: 'completed', priceMinor: 7000, pickupAt: day(-1) },
      { companyId: company.id, clientId: child.id, status: 'completed', priceMinor: 7000, pickupAt: day(-1) },
    ]);
    const token = dispatcher.accessToken;
    const stats = await call(t.app, 'Client/GetClientStatistics', { id: parent.id }, token);
    expect(stats.body.data).toMatchObject({
      totalBookings: 4,
      completedBookings: 2,
      cancelledBookings: 1,
      upcomingBookings: 1,
      revenueMinor: 6000,
      averageFareMinor: 3000,
    });
    const ranged = await call(
      t.app,
      'Client/GetClientStatistics',
      { id: parent.id, fromDate: day(-10).toISOString().slice(0, 10) },
      token,
    );
    expect(ranged.body.data).toMatchObject({ totalBookings: 3, revenueMinor: 2000 });

    const counts = await call(t.app, 'Client/GetClientBookingCount', { id: parent.id }, token);
    expect(counts.body.data).toMatchObject({ total: 4, upcoming: 1 });
    const week = await call(t.app, 'Client/GetClientWeekDays', { id: parent.id }, token);
    expect(week.body.data).toHaveLength(7);
    expect(week.body.data.reduce((n, r) => n + Number(r.bookings), 0)).toBe(4);
    const trends = await call(t.app, 'Client/GetClientBookingTrends', { id: parent.id }, token);
    expect(trends.body.data).toHaveLength(12);
    expect(trends.body.data.reduce((n, r) => n + Number(r.bookings), 0)).toBe(3);

    const top = await call(t.app, 'Client/GetTopClient', { limit: 2 }, token);
    expect(top.body.data).toEqual([
      { rank: 1, id: child.id, name: 'Stats Kid', bookings: 2, revenueMinor: 14000 },
      { rank: 2, id: parent.id, name: 'Stats Group', bookings: 2, revenueMinor: 6000 },
    ]);
    const badLimit = await call(t.app, 'Client/GetTopClient', { limit: 0 }, token);
    expect(badLimit.body.errors).toEqual([{ field: 'limit', message: 'must be at least 1' }]);
  });

  it('answers 404 for another company’s client and 400 for a bad date', async () => {
    const theirs = await create({ name: 'Their stats' }, other.accessToken);
    for (const name of [
      'Client/GetClientStatistics',
      'Client/GetClientBookingCount',
      'Client/GetClientWeekDays',
      'Client/GetClientBookingTrends',
    ]) {
      expect((await call(t.app, name, { id: theirs.id }, admin.accessToken)).status, name).toBe(404);
    }
    const bad = await call(
      t.app,
      'Client/GetClientStatistics',
      { id: theirs.id, fromDate: '2026-13-01' },
      admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'fromDate', message: 'must be a real date' }]);
  });
});
