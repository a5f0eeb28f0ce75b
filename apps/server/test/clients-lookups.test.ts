import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { clientReferenceTypes, clientTypes } from '../src/domains/clients/schema';
import { tags } from '../src/domains/reference-data/schema';
import { staff } from '../src/domains/staff/schema';
import type { CallInput } from '@cabdesk/contract';
import { expectSameAnswer } from './assertions';
import { call } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'passenger', true>;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'passenger'], otherCompany: true });
});

const create = async (body: CallInput<'Client/Create'>, token = w.admin.token) => {
  const res = await call(w.app, 'Client/Create', body, token);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name);

describe('look-ups of the client form', () => {
  it('lists active client types, reference types, client tags and representatives', async () => {
    await w.db.insert(clientTypes).values([
      { companyId: w.company.id, name: 'Airline' },
      { companyId: w.company.id, name: 'Retired type', isActive: false },
    ]);
    await w.db.insert(clientReferenceTypes).values({ companyId: w.company.id, name: 'Old code', isActive: false });
    await w.db.insert(tags).values([
      { companyId: w.company.id, name: 'VIP', tagType: 'client', colour: '#ff0000' },
      { companyId: w.company.id, name: 'Night owl', tagType: 'driver' },
    ]);
    await w.db.insert(staff).values([
      { companyId: w.company.id, firstName: 'Ada', lastName: 'Account', email: 'ada@example.test' },
      { companyId: w.company.id, firstName: 'Zed', lastName: 'Left', isActive: false },
    ]);
    const token = w.admin.token;
    expect(names(await call(w.app, 'Client/GetClientTypeList', {}, token))).toEqual(['Airline']);
    expect(names(await call(w.app, 'Client/GetRefClientReferenceTypeList', {}, token))).toEqual([
      'Cost centre',
      'Department',
      'Employee number',
      'Purchase order',
    ]);
    const tagList = await call(w.app, 'Client/GetClientTagList', {}, token);
    expect(tagList.body.data).toEqual([{ id: expect.any(Number), name: 'VIP', colour: '#ff0000' }]);
    const reps = await call(w.app, 'Client/GetClientRepresentativeList', { q: 'ada' }, token);
    expect(reps.body.data).toEqual([{ id: expect.any(Number), name: 'Ada Account', email: 'ada@example.test' }]);
    expect(names(await call(w.app, 'Client/GetClientRepresentativeList', {}, token))).not.toContain('Zed Left');
  });

  it('lists the message events as code rows', async () => {
    const sms = await call(w.app, 'Client/GetClientSMSList', {}, w.admin.token);
    expect(sms.body.data.map((r) => r.code)).toEqual([
      'confirmation',
      'on_route',
      'assigned',
      'address_change',
      'arrival',
      'completion',
    ]);
    expect(sms.body.data[0]).toEqual({ id: 1, code: 'confirmation', name: 'Booking confirmation' });
    const email = await call(w.app, 'Client/GetClientEmailList', {}, w.admin.token);
    expect(email.body.count).toBe(6);
    const phone = await call(w.app, 'Client/GetClientPhoneCallList', {}, w.admin.token);
    expect(phone.body.data).toEqual([{ id: 1, code: 'arrival', name: 'Call the passenger on arrival' }]);
  });

  it('gives a dispatcher the same look-ups as the admin, and nothing of another company', async () => {
    const theirs = w.other.company.id;
    await w.db.insert(clientTypes).values({ companyId: theirs, name: 'Their type' });
    await w.db.insert(clientReferenceTypes).values({ companyId: theirs, name: 'Their reference' });
    await w.db.insert(tags).values({ companyId: theirs, name: 'Their tag', tagType: 'client' });
    await w.db.insert(staff).values({ companyId: theirs, firstName: 'Their', lastName: 'Rep' });
    for (const name of [
      'Client/GetClientTypeList',
      'Client/GetRefClientReferenceTypeList',
      'Client/GetClientTagList',
      'Client/GetClientRepresentativeList',
      'Client/GetClientSMSList',
      'Client/GetClientEmailList',
      'Client/GetClientPhoneCallList',
    ] as const) {
      const list = await expectSameAnswer(w.app, name, {}, w.admin.token, w.as.Dispatcher.token);
      expect(list.data.length, name).toBeGreaterThan(0);
      expect(
        list.data.filter((r) => r.name.startsWith('Their')),
        name,
      ).toEqual([]);
    }
  });

  it('keeps staff names and client names from passengers, but not fixed lists', async () => {
    const token = w.as.passenger.token;
    expect((await call(w.app, 'Client/GetClientSMSList', {}, token)).status).toBe(200);
    expect((await call(w.app, 'Client/GetClientRepresentativeList', {}, token)).status).toBe(403);
    expect((await call(w.app, 'Common/GetClientList', {}, token)).status).toBe(403);
  });
});

