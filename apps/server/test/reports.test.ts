import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { clients, clientTypes } from '../src/domains/clients/schema';
import { driverShifts } from '../src/domains/dispatch/schema';
import { driverStatementJobs, driverStatementLines, driverStatements } from '../src/domains/driver-pay/schema';
import { drivers } from '../src/domains/drivers/schema';
import { call, callData } from './client';
import { bookingHistory } from './factories-history';
import { bookingWorld, type BookingWorld } from './factories-bookings';
import { createUser } from './factories';
import { createTestApp, type TestApp } from './harness';

/**
 * A hand-made March 2026 (London is on GMT until the 29th, so company days are UTC days) whose
 * figures are worked out below, beside bookings the reports must leave out: April, a quote and
 * another company's job.
 */
let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
let d1 = 0;
let d2 = 0;
let corporateId = 0;
const ids: Record<string, number> = {};
const march = { fromDate: '2026-03-01', toDate: '2026-03-31' };
const at = (iso: string) => new Date(`${iso}Z`);

async function booking(name: string, values: Partial<typeof bookings.$inferInsert>, world = w) {
  const [row] = await t.db
    .insert(bookings)
    .values({
      companyId: world.company.id,
      passengerId: world.passengerId,
      vehicleTypeId: world.saloonId,
      status: 'completed',
      pickupAt: at('2026-03-02T10:00:00'),
      createdAt: at('2026-02-20T10:00:00'),
      ...values,
    })
    .returning({ id: bookings.id });
  ids[name] = row!.id;
  return row!.id;
}

