import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings, repeatBookings } from '../src/domains/bookings/schema';
import { call, callRaw } from './client';
import { messageFactories } from './factories-notifications';
import { world, type World } from './world';

let w: World<'Accounts', true>;
let f: ReturnType<typeof messageFactories>;

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
  w = await world({ roles: ['Accounts'], otherCompany: true });
  f = messageFactories(w.db);
});

const statusOf = async (id: number) =>
  (await w.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

describe('Booking/GetTableSummaryRepeatBooking', () => {
  it('lists active series with week days, journey and counts', async () => {
    const s = await series(w.company.id);
    const res = await call(w.app, 'Booking/GetTableSummaryRepeatBooking', { id: s.id }, w.as.Accounts.token);
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
    const search = await call(w.app, 'Booking/GetTableSummaryRepeatBooking', { q: 'weekly' }, w.admin.token);
    expect(search.body.data.map((r) => r.id)).toContain(s.id);
    expect((await call(w.app, 'Booking/GetTableSummaryRepeatBooking', {}, w.other.admin.token)).body.count).toBe(0);
    const bad = await callRaw(w.app, 'Booking/GetTableSummaryRepeatBooking', { state: 'paused' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('state');
  });
});

describe('Booking/CancelRepeatBooking', () => {
  it('cancels the future pending and confirmed bookings of the series; the rest stay', async () => {
    const s = await series(w.company.id);
    const res = await call(w.app, 'Booking/CancelRepeatBooking', { id: s.id }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.cancelledBookingIds).toEqual([s.futurePending, s.futureConfirmed]);
    expect(res.body.message).toBe('Repeat booking cancelled with 2 future bookings.');
    expect(await statusOf(s.futurePending)).toBe('cancelled');
    expect(await statusOf(s.futureConfirmed)).toBe('cancelled');
    expect(await statusOf(s.futureAllocated)).toBe('allocated');
    expect(await statusOf(s.pastPending)).toBe('pending');
    expect(await statusOf(s.first)).toBe('completed');
    const [row] = await w.db.select().from(repeatBookings).where(eq(repeatBookings.id, s.id));
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    // Each cancelled booking went through the state machine and left its history row.
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.action, 'cancel')));
    expect(history.map((h) => h.entityId)).toEqual(expect.arrayContaining([s.futurePending, s.futureConfirmed]));

    const listed = await call(w.app, 'Booking/GetTableSummaryRepeatBooking', { state: 'cancelled' }, w.admin.token);
    expect(listed.body.data.find((r) => r.id === s.id)).toMatchObject({ isCancelled: true, upcomingCount: 0 });
    const active = await call(w.app, 'Booking/GetTableSummaryRepeatBooking', {}, w.admin.token);
    expect(active.body.data.map((r) => r.id)).not.toContain(s.id);
  });

  it('answers 409 for a series cancelled already', async () => {
    const s = await series(w.company.id);
    expect((await call(w.app, 'Booking/CancelRepeatBooking', { id: s.id }, w.admin.token)).status).toBe(200);
    const again = await call(w.app, 'Booking/CancelRepeatBooking', { id: s.id }, w.admin.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ cancelledAt: expect.any(String) });
  });

  it("refuses bad input, another company's series and a role without the permission, changing nothing", async () => {
    const s = await series(w.company.id);
    const bad = await call(w.app, 'Booking/CancelRepeatBooking', { id: -1 }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await call(w.app, 'Booking/CancelRepeatBooking', { id: s.id }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Booking/CancelRepeatBooking', { id: s.id }, w.as.Accounts.token)).status).toBe(403);
    expect(await statusOf(s.futurePending)).toBe('pending');
    const [row] = await w.db.select().from(repeatBookings).where(eq(repeatBookings.id, s.id));
    expect(row?.cancelledAt).toBeNull();
  });
});