describe('client pickers (Common)', () => {
  it('lists active clients, searches name and account number, ranks exact account numbers first', async () => {
    const parent = await create({ name: 'Picker Group', accountNo: 'PK' });
    await create({ name: 'Picker Kid', accountNo: 'PK-2', parentClientId: parent.id });
    await create({ name: 'Spk Trading', accountNo: 'X-9' });
    await create({ name: 'Picker Sleeping', isActive: false });
    await create({ name: 'Picker Theirs' }, w.other.admin.token);

    const all = await call(w.app, 'Common/GetClientList', {}, w.as.Dispatcher.token);
    expect(names(all)).toEqual(['Picker Group', 'Picker Kid', 'Spk Trading']);
    expect(all.body.data[1]).toEqual({
      id: expect.any(Number),
      name: 'Picker Kid',
      accountNo: 'PK-2',
      parentClientId: parent.id,
    });
    const search = await call(w.app, 'Common/GetClientListWithSearch', { q: 'pk-' }, w.admin.token);
    expect(names(search)).toEqual(['Picker Kid']);
    const ranked = await call(w.app, 'Common/GetSearchedClient', { q: 'pk' }, w.admin.token);
    expect(names(ranked)).toEqual(['Picker Group', 'Picker Kid', 'Spk Trading']);
    const named = await call(w.app, 'Common/GetSearchedClient', { q: 'S' }, w.admin.token);
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
    const note = await call(w.app, 'Client/GetClientNote', { id: client.id }, w.admin.token);
    expect(note.body.data).toEqual({ id: client.id, notes: 'Use the side gate.' });
    const before = await call(w.app, 'Common/GetClientImage', { id: client.id }, w.admin.token);
    expect(before.body.data).toEqual({ id: client.id, imageUrl: null });

    const file = { fileName: 'logo.png', mimeType: 'image/png', content: png };
    const up = await call(w.app, 'Common/UploadImageClient', { id: client.id, file }, w.admin.token);
    expect(up.status).toBe(200);
    expect(String(up.body.data.imageUrl)).toMatch(/^\//);
    const after = await call(w.app, 'Common/GetClientImage', { id: client.id }, w.admin.token);
    expect(after.body.data.imageUrl).toBeTruthy();
    const listed = await call(w.app, 'Client/GetTableSummary', { clientId: client.id }, w.admin.token);
    expect(listed.body.data[0]?.photoUrl).toBeTruthy();

    const bad = await call(
      w.app,
      'Common/UploadImageClient',
      { id: client.id, file: { ...file, mimeType: 'image/svg+xml' } },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ field: 'file.mimeType', rule: expect.stringContaining('must be one of') }),
    ]);

    for (const name of ['Client/GetClientNote', 'Common/GetClientImage'] as const) {
      expect((await call(w.app, name, { id: client.id }, w.other.admin.token)).status).toBe(404);
    }
    expect((await call(w.app, 'Common/UploadImageClient', { id: client.id, file }, w.other.admin.token)).status).toBe(
      404,
    );
  });
});