const history = (...entry: [number, string, string, { before: number | null; after: number | null }?]) =>
  bookingHistory(t.db, w.company.id, ...entry);

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  d1 = (await createUser(t.db, w.company.id, 'driver')).personId;
  d2 = (await createUser(t.db, w.company.id, 'driver')).personId;
  await t.db.update(drivers).set({ firstName: 'Dan', lastName: 'One' }).where(eq(drivers.id, d1));
  await t.db.update(drivers).set({ firstName: 'Dee', lastName: 'Two' }).where(eq(drivers.id, d2));
  const [type] = await t.db.insert(clientTypes).values({ companyId: w.company.id, name: 'Corporate' }).returning();
  corporateId = type!.id;
  await t.db.update(clients).set({ clientTypeId: corporateId }).where(eq(clients.id, w.clientId));

  // B1: done on time, 50 minutes on the job, allocated an hour after it was made.
  const b1 = await booking('b1', {
    clientId: w.clientId,
    driverId: d1,
    priceMinor: 1000,
    driverPriceMinor: 700,
    paymentMethod: 'account',
    createdAt: at('2026-03-01T10:00:00'),
    allocatedAt: at('2026-03-01T11:00:00'),
    onRouteAt: at('2026-03-02T09:40:00'),
    arrivedAt: at('2026-03-02T09:58:00'),
    completedAt: at('2026-03-02T10:30:00'),
    approachMetres: 1000,
    drivenMetres: 4000,
  });
  // B2: done, ten minutes late, 70 minutes on the job, offered half an hour after it was made.
  const b2 = await booking('b2', {
    clientId: w.otherClientId,
    vehicleTypeId: w.mpvId,
    driverId: d1,
    priceMinor: 2000,
    driverPriceMinor: 1400,
    paymentMethod: 'cash',
    pickupAt: at('2026-03-03T10:00:00'),
    createdAt: at('2026-03-03T09:00:00'),
    offeredAt: at('2026-03-03T09:30:00'),
    onRouteAt: at('2026-03-03T09:50:00'),
    arrivedAt: at('2026-03-03T10:10:00'),
    completedAt: at('2026-03-03T11:00:00'),
    approachMetres: 3000,
    drivenMetres: 12_000,
  });
  // B3: a no-show, three minutes late (on time), 35 minutes on the job.
  await booking('b3', {
    status: 'no_show',
    driverId: d2,
    priceMinor: 1500,
    pickupAt: at('2026-03-04T10:00:00'),
    onRouteAt: at('2026-03-04T09:45:00'),
    arrivedAt: at('2026-03-04T10:03:00'),
    completedAt: at('2026-03-04T10:20:00'),
    // An approach without a journey track is not measured: no dead mileage from it.
    approachMetres: 2000,
  });
  const b4 = await booking('b4', {
    status: 'cancelled',
    clientId: w.clientId,
    priceMinor: 800,
    pickupAt: at('2026-03-05T10:00:00'),
  });
  await booking('b5', {
    status: 'cancelled',
    clientId: w.clientId,
    priceMinor: 900,
    pickupAt: at('2026-03-05T12:00:00'),
  });
  await booking('b6', {
    status: 'rejected',
    clientId: w.clientId,
    priceMinor: 1200,
    pickupAt: at('2026-03-06T10:00:00'),
  });
  await booking('b9', {
    status: 'confirmed',
    clientId: w.clientId,
    priceMinor: 700,
    pickupAt: at('2026-03-09T10:00:00'),
  });
  await booking('april', { priceMinor: 5000, driverId: d1, pickupAt: at('2026-04-02T10:00:00') });
  await booking('quote', { status: 'quote', priceMinor: 300, pickupAt: at('2026-03-10T10:00:00') });
  await booking('theirs', { priceMinor: 9900, clientId: them.clientId }, them);

  await history(b4, 'cancel', 'remote');
  await history(b1, 'allocate', 'office', { before: null, after: d1 });
  await history(b2, 'offer', 'office', { before: null, after: d2 });
  await history(b2, 'decline', 'system', { before: d2, after: null });
  await history(b2, 'offer', 'office', { before: null, after: d1 });

  // 8 hours on shift in March: 4 for Dan, 2 + the 2 after midnight of a shift begun in February for Dee.
  await t.db.insert(driverShifts).values([
    { companyId: w.company.id, driverId: d1, startedAt: at('2026-03-02T08:00:00'), endedAt: at('2026-03-02T12:00:00') },
    { companyId: w.company.id, driverId: d2, startedAt: at('2026-03-04T09:00:00'), endedAt: at('2026-03-04T11:00:00') },
    { companyId: w.company.id, driverId: d2, startedAt: at('2026-02-28T22:00:00'), endedAt: at('2026-03-01T02:00:00') },
  ]);

  // Driver pay is what approved statements pay, never the hand-set driver price: B1 is paid 6.50 on an
  // approved statement and corrected by +0.25 on a later one; B2 is on a statement not yet approved.
  const statement = async (status: 'approved' | 'generated', periodFrom: string) =>
    (
      await t.db
        .insert(driverStatements)
        .values({ companyId: w.company.id, driverId: d1, periodFrom, periodTo: periodFrom, status })
        .returning({ id: driverStatements.id })
    )[0]!.id;
  const march2 = await statement('approved', '2026-03-02');
  const later = await statement('approved', '2026-03-20');
  const pending = await statement('generated', '2026-03-03');
  await t.db.insert(driverStatementJobs).values([
    { companyId: w.company.id, statementId: march2, bookingId: b1, paymentMethod: 'account', payMinor: 650 },
    { companyId: w.company.id, statementId: pending, bookingId: b2, paymentMethod: 'cash', payMinor: 1300 },
  ]);
  await t.db.insert(driverStatementLines).values({
    companyId: w.company.id,
    statementId: later,
    kind: 'correction',
    amountMinor: 25,
    reason: 'Waiting time missed',
    bookingId: b1,
  });
});

const token = () => w.accounts.accessToken;

