import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingStatuses } from '@cabdesk/contract';
import { bookings } from '../src/domains/bookings/schema';
import { fillStaleRollups, refreshRollups } from '../src/domains/reports/rollup/refresh';
import { companies } from '../src/platform/tenancy/companies';
import { call, callData } from './client';
import { bookingHistory } from './factories-history';
import { createUser } from './factories';
import { bookingWorld, type BookingWorld } from './factories-bookings';
import { createTestApp, type TestApp } from './harness';
import { asideFromRollup as aside, changesNoted as noted } from './rollup-aside';

/**
 * The daily rollup answers exactly what the bookings answer: after it is filled, while days change
 * under it, after the change log is drained, and across a change of the company's time zone.
 */
let t: TestApp;
let w: BookingWorld;
let drivers: number[] = [];
const march = { fromDate: '2026-03-01', toDate: '2026-03-31' };

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

async function seedMonth(seed: number, count: number) {
  const g = generator(seed);
  for (let i = 0; i < count; i += 1) {
    const pickup = new Date(Date.UTC(2026, 2, 1 + Math.floor(g.next() * 31), Math.floor(g.next() * 24), 0));
    const status = g.pick(bookingStatuses);
    const minutes = (n: number) => new Date(pickup.getTime() + n * 60_000);
    const [row] = await t.db
      .insert(bookings)
      .values({
        companyId: w.company.id,
        passengerId: g.pick([w.passengerId, w.passengerId, null]),
        clientId: g.pick([w.clientId, w.otherClientId, null]),
        driverId: g.pick([...drivers, null]),
        vehicleTypeId: g.pick([w.saloonId, w.mpvId, null]),
        paymentMethod: g.pick(['cash', 'card', 'account', null]),
        status,
        priceMinor: Math.floor(g.next() * 9_000) + 500,
        pickupAt: pickup,
        createdAt: minutes(-60 * 24 * g.next()),
        offeredAt: g.next() < 0.5 ? minutes(-30) : null,
        allocatedAt: g.next() < 0.7 ? minutes(-20) : null,
        onRouteAt: g.next() < 0.6 ? minutes(-15) : null,
        arrivedAt: g.next() < 0.6 ? minutes(Math.floor(g.next() * 12) - 3) : null,
        completedAt: g.next() < 0.6 ? minutes(40 + Math.floor(g.next() * 40)) : null,
        approachMetres: g.next() < 0.5 ? Math.floor(g.next() * 8000) : null,
        drivenMetres: g.next() < 0.6 ? Math.floor(g.next() * 30_000) : null,
      })
      .returning({ id: bookings.id });
    const id = row!.id;
    const driver = g.pick(drivers);
    if (g.next() < 0.5) await history(id, 'offer', 'office', { before: null, after: driver });
    if (g.next() < 0.2) await history(id, 'decline', 'system', { before: driver, after: null });
    if (status === 'cancelled' && g.next() < 0.8)
      await history(id, 'cancel', g.pick(['office', 'driver', 'web', 'system']));
  }
}

const history = (...entry: [number, string, string, { before: number | null; after: number | null }?]) =>
  bookingHistory(t.db, w.company.id, ...entry);

const token = () => w.accounts.accessToken;
const totals = (filter: Record<string, unknown> = {}) =>
  callData(t.app, 'Reports/GetReportsDataBookingsTotals', { ...march, ...filter }, token());

/** The totals rows of the driver and passenger reports (the rollup's sums less the bookings without one). */
const rowTotals = async (filter: Record<string, unknown> = {}) => {
  const of = async (name: 'Reports/GetReportsDataDriver' | 'Reports/GetReportsDataPassenger') =>
    ((await call(t.app, name, { ...march, ...filter }, token())).body as unknown as { totals: unknown }).totals;
  const [drivers, passengers] = await Promise.all([
    of('Reports/GetReportsDataDriver'),
    of('Reports/GetReportsDataPassenger'),
  ]);
  return { drivers, passengers };
};

/** The answer read from the bookings alone: the company's rollup set aside for one call. */
async function fromBookings(filter: Record<string, unknown> = {}) {
  return asideFromRollup(() => totals(filter));
}

