import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings, repeatBookings } from '../src/domains/bookings/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';
import { messageFactories } from './factories-notifications';

let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let accounts: SignedIn;
let f: ReturnType<typeof messageFactories>;

type Row = {
  id: number;
  weekDays: number[];
  isCancelled: boolean;
  bookingCount: number;
  upcomingCount: number;
  pickup: string | null;
  passengerName: string | null;
  clientName: string | null;
};
type List = { data: Row[]; count: number };
type Cancelled = {
  code: number;
  message: string;
  data: { id: number; cancelledAt: string; cancelledBookingIds: number[] };
  errors?: { field: string }[];
};

const day = 24 * 3600_000;
const inDays = (n: number) => new Date(Date.now() + n * day);

/** A series whose bookings are in every state cancelling must tell apart. */
async function series(companyId: number) {
  const passengerId = await f.passenger(companyId, { firstName: 'Rita', surname: 'Regular' });
  const clientId = await f.client(companyId, { name: 'Weekly Ltd' });
  const first = await f.booking(companyId, {
    passengerId,
    clientId,
    status: 'completed',
    pickupAt: inDays(-7),
    pickup: 'Office Park 1',
  });
  const id = await f.repeatSeries(companyId, first);
  const make = (status: (typeof bookings.$inferInsert)['status'], at: Date) =>
    f.booking(companyId, { passengerId, clientId, status, pickupAt: at, repeatBookingId: id });
  return {
    id,
    first,
    pastPending: await make('pending', inDays(-1)),
    futurePending: await make('pending', inDays(2)),
    futureConfirmed: await make('confirmed', inDays(9)),
    futureAllocated: await make('allocated', inDays(3)),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  f = messageFactories(t.db);
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, otherCompany.adminEmail);
  accounts = await signIn(
    t.app,
    (await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Accounts })).email,
  );
});

const statusOf = async (id: number) =>
  (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

describe('Booking/GetTableSummaryRepeatBooking', () => {
  it('lists active series with week days, journey and counts', async () => {
    const s = await series(company.id);
    const res = await call(t.app, 'Booking/GetTableSummaryRepeatBooking', { id: s.id }, accounts.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      id: s.id,
      weekDays: [1, 3, 5],
      isCancelled: false,
      bookingCount: 5,
      upcomingCount: 2,
      pickup: 'Office Park 1',
      passengerName: 'Rita Regular',
      clientName: 'Weekly Ltd',
    });
    const search = await call(t.app, 'Booking/GetTableSummaryRepeatBooking', { q: 'weekly' }, admin.accessToken);
    expect(search.body.data.map((r) => r.id)).toContain(s.id);
    expect((await call(t.app, 'Booking/GetTableSummaryRepeatBooking', {}, other.accessToken)).body.count).toBe(0);
    const bad = await call(t.app, 'Booking/GetTableSummaryRepeatBooking', { state: 'paused' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('state');
  });
});

describe('Booking/CancelRepeatBooking', () => {
  it('cancels the future pending and confirmed bookings of the series; the rest stay', async () => {
    const s = await series(company.id);
    const res = await call(t.app, 'Booking/CancelRepeatBooking', { id: s.id }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.cancelledBookingIds).toEqual([s.futurePending, s.futureConfirmed]);
    expect(res.body.message).toBe('Repeat booking cancelled with 2 future bookings.');
    expect(await statusOf(s.futurePending)).toBe('cancelled');
    expect(await statusOf(s.futureConfirmed)).toBe('cancelled');
    expect(await statusOf(s.futureAllocated)).toBe('allocated');
    expect(await statusOf(s.pastPending)).toBe('pending');
    expect(await statusOf(s.first)).toBe('completed');
    const [row] = await t.db.select().from(repeatBookings).where(eq(repeatBookings.id, s.id));
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    // Each cancelled booking went through the state machine and left its history row.
    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.action, 'cancel')));
    expect(history.map((h) => h.entityId)).toEqual(expect.arrayContaining([s.futurePending, s.futureConfirmed]));

    const listed = await call(t.app, 'Booking/GetTableSummaryRepeatBooking', { state: 'cancelled' }, admin.accessToken);
    expect(listed.body.data.find((r) => r.id === s.id)).toMatchObject({ isCancelled: true, upcomingCount: 0 });
    const active = await call(t.app, 'Booking/GetTableSummaryRepeatBooking', {}, admin.accessToken);
    expect(active.body.data.map((r) => r.id)).not.toContain(s.id);
  });

  it('answers 409 for a series cancelled already', async () => {
    const s = await series(company.id);
    expect((await call(t.app, 'Booking/CancelRepeatBooking', { id: s.id }, admin.accessToken)).status).toBe(200);
    const again = await call(t.app, 'Booking/CancelRepeatBooking', { id: s.id }, admin.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.cancelledAt).toBeTruthy();
  });

  it("refuses bad input, another company's series and a role without the permission, changing nothing", async () => {
    const s = await series(company.id);
    const bad = await call(t.app, 'Booking/CancelRepeatBooking', { id: -1 }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await call(t.app, 'Booking/CancelRepeatBooking', { id: s.id }, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'Booking/CancelRepeatBooking', { id: s.id }, accounts.accessToken)).status).toBe(403);
    expect(await statusOf(s.futurePending)).toBe('pending');
    const [row] = await t.db.select().from(repeatBookings).where(eq(repeatBookings.id, s.id));
    expect(row?.cancelledAt).toBeNull();
  });
});
