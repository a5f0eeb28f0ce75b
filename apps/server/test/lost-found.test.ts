import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { lostItems } from '../src/domains/lost-found/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { createBookingRow, createDriverRow, createPassengerRow } from './factories-incidents';
import { world, type Person, type World } from './world';

let w: World<'Accounts', true>;
/** A dispatcher with a name, which a found item records as its author. */
let dispatcher: Person;
let done: number;
let upcoming: number;
let theirs: number;

const create = (body: CallInput<'LostandFound/Create'>, token = dispatcher.token) =>
  call(w.app, 'LostandFound/Create', body, token);
const list = (body: CallInput<'LostandFound/GetTableSummary'> = {}, token = dispatcher.token) =>
  call(w.app, 'LostandFound/GetTableSummary', body, token);
const choices = (body: CallInput<'LostandFound/GetBookingsIDForLostItems'> = {}, token = dispatcher.token) =>
  call(w.app, 'LostandFound/GetBookingsIDForLostItems', body, token);
/** A call with input the contract refuses, as the dispatcher. */
const raw = (name: string, body: unknown) => callRaw(w.app, name, body, dispatcher.token);

beforeAll(async () => {
  w = await world({ company: { timezone: 'Europe/London' }, roles: ['Accounts'], otherCompany: true });
  dispatcher = await w.person('Dispatcher', { fullName: 'Dee Spatch' });
  const driverId = await createDriverRow(w.db, w.company.id, { firstName: 'Zed', lastName: 'Wheeler' });
  const passengerId = await createPassengerRow(w.db, w.company.id);
  done = await createBookingRow(w.db, w.company.id, { driverId, passengerId, pickup: 'Kings Cross', dropoff: 'Soho' });
  upcoming = await createBookingRow(w.db, w.company.id, {
    status: 'confirmed',
    pickupAt: new Date(Date.now() + 86_400_000),
    pickup: 'Paddington',
  });
  theirs = await createBookingRow(w.db, w.other.company.id);
});

describe('LostandFound/GetLostItemCategoryList', () => {
  it('lists the kinds of item with their codes', async () => {
    const res = await call(w.app, 'LostandFound/GetLostItemCategoryList', {}, dispatcher.token);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({ id: 1, code: 'phone', name: 'Phone' });
    expect(res.body.count).toBe(11);
    const paged = await call(w.app, 'LostandFound/GetLostItemCategoryList', { perPage: 5, page: 2 }, dispatcher.token);
    expect(paged.body).toMatchObject({ total: 3, count: 11 });
    expect(paged.body.data).toHaveLength(1);
    expect((await call(w.app, 'LostandFound/GetLostItemCategoryList', { perPage: 'x' }, dispatcher.token)).status).toBe(
      400,
    );
    expect((await call(w.app, 'LostandFound/GetLostItemCategoryList', {}, w.as.Accounts.token)).status).toBe(403);
  });
});

describe('LostandFound/GetBookingsIDForLostItems', () => {
  it('offers the bookings someone rode in, latest first; all bookings on request; searchable by number', async () => {
    const rode = await choices();
    expect(rode.status).toBe(200);
    expect(rode.body.data.map((c) => c.id)).toEqual([done]);
    expect(rode.body.data[0]).toMatchObject({ name: `#${done} · Kings Cross → Soho`, driverName: 'Zed Wheeler' });
    const all = await choices({ allBookings: true });
    expect(all.body.data.map((c) => c.id)).toEqual([upcoming, done]);
    expect((await choices({ allBookings: true, q: String(upcoming) })).body.data.map((c) => c.id)).toEqual([upcoming]);
    expect((await choices({ allBookings: true, q: 'paddington' })).body.data.map((c) => c.id)).toEqual([upcoming]);
  });

  it('answers bad input, shows nothing of another company and refuses a role without LostAndFound', async () => {
    expect((await raw('LostandFound/GetBookingsIDForLostItems', { allBookings: 'perhaps' })).status).toBe(400);
    const mine = await choices({ allBookings: true }, w.other.admin.token);
    expect(mine.body.data.map((c) => c.id)).toEqual([theirs]);
    expect((await choices({}, w.as.Accounts.token)).status).toBe(403);
  });
});