const asideFromRollup = <T>(read: () => Promise<T>) => aside(t.db, w.company.id, read);

const filters = () => [
  {},
  { statusID: 'completed' },
  { statusID: 'quote' },
  { vehicletypeID: w.saloonId },
  { paymentMethodID: 'cash' },
  { vehicletypeID: w.mpvId, paymentMethodID: 'card' },
  { fromDate: '2026-03-10', toDate: '2026-03-12' },
  { clientID: w.clientId },
];

async function expectSameAsBookings() {
  for (const filter of filters()) {
    const read = () => Promise.all([totals(filter), rowTotals(filter)]);
    expect(await read(), JSON.stringify(filter)).toEqual(await asideFromRollup(read));
  }
}

const rolledUp = async () =>
  (
    await t.db.execute<{ ready: boolean }>(
      sql`select exists (select 1 from report_rollups r join companies c on c.id = r.company_id and c.timezone = r.timezone where r.company_id = ${w.company.id}) as ready`,
    )
  ).rows[0]?.ready;

const changesNoted = () => noted(t.db, w.company.id);

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  drivers = [
    (await createUser(t.db, w.company.id, 'driver')).personId,
    (await createUser(t.db, w.company.id, 'driver')).personId,
  ];
  await seedMonth(20_260_301, 240);
});

describe('the reports’ daily rollup', () => {
  it('answers the month exactly as the bookings do once filled, and is what the report reads', async () => {
    await fillStaleRollups(t.db);
    expect(await rolledUp()).toBe(true);
    expect(await changesNoted()).toBe(0);
    await expectSameAsBookings();

    // A wrong rollup row shows in the answer: the report reads the rollup, not the bookings.
    const before = await totals();
    await t.db.execute(sql`
      update report_days set bookings = bookings + 1000
      where (company_id, day, status, vehicle_type_id, payment_method) in (
        select company_id, day, status, vehicle_type_id, payment_method from report_days
        where company_id = ${w.company.id} and status = 'completed' limit 1)`);
    expect((await totals()).summary.bookings).toBe(before.summary.bookings + 1000);
    await t.db.execute(sql`delete from report_rollups where company_id = ${w.company.id}`);
    await fillStaleRollups(t.db);
    expect(await totals()).toEqual(before);
  });

  it('stays exact while days change under it, and after the changed days are summed again', async () => {
    await fillStaleRollups(t.db);
    const some = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.companyId, w.company.id))
      .orderBy(bookings.id)
      .limit(6);
    const [a, b, c, d, e] = some.map((r) => r.id) as [number, number, number, number, number];
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, a));
    await t.db.update(bookings).set({ priceMinor: 123_456 }).where(eq(bookings.id, b));
    await t.db
      .update(bookings)
      .set({ pickupAt: new Date('2026-03-30T23:30:00Z') })
      .where(eq(bookings.id, c));
    await t.db.delete(bookings).where(and(eq(bookings.id, d), eq(bookings.companyId, w.company.id)));
    await history(e, 'cancel', 'driver');
    await seedMonth(7, 15);
    expect(await changesNoted()).toBeGreaterThan(0);
    await expectSameAsBookings();

    await refreshRollups(t.db);
    expect(await changesNoted()).toBe(0);
    await expectSameAsBookings();
  });

  it('is filled again on the company’s new clock when its time zone changes, and exact meanwhile', async () => {
    await refreshRollups(t.db);
    const london = await totals();
    await t.db.update(companies).set({ timezone: 'America/New_York' }).where(eq(companies.id, w.company.id));
    expect(await rolledUp()).toBe(false);
    const newYork = await fromBookings();
    expect(await totals()).toEqual(newYork);
    expect(newYork.trend.day).not.toEqual(london.trend.day);

    await refreshRollups(t.db);
    expect(await rolledUp()).toBe(true);
    await expectSameAsBookings();
    await t.db.update(companies).set({ timezone: 'Europe/London' }).where(eq(companies.id, w.company.id));
  });
});