describe('statistics', () => {
  it('counts a client’s own bookings; a child’s bookings count on the child', async () => {
    const parent = await create({ name: 'Stats Group' });
    const child = await create({ name: 'Stats Kid', parentClientId: parent.id });
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000);
    await w.db.insert(bookings).values([
      { companyId: w.company.id, clientId: parent.id, status: 'completed', priceMinor: 4000, pickupAt: day(-40) },
      { companyId: w.company.id, clientId: parent.id, status: 'completed', priceMinor: 2000, pickupAt: day(-3) },
      { companyId: w.company.id, clientId: parent.id, status: 'cancelled', priceMinor: 9900, pickupAt: day(-2) },
      { companyId: w.company.id, clientId: parent.id, status: 'confirmed', priceMinor: 1500, pickupAt: day(5) },
      { companyId: w.company.id, clientId: child.id, status: 'completed', priceMinor: 7000, pickupAt: day(-1) },
      { companyId: w.company.id, clientId: child.id, status: 'completed', priceMinor: 7000, pickupAt: day(-1) },
    ]);
    const token = w.as.Dispatcher.token;
    const stats = await call(w.app, 'Client/GetClientStatistics', { id: parent.id }, token);
    expect(stats.body.data).toMatchObject({
      totalBookings: 4,
      completedBookings: 2,
      cancelledBookings: 1,
      upcomingBookings: 1,
      revenueMinor: 6000,
      averageFareMinor: 3000,
    });
    const ranged = await call(
      w.app,
      'Client/GetClientStatistics',
      { id: parent.id, fromDate: day(-10).toISOString().slice(0, 10) },
      token,
    );
    expect(ranged.body.data).toMatchObject({ totalBookings: 3, revenueMinor: 2000 });

    const counts = await call(w.app, 'Client/GetClientBookingCount', { id: parent.id }, token);
    expect(counts.body.data).toMatchObject({ total: 4, upcoming: 1 });
    const week = await call(w.app, 'Client/GetClientWeekDays', { id: parent.id }, token);
    expect(week.body.data).toHaveLength(7);
    expect(week.body.data.reduce((n, r) => n + Number(r.bookings), 0)).toBe(4);
    const trends = await call(w.app, 'Client/GetClientBookingTrends', { id: parent.id }, token);
    expect(trends.body.data).toHaveLength(12);
    expect(trends.body.data.reduce((n, r) => n + Number(r.bookings), 0)).toBe(3);

    const top = await call(w.app, 'Client/GetTopClient', { limit: 2 }, token);
    expect(top.body.data).toEqual([
      { rank: 1, id: child.id, name: 'Stats Kid', bookings: 2, revenueMinor: 14000 },
      { rank: 2, id: parent.id, name: 'Stats Group', bookings: 2, revenueMinor: 6000 },
    ]);
    const badLimit = await call(w.app, 'Client/GetTopClient', { limit: 0 }, token);
    expect(badLimit.body.errors).toEqual([
      { field: 'limit', message: 'Limit must be at least 1', rule: 'must be at least 1' },
    ]);
  });

  it('answers 404 for another company’s client and 400 for a bad date', async () => {
    const theirs = await create({ name: 'Their stats' }, w.other.admin.token);
    for (const name of [
      'Client/GetClientStatistics',
      'Client/GetClientBookingCount',
      'Client/GetClientWeekDays',
      'Client/GetClientBookingTrends',
    ] as const) {
      expect((await call(w.app, name, { id: theirs.id }, w.admin.token)).status, name).toBe(404);
    }
    const bad = await call(
      w.app,
      'Client/GetClientStatistics',
      { id: theirs.id, fromDate: '2026-13-01' },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'fromDate', message: 'From date must be a real date', rule: 'must be a real date' },
    ]);
  });
});