describe('Reports/GetReportsDataBookingsTotals', () => {
  it('counts, money, who cancelled and the KPIs of the month, worked out by hand', async () => {
    const data = await callData(t.app, 'Reports/GetReportsDataBookingsTotals', march, token());
    expect(data.summary).toEqual({
      bookings: 7,
      done: 2,
      noShow: 1,
      cancelled: 2,
      rejected: 1,
      future: 1,
      lost: 4,
      revenueMinor: 4500,
      averageFareMinor: 1500,
    });
    expect(data.byStatus).toEqual([
      { status: 'confirmed', label: 'Confirmed', bookings: 1, amountMinor: 700 },
      { status: 'completed', label: 'Completed', bookings: 2, amountMinor: 3000 },
      { status: 'no_show', label: 'No-show', bookings: 1, amountMinor: 1500 },
      { status: 'cancelled', label: 'Cancelled', bookings: 2, amountMinor: 1700 },
      { status: 'rejected', label: 'Rejected', bookings: 1, amountMinor: 1200 },
    ]);
    expect(data.cancelledBy).toEqual({ office: 0, driver: 0, customer: 1, system: 0, unknown: 1 });
    expect(data.kpis).toEqual({
      onTimePercent: 66.7,
      averageWaitSeconds: 260,
      shiftHours: 8,
      jobHours: 2.6,
      utilisationPercent: 32.3,
      revenuePerShiftHourMinor: 563,
      offers: 3,
      offerAcceptancePercent: 66.7,
      averageAllocateSeconds: 2700,
      // (1,000 + 3,000) m to the pick-ups of (1,000 + 4,000 + 3,000 + 12,000) m driven.
      deadMileagePercent: 20,
    });
    expect(data.currency).toBe('GBP');
  });

  it('draws day, week and month series with every day present', async () => {
    const { trend } = await callData(t.app, 'Reports/GetReportsDataBookingsTotals', march, token());
    expect(trend.day).toHaveLength(31);
    expect(trend.day[1]).toEqual({ period: '2026-03-02', bookings: 1, done: 1, lost: 0, revenueMinor: 1000 });
    expect(trend.week.map((p) => [p.period, p.bookings])).toEqual([
      ['2026-02-23', 0],
      ['2026-03-02', 6],
      ['2026-03-09', 1],
      ['2026-03-16', 0],
      ['2026-03-23', 0],
      ['2026-03-30', 0],
    ]);
    expect(trend.month).toEqual([{ period: '2026-03-01', bookings: 7, done: 2, lost: 4, revenueMinor: 4500 }]);
  });

  it('exports the Overview: a row per day of the period and the totals, money in pounds', async () => {
    const res = await call(
      t.app,
      'Common/ExportToExcel',
      { call: 'Reports/GetReportsDataBookingsTotals', input: march },
      token(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows).toBe(32);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.body.data.content, 'base64') as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const row = (n: number) => [1, 2, 3, 4, 5].map((c) => ws.getRow(n).getCell(c).value);
    expect(row(1)).toEqual(['Day', 'Bookings', 'Done', 'Lost', 'Revenue']);
    expect(row(3)).toEqual(['2026-03-02', 1, 1, 0, 10]);
    expect(row(33)).toEqual(['2026-03-01 – 2026-03-31', 7, 2, 4, 45]);
    const pdf = await call(
      t.app,
      'Common/ExportToPdf',
      { call: 'Reports/GetReportsDataBookingsTotals', input: march, title: 'Overview' },
      token(),
    );
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body.data.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes startDate/endDate as fromDate/toDate and narrows by driver', async () => {
    const aliased = await callData(
      t.app,
      'Reports/GetReportsDataBookingsTotals',
      { startDate: march.fromDate, endDate: march.toDate },
      token(),
    );
    expect(aliased.summary.bookings).toBe(7);
    const dan = await callData(t.app, 'Reports/GetReportsDataBookingsTotals', { ...march, driverID: d1 }, token());
    expect(dan.summary).toMatchObject({ bookings: 2, revenueMinor: 3000 });
    expect(dan.kpis).toMatchObject({ shiftHours: 4, utilisationPercent: 50, offers: 2, offerAcceptancePercent: 100 });
  });

  it('leaves shift KPIs unmeasured when the filter is not about drivers or vehicles', async () => {
    const acme = await callData(
      t.app,
      'Reports/GetReportsDataBookingsTotals',
      { ...march, clientID: w.clientId },
      token(),
    );
    expect(acme.summary.bookings).toBe(5);
    expect(acme.kpis).toMatchObject({ utilisationPercent: null, revenuePerShiftHourMinor: null });
  });

  it('shows another company only its own bookings', async () => {
    const data = await callData(t.app, 'Reports/GetReportsDataBookingsTotals', march, them.admin.accessToken);
    expect(data.summary).toMatchObject({ bookings: 1, revenueMinor: 9900 });
  });
});

