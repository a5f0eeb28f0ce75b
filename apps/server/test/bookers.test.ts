import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookers } from '../src/domains/bookings/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';
import { messageFactories } from './factories-notifications';

let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let dispatcher: SignedIn;
let accounts: SignedIn;
let clientId: number;
let otherClientId: number;
let f: ReturnType<typeof messageFactories>;

type Booker = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  clientId: number | null;
  clientName: string | null;
  isActive: boolean;
  bookingCount: number;
};
type Answer = { code: number; data: Booker; errors?: { field: string; message: string }[] };
type List = { data: Booker[]; allData: Booker[]; total: number; count: number };

beforeAll(async () => {
  t = await createTestApp();
  f = messageFactories(t.db);
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, otherCompany.adminEmail);
  dispatcher = await signIn(
    t.app,
    (await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher })).email,
  );
  accounts = await signIn(
    t.app,
    (await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Accounts })).email,
  );
  clientId = await f.client(company.id, { name: 'Grand Hotel' });
  otherClientId = await f.client(otherCompany.id, { name: 'Their Hotel' });
});

describe('Booking/AddBooker', () => {
  it('adds a booker for a client and writes history', async () => {
    const res = await call(
      t.app,
      'Booking/AddBooker',
      { name: ' Claire Concierge ', email: 'Claire@GrandHotel.example', phone: '+44 20 7946 0101', clientId },
      dispatcher.accessToken,
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
    const history = await t.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.data.id));
    expect(history.some((h) => h.entityType === 'booker' && h.action === 'created')).toBe(true);
  });

  it('takes a booker without client, e-mail or phone (empty boxes are none)', async () => {
    const res = await call(
      t.app,
      'Booking/AddBooker',
      { name: 'Walk-in Assistant', email: '', phone: null, clientId: 0 },
      admin.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: null, phone: null, clientId: null });
  });

  it('refuses bad input by field and writes nothing', async () => {
    const before = await t.db.$count(bookers);
    for (const [body, field] of [
      [{ email: 'a@b.example' }, 'name'],
      [{ name: 'X', email: 'nope' }, 'email'],
      [{ name: 'X', phone: 'ring ring' }, 'phone'],
      [{ name: 'X', clientId: 'abc' }, 'clientId'],
      [{ name: 'X', clientId: otherClientId }, 'clientId'],
    ] as const) {
      const res = await call(t.app, 'Booking/AddBooker', body, admin.accessToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    expect(await t.db.$count(bookers)).toBe(before);
  });

  it('needs the permission to change bookings', async () => {
    expect((await call(t.app, 'Booking/AddBooker', { name: 'X' }, accounts.accessToken)).status).toBe(403);
    expect((await call(t.app, 'Booking/AddBooker', { name: 'X' })).status).toBe(401);
  });
});

describe('Booking/UpdateBooker', () => {
  it('changes only the fields sent and clears with "" or null', async () => {
    const id = await f.booker(company.id, {
      name: 'Ben',
      email: 'ben@example.test',
      phone: '+44 1234 567890',
      clientId,
    });
    const res = await call(t.app, 'Booking/UpdateBooker', { id, phone: '', clientId: null }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Ben', email: 'ben@example.test', phone: null, clientId: null });
    const off = await call(t.app, 'Booking/UpdateBooker', { id, isActive: false }, admin.accessToken);
    expect(off.body.data.isActive).toBe(false);
    const history = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(history.filter((h) => h.entityType === 'booker' && h.action === 'updated')).toHaveLength(2);
  });

  it('refuses a cleared name, another company’s client and another company’s booker', async () => {
    const id = await f.booker(company.id, { name: 'Keep Me' });
    const cleared = await call(t.app, 'Booking/UpdateBooker', { id, name: '' }, admin.accessToken);
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors?.[0]).toEqual({ field: 'name', message: 'is required' });
    const foreign = await call(t.app, 'Booking/UpdateBooker', { id, clientId: otherClientId }, admin.accessToken);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]?.field).toBe('clientId');
    expect((await call(t.app, 'Booking/UpdateBooker', { id, name: 'Taken' }, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'Booking/UpdateBooker', { id, name: 'Nope' }, accounts.accessToken)).status).toBe(403);
    const [row] = await t.db.select().from(bookers).where(eq(bookers.id, id));
    expect(row?.name).toBe('Keep Me');
  });
});

describe('Booking/GetTableSummaryBooker', () => {
  it('pages, sorts, searches and counts bookings; another company sees none of them', async () => {
    const busy = await f.booker(company.id, { name: 'Busy Booker', clientId });
    await f.booking(company.id, { bookerId: busy });
    await f.booking(company.id, { bookerId: busy });
    const res = await call(
      t.app,
      'Booking/GetTableSummaryBooker',
      { sortColumn: 'bookingCount', sortType: 'desc', perPage: 2 },
      accounts.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ name: 'Busy Booker', bookingCount: 2, clientName: 'Grand Hotel' });
    expect(res.body.total).toBe(Math.ceil(res.body.count / 2));
    const search = await call(t.app, 'Booking/GetTableSummaryBooker', { q: 'grand hotel' }, admin.accessToken);
    expect(search.body.data.every((b) => b.clientName === 'Grand Hotel')).toBe(true);
    const inactive = await call(t.app, 'Booking/GetTableSummaryBooker', { state: 'inactive' }, admin.accessToken);
    expect(inactive.body.data.every((b) => !b.isActive)).toBe(true);
    expect((await call(t.app, 'Booking/GetTableSummaryBooker', {}, other.accessToken)).body.count).toBe(0);
    const bad = await call(t.app, 'Booking/GetTableSummaryBooker', { sortColumn: 'password' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('sortColumn');
  });
});

describe('Booking/GetBookerList', () => {
  it("gives the active bookers, a client's own first with those of no client", async () => {
    const otherClient = await f.client(company.id, { name: 'Other Firm' });
    await f.booker(company.id, { name: 'Firm Booker', clientId: otherClient });
    await f.booker(company.id, { name: 'Gone Booker', clientId, isActive: false });
    const res = await call(t.app, 'Booking/GetBookerList', { clientId }, dispatcher.accessToken);
    expect(res.status).toBe(200);
    const names = res.body.data.map((b) => b.name);
    expect(names).not.toContain('Firm Booker');
    expect(names).not.toContain('Gone Booker');
    expect(names).toContain('Walk-in Assistant');
    const firstWithout = res.body.data.findIndex((b) => b.clientId === null);
    expect(res.body.data.slice(0, firstWithout).every((b) => b.clientId === clientId)).toBe(true);
    expect((await call(t.app, 'Booking/GetBookerList', {}, other.accessToken)).body.count).toBe(0);
    expect((await call(t.app, 'Booking/GetBookerList', { clientId: 'x' }, admin.accessToken)).status).toBe(400);
  });
});
