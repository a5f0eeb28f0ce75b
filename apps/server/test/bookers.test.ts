import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookers } from '../src/domains/bookings/schema';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { messageFactories } from './factories-notifications';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Accounts', true>;
let clientId: number;
let otherClientId: number;
let f: ReturnType<typeof messageFactories>;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Accounts'], otherCompany: true });
  f = messageFactories(w.db);
  clientId = await f.client(w.company.id, { name: 'Grand Hotel' });
  otherClientId = await f.client(w.other.company.id, { name: 'Their Hotel' });
});

describe('Booking/AddBooker', () => {
  it('adds a booker for a client and writes history', async () => {
    const res = await call(
      w.app,
      'Booking/AddBooker',
      { name: ' Claire Concierge ', email: 'Claire@GrandHotel.example', phone: '+44 20 7946 0101', clientId },
      w.as.Dispatcher.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Claire Concierge',
      email: 'claire@grandhotel.example',
      clientId,
      clientName: 'Grand Hotel',
      isActive: true,
      bookingCount: 0,
    });
    const history = await w.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.data.id));
    expect(history.some((h) => h.entityType === 'booker' && h.action === 'created')).toBe(true);
  });

  it('takes a booker without client, e-mail or phone (empty boxes are none)', async () => {
    const res = await call(
      w.app,
      'Booking/AddBooker',
      { name: 'Walk-in Assistant', email: '', phone: null, clientId: 0 },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: null, phone: null, clientId: null });
  });

  it('refuses bad input by field and writes nothing', async () => {
    const before = await w.db.$count(bookers);
    for (const [body, field] of [
      [{ email: 'a@b.example' }, 'name'],
      [{ name: 'X', email: 'nope' }, 'email'],
      [{ name: 'X', phone: 'ring ring' }, 'phone'],
      [{ name: 'X', clientId: 'abc' }, 'clientId'],
      [{ name: 'X', clientId: otherClientId }, 'clientId'],
    ] as const) {
      const res = await callRaw(w.app, 'Booking/AddBooker', body, w.admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    expect(await w.db.$count(bookers)).toBe(before);
  });

  it('needs the permission to change bookings', async () => {
    expect((await call(w.app, 'Booking/AddBooker', { name: 'X' }, w.as.Accounts.token)).status).toBe(403);
    expect((await call(w.app, 'Booking/AddBooker', { name: 'X' })).status).toBe(401);
  });
});

describe('Booking/UpdateBooker', () => {
  it('changes only the fields sent and clears with "" or null', async () => {
    const id = await f.booker(w.company.id, {
      name: 'Ben',
      email: 'ben@example.test',
      phone: '+44 1234 567890',
      clientId,
    });
    const res = await call(w.app, 'Booking/UpdateBooker', { id, phone: '', clientId: null }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Ben', email: 'ben@example.test', phone: null, clientId: null });
    const off = await call(w.app, 'Booking/UpdateBooker', { id, isActive: false }, w.admin.token);
    expect(off.body.data.isActive).toBe(false);
    const history = await w.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(history.filter((h) => h.entityType === 'booker' && h.action === 'updated')).toHaveLength(2);
  });

  it('refuses a cleared name, another company’s client and another company’s booker', async () => {
    const id = await f.booker(w.company.id, { name: 'Keep Me' });
    const cleared = await call(w.app, 'Booking/UpdateBooker', { id, name: '' }, w.admin.token);
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors?.[0]).toEqual({ field: 'name', message: 'Name is required', rule: 'is required' });
    const foreign = await call(w.app, 'Booking/UpdateBooker', { id, clientId: otherClientId }, w.admin.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]?.field).toBe('clientId');
    expect((await call(w.app, 'Booking/UpdateBooker', { id, name: 'Taken' }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Booking/UpdateBooker', { id, name: 'Nope' }, w.as.Accounts.token)).status).toBe(403);
    const [row] = await w.db.select().from(bookers).where(eq(bookers.id, id));
    expect(row?.name).toBe('Keep Me');
  });
});

describe('Booking/GetTableSummaryBooker', () => {
  it('pages, sorts, searches and counts bookings; another company sees none of them', async () => {
    const busy = await f.booker(w.company.id, { name: 'Busy Booker', clientId });
    await f.booking(w.company.id, { bookerId: busy });
    await f.booking(w.company.id, { bookerId: busy });
    const res = await call(
      w.app,
      'Booking/GetTableSummaryBooker',
      { sortColumn: 'bookingCount', sortType: 'desc', perPage: 2 },
      w.as.Accounts.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ name: 'Busy Booker', bookingCount: 2, clientName: 'Grand Hotel' });
    expect(res.body.total).toBe(Math.ceil(res.body.count / 2));
    const search = await call(w.app, 'Booking/GetTableSummaryBooker', { q: 'grand hotel' }, w.admin.token);
    expectEvery(search.body.data, (b) => b.clientName === 'Grand Hotel');
    const inactive = await call(w.app, 'Booking/GetTableSummaryBooker', { state: 'inactive' }, w.admin.token);
    expectEvery(inactive.body.data, (b) => !b.isActive);
    expect((await call(w.app, 'Booking/GetTableSummaryBooker', {}, w.other.admin.token)).body.count).toBe(0);
    const bad = await callRaw(w.app, 'Booking/GetTableSummaryBooker', { sortColumn: 'password' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('sortColumn');
  });
});

describe('Booking/GetBookerList', () => {
  it("gives the active bookers, a client's own first with those of no client", async () => {
    const otherClient = await f.client(w.company.id, { name: 'Other Firm' });
    await f.booker(w.company.id, { name: 'Firm Booker', clientId: otherClient });
    await f.booker(w.company.id, { name: 'Gone Booker', clientId, isActive: false });
    const res = await call(w.app, 'Booking/GetBookerList', { clientId }, w.as.Dispatcher.token);
    expect(res.status).toBe(200);
    const names = res.body.data.map((b) => b.name);
    expect(names).not.toContain('Firm Booker');
    expect(names).not.toContain('Gone Booker');
    expect(names).toContain('Walk-in Assistant');
    const firstWithout = res.body.data.findIndex((b) => b.clientId === null);
    expectEvery(res.body.data.slice(0, firstWithout), (b) => b.clientId === clientId, "the client's own");
    expectEvery(res.body.data.slice(firstWithout), (b) => b.clientId === null, 'those of no client');
    expect((await call(w.app, 'Booking/GetBookerList', {}, w.other.admin.token)).body.count).toBe(0);
    expect((await call(w.app, 'Booking/GetBookerList', { clientId: 'x' }, w.admin.token)).status).toBe(400);
  });
});