describe('Reports/GetReportsDataBooking', () => {
  it('lists the bookings of the filter with their money and totals, newest first', async () => {
    const res = await call(t.app, 'Reports/GetReportsDataBooking', { ...march, perPage: 0 }, token());
    expect(res.status).toBe(200);
    const body = res.body as typeof res.body & { totals: Record<string, number> };
    expect(body.count).toBe(7);
    expect(body.total).toBe(1);
    expect(body.data[0]!.id).toBe(ids.b9);
    expect(body.totals).toEqual({ bookings: 7, amountMinor: 8100, revenueMinor: 4500, driverPayMinor: 675 });
    expect(body.data.find((r) => r.id === ids.b1)!.driverPayMinor).toBe(675);
    const b4 = body.data.find((r) => r.id === ids.b4)!;
    expect(b4).toMatchObject({ status: 'cancelled', cancelledBy: 'customer', clientName: 'Acme Ltd' });
    expect(body.data.find((r) => r.id === ids.b5)!.cancelledBy).toBeNull();
    const b2 = body.data.find((r) => r.id === ids.b2)!;
    expect(b2).toMatchObject({
      driverName: 'Dan One',
      vehicleTypeName: 'MPV',
      priceMinor: 2000,
      paymentMethod: 'cash',
      driverPayMinor: null,
    });
  });

  it('pages from 0, filters by status and payment method and searches names', async () => {
    const page = await call(t.app, 'Reports/GetReportsDataBooking', { ...march, perPage: 3, page: 2 }, token());
    expect(page.body.total).toBe(3);
    expect(page.body.data).toHaveLength(1);
    const cancelled = await call(t.app, 'Reports/GetReportsDataBooking', { ...march, statusID: 'cancelled' }, token());
    expect(cancelled.body.count).toBe(2);
    const cash = await call(t.app, 'Reports/GetReportsDataBooking', { ...march, paymentMethodID: 'cash' }, token());
    expect(cash.body.data.map((r) => r.id)).toEqual([ids.b2]);
    const other = await call(t.app, 'Reports/GetReportsDataBooking', { ...march, q: 'other ltd' }, token());
    expect(other.body.data.map((r) => r.id)).toEqual([ids.b2]);
    const quotes = await call(t.app, 'Reports/GetReportsDataBooking', { ...march, statusID: 'quote' }, token());
    expect(quotes.body.data.map((r) => r.id)).toEqual([ids.quote]);
  });

  it('sorts by the column a header asks, either way, ties by number', async () => {
    const list = async (sortColumn: string, sortType: 'asc' | 'desc') =>
      (
        await call(
          t.app,
          'Reports/GetReportsDataBooking',
          { ...march, perPage: 0, sortColumn: sortColumn as 'price', sortType },
          token(),
        )
      ).body.data;
    const cheapest = await list('price', 'asc');
    const prices = cheapest.map((r) => r.priceMinor).filter((p) => p !== null);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeLessThan(prices[prices.length - 1]!);
    const dearest = await list('price', 'desc');
    expect(dearest.map((r) => r.id)).toEqual(cheapest.map((r) => r.id).reverse());
    const byNumber = await list('id', 'asc');
    expect(byNumber.map((r) => r.id)).toEqual(byNumber.map((r) => r.id).sort((a, b) => a - b));
    const byClient = (await list('clientName', 'asc')).map((r) => r.clientName).filter((n) => n !== null);
    expect(byClient).toEqual([...byClient].sort((a, b) => a!.localeCompare(b!)));
  });
});