describe('LostandFound/Create', () => {
  it('records an item held against a booking, and writes history', async () => {
    const res = await create({
      bookingId: done,
      category: 'phone',
      description: ' Black iPhone in a red case ',
      foundAt: '2025-03-04T23:30:00Z',
      notes: 'Under the back seat',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: 'Item recorded.' });
    expect(res.body.data).toMatchObject({
      bookingID: done,
      category: 'phone',
      categoryName: 'Phone',
      description: 'Black iPhone in a red case',
      foundAt: '2025-03-04T23:30:00.000Z',
      status: true,
      itemStatus: 'held',
      pickUp: 'Kings Cross',
      dropOff: 'Soho',
      driverName: 'Zed Wheeler',
      notes: 'Under the back seat',
      createdByName: 'Dee Spatch',
    });
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'lost_item'), eq(auditLog.entityId, res.body.data.id)));
    expect(history.map((h) => h.action)).toEqual(['created']);
    const now = await create({ bookingId: done, category: 'umbrella', description: 'Green umbrella' });
    expect(Date.parse(String(now.body.data.foundAt))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers bad input naming each field and writes nothing', async () => {
    const before = await w.db.select().from(lostItems);
    const res = await raw('LostandFound/Create', {
      bookingId: 0,
      category: 'car',
      description: '',
      foundAt: 'yesterday',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['bookingId', 'category', 'description', 'foundAt']);
    const future = await create({
      bookingId: done,
      category: 'bag',
      description: 'x',
      foundAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.body.errors).toEqual([
      { field: 'foundAt', message: 'Found at must not be in the future', rule: 'must not be in the future' },
    ]);
    const missing = await create({ bookingId: 999999, category: 'bag', description: 'x' });
    expect(missing.body.errors).toEqual([
      {
        field: 'bookingId',
        message: 'Booking must be a booking of your company',
        rule: 'must be a booking of your company',
      },
    ]);
    expect(await w.db.select().from(lostItems)).toHaveLength(before.length);
  });

  it('refuses another company’s booking and a role without LostAndFound', async () => {
    const res = await create({ bookingId: theirs, category: 'bag', description: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('bookingId');
    expect((await create({ bookingId: done, category: 'bag', description: 'x' }, w.other.admin.token)).status).toBe(
      400,
    );
    expect((await create({ bookingId: done, category: 'bag', description: 'x' }, w.as.Accounts.token)).status).toBe(
      403,
    );
  });
});

describe('LostandFound/GetTableSummary', () => {
  it('lists newest find first, with company-day ranges as the dashboard asks', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.data.map((r) => r.category)).toEqual(['umbrella', 'phone']);
    // 23:30 UTC on 4 March is still 4 March in London (GMT).
    const day = await list({ fromDate: '2025-03-04', toDate: '2025-03-04', page: 0, perPage: 0 });
    expect(day.body.data.map((r) => r.category)).toEqual(['phone']);
    expect((await list({ fromDate: '2025-03-05', toDate: '2025-03-05' })).body.count).toBe(0);
    expect((await list({ status: true })).body.count).toBe(2);
    expect((await list({ status: false })).body.count).toBe(0);
    expect((await list({ category: 'phone' })).body.count).toBe(1);
    expect((await list({ q: 'iphone' })).body.count).toBe(1);
    expect((await list({ q: `#${done}` })).body.count).toBe(2);
    const sorted = await list({ sortColumn: 'categoryName', sortType: 'asc' });
    expect(sorted.body.data.map((r) => r.categoryName)).toEqual(['Phone', 'Umbrella']);
  });

  it('answers bad input, shows nothing of another company and refuses a role without LostAndFound', async () => {
    const bad = await list({ fromDate: '2025-03-05', toDate: '2025-03-01' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: [
        { field: 'toDate', message: 'To date must be on or after fromDate', rule: 'must be on or after fromDate' },
      ],
    });
    expect((await raw('LostandFound/GetTableSummary', { sortColumn: 'price' })).status).toBe(400);
    expect((await list({}, w.other.admin.token)).body.count).toBe(0);
    expect((await list({}, w.as.Accounts.token)).status).toBe(403);
  });
});