describe('Reports per entity', () => {
  it('gives one row per driver with shifts, utilisation and offer acceptance, and totals', async () => {
    const res = await call(t.app, 'Reports/GetReportsDataDriver', { ...march, perPage: 0 }, token());
    expect(res.status).toBe(200);
    const [dan, dee] = res.body.data;
    expect(res.body.data).toHaveLength(2);
    expect(dan).toMatchObject({
      id: d1,
      name: 'Dan One',
      bookings: 2,
      done: 2,
      revenueMinor: 3000,
      shiftHours: 4,
      jobHours: 2,
      utilisationPercent: 50,
      revenuePerShiftHourMinor: 750,
      onTimePercent: 50,
      offers: 2,
      offerAcceptancePercent: 100,
    });
    expect(dee).toMatchObject({
      id: d2,
      noShow: 1,
      lost: 1,
      revenueMinor: 1500,
      shiftHours: 4,
      utilisationPercent: 14.6,
      revenuePerShiftHourMinor: 375,
      offers: 1,
      offerAcceptancePercent: 0,
    });
    const totals = (res.body as unknown as { totals: Record<string, unknown> }).totals;
    expect(totals).toMatchObject({ bookings: 3, revenueMinor: 4500, shiftHours: 8, offers: 3 });
  });

  it('sorts by the asked column', async () => {
    const res = await call(
      t.app,
      'Reports/GetReportsDataDriver',
      { ...march, sortColumn: 'utilisationPercent', sortType: 'asc' },
      token(),
    );
    expect(res.body.data.map((r) => r.id)).toEqual([d2, d1]);
  });

  it('answers every page as the whole list has it, for every sort either way, with totals that add the rows', async () => {
    const sortColumns = ['name', 'bookings', 'done', 'lost', 'revenue', 'averageFare', 'onTimePercent'] as const;
    const driverOnly = ['shiftHours', 'utilisationPercent', 'offerAcceptancePercent', 'revenuePerShiftHour'] as const;
    const reports = [
      ['Reports/GetReportsDataDriver', [...sortColumns, ...driverOnly]],
      ['Reports/GetReportsDataClient', sortColumns],
    ] as const;
    for (const [name, columns] of reports) {
      for (const sortColumn of columns) {
        for (const sortType of ['asc', 'desc'] as const) {
          const view = { ...march, sortColumn: sortColumn as 'name', sortType };
          const all = await call(t.app, name, { ...view, perPage: 0 }, token());
          expect(all.status, `${name} ${sortColumn}`).toBe(200);
          const pages = [];
          for (let page = 0; page < all.body.data.length; page++) {
            const one = await call(t.app, name, { ...view, perPage: 1, page }, token());
            expect(one.body.total).toBe(all.body.data.length);
            pages.push(...one.body.data);
          }
          expect(pages, `${name} ${sortColumn} ${sortType}`).toEqual(all.body.data);
          const totals = (all.body as unknown as { totals: { bookings: number; revenueMinor: number } }).totals;
          expect(totals.bookings).toBe(all.body.data.reduce((s, r) => s + r.bookings, 0));
          expect(totals.revenueMinor).toBe(all.body.data.reduce((s, r) => s + r.revenueMinor, 0));
        }
      }
    }
  });

  it('gives one row per client, highest revenue first, and filters by client type', async () => {
    const res = await call(t.app, 'Reports/GetReportsDataClient', march, token());
    expect(res.body.data.map((r) => [r.name, r.bookings, r.revenueMinor])).toEqual([
      ['Other Ltd', 1, 2000],
      ['Acme Ltd', 5, 1000],
    ]);
    expect((res.body as unknown as { totals: { bookings: number } }).totals.bookings).toBe(6);
    const corporate = await call(t.app, 'Reports/GetReportsDataClient', { ...march, categoryID: corporateId }, token());
    expect(corporate.body.data.map((r) => r.name)).toEqual(['Acme Ltd']);
  });

  it('totals a search over the rows it finds, every page of them', async () => {
    const res = await call(t.app, 'Reports/GetReportsDataClient', { ...march, q: 'acme', perPage: 1 }, token());
    expect(res.body.data.map((r) => r.name)).toEqual(['Acme Ltd']);
    const totals = (res.body as unknown as { totals: { bookings: number; revenueMinor: number } }).totals;
    expect(totals).toMatchObject({ bookings: 5, revenueMinor: 1000 });
    const none = await call(t.app, 'Reports/GetReportsDataClient', { ...march, q: 'nobody' }, token());
    expect((none.body as unknown as { totals: { bookings: number } }).totals.bookings).toBe(0);
  });

  it('gives one row per vehicle type and per passenger', async () => {
    const types = await call(t.app, 'Reports/GetReportsDataVehicleType', march, token());
    expect(types.body.data.map((r) => [r.name, r.bookings, r.revenueMinor])).toEqual([
      ['Saloon', 6, 2500],
      ['MPV', 1, 2000],
    ]);
    const people = await call(t.app, 'Reports/GetReportsDataPassenger', { ...march, q: 'lovelace' }, token());
    expect(people.body.data).toEqual([
      expect.objectContaining({ id: w.passengerId, name: 'Ada Lovelace', bookings: 7, revenueMinor: 4500 }),
    ]);
  });
});

describe('bad input and other companies', () => {
  const refused = async (input: Record<string, unknown>, field: string) => {
    const res = await call(t.app, 'Reports/GetReportsDataBookingsTotals', input as never, token());
    expect([res.status, res.body.errors?.map((e) => e.field)]).toEqual([400, [field]]);
  };

  it('refuses reversed dates, a range over five years and unknown values, naming the field', async () => {
    await refused({ fromDate: '2026-03-10', toDate: '2026-03-01' }, 'toDate');
    await refused({ startDate: '2026-03-10', endDate: '2026-03-01' }, 'endDate');
    await refused({ fromDate: '2020-01-01', toDate: '2026-01-02' }, 'toDate');
    await refused({ ...march, statusID: 'lost' }, 'statusID');
    await refused({ ...march, fromDate: '2026-02-30' }, 'fromDate');
  });

  it('refuses an id that is not of the company as unknown, by its field', async () => {
    await refused({ ...march, clientID: them.clientId }, 'clientID');
    await refused({ ...march, vehicletypeID: them.saloonId }, 'vehicletypeID');
    await refused({ ...march, passengerID: them.passengerId }, 'passengerID');
    await refused({ ...march, categoryID: 99_999_999 }, 'categoryID');
    const res = await call(t.app, 'Reports/GetReportsDataDriver', { ...march, driverID: 99_999_999 }, token());
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('driverID');
  });

  it('refuses a sort column the report does not have', async () => {
    const res = await call(
      t.app,
      'Reports/GetReportsDataClient',
      { ...march, sortColumn: 'shiftHours' } as never,
      token(),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('sortColumn');
  });

  it('answers 403 to a role without Reports and 401 without a token', async () => {
    const res = await call(t.app, 'Reports/GetReportsDataClient', march, w.dispatcher.accessToken);
    expect(res.status).toBe(403);
    const anonymous = await call(t.app, 'Reports/GetReportsDataBooking', march);
    expect(anonymous.status).toBe(401);
  });
});
