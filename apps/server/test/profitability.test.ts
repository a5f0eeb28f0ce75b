import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/domains/bookings/schema';
import { vehicleTypes } from '../src/domains/vehicles/schema';
import { call, callData } from './client';
import { makeVehicle } from './factories-dispatch';
import { doneJob, makeModel, payDriver } from './factories-driver-pay';
import { makeClient, october as at, octoberJobs, settledJob } from './factories-profitability';
import { accountBalance } from './ledger-balance';
import { world, type World } from './world';

/*
 * October 2026, hand-computed. The commission model keeps 25 % of card and cash fares and 20 % of
 * account fares, so the drivers' pay is 75 % and 80 % of them.
 *   Acme: card 40.00 by Ann in van 1 (pay 30.00, a parking of 5.00 the company bears), account 60.00
 *         by Ann in van 1 on an approved invoice (pay 48.00), a confirmed job of 50.00, a cancelled one of 10.00
 *   Beta: cash 20.00 by Ben (pay 15.00), account 30.00 by Ben, done, not invoiced (pay 24.00)
 */
const month = { startDate: '2026-10-01', endDate: '2026-10-31' };

let w: World<'Accounts' | 'Dispatcher', true>;
const ids = { acme: 0, beta: 0, ann: 0, ben: 0, van: 0, card: 0, invoiced: 0, owed: 0 };

async function statementsApproved(
  t: World<'Accounts' | 'Dispatcher', true>,
  period: { fromDate: string; toDate: string },
) {
  const made = await callData(t.app, 'DrvrPayment/GeneratePayment', period, t.as.Accounts.token);
  await callData(t.app, 'DrvrPayment/ApprovePayments', { ids: made.statements.map((s) => s.id) }, t.as.Accounts.token);
}

beforeAll(async () => {
  w = await world({ roles: ['Accounts', 'Dispatcher'], otherCompany: true });
  const c = w.company.id;
  const [type] = await w.db.insert(vehicleTypes).values({ companyId: c, name: 'Van' }).returning();
  ids.van = (await makeVehicle(w.db, c, type!.id)).id;
  Object.assign(ids, await octoberJobs(w, c, w.admin.token, ids.van));
  await w.db.insert(bookings).values([
    { companyId: c, status: 'confirmed', pickupAt: new Date(at(20)), clientId: ids.acme, priceMinor: 5000 },
    { companyId: c, status: 'cancelled', pickupAt: new Date(at(21)), clientId: ids.acme, priceMinor: 1000 },
    // Outside the month: never counted.
    {
      companyId: c,
      status: 'completed',
      pickupAt: new Date('2026-11-02T11:00:00Z'),
      clientId: ids.acme,
      priceMinor: 9900,
    },
  ]);
  await statementsApproved(w, { fromDate: '2026-10-01', toDate: '2026-10-31' });
}, 120_000);

describe('Profitability/GetClientProfitability', () => {
  it('exports to XLSX with the money in pounds, not pence, as the screen shows it', async () => {
    const res = await call(
      w.app,
      'Common/ExportToExcel',
      { call: 'Profitability/GetClientProfitability', input: { ...month, sortColumn: 'name', sortType: 'asc' } },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.body.data.content, 'base64') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const acme = sheet.getRow(2);
    const at = (title: string) => acme.getCell(header.indexOf(title) + 1);
    expect(at('Name').value).toBe('Acme Ltd');
    expect(at('Amount').value).toBe(150);
    expect(at('Prfamount').value).toBe(17);
    expect(at('Amount').numFmt).toBe('#,##0.00');
    expect(at('Bookings').value).toBe(4);
  });

  it('prints to PDF: the title, the filter, a row per client with its money in pounds, page numbers', async () => {
    const res = await call(
      w.app,
      'Common/ExportToPdf',
      {
        call: 'Profitability/GetClientProfitability',
        input: { ...month, sortColumn: 'name', sortType: 'asc' },
        title: 'Profitability · Clients',
      },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mimeType: 'application/pdf', rows: 2 });
    expect(res.body.data.fileName).toMatch(/^Profitability-GetClientProfitability-\d{4}-\d{2}-\d{2}\.pdf$/);
    const parser = new PDFParse({ data: new Uint8Array(Buffer.from(res.body.data.content, 'base64')) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Profitability · Clients');
    expect(text).toContain('startDate: 2026-10-01');
    expect(text).toMatch(/Acme Ltd[^\n]*150\.00/);
    expect(text).toMatch(/Beta plc[^\n]*-19\.00/);
    expect(text).toContain('Page 1 of 1');
  });

  it('refuses to print what is not a list, naming the field', async () => {
    const res = await call(w.app, 'Common/ExportToPdf', { call: 'BasicSettings/Update' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('call');
  });

  it('gives each client the spec’s figures, its revenue, driver pay, expenses and profit', async () => {
    const res = await call(w.app, 'Profitability/GetClientProfitability', month, w.admin.token);
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.body.data.map((r) => [r.name, r]));
    expect(rows['Acme Ltd']).toEqual({
      id: ids.acme,
      name: 'Acme Ltd',
      bookings: 4,
      invbookings: 1,
      cmpbookings: 2,
      ftrbookings: 1,
      amount: 15_000,
      invamount: 6000,
      cmpamount: 10_000,
      revenue: 10_000,
      driverPay: 7800,
      expenses: 500,
      prfamount: 1700,
    });
    expect(rows['Beta plc']).toMatchObject({
      bookings: 2,
      invbookings: 0,
      cmpbookings: 2,
      ftrbookings: 0,
      amount: 5000,
      cmpamount: 5000,
      revenue: 2000,
      driverPay: 3900,
      expenses: 0,
      prfamount: -1900,
    });
    expect(res.body).toMatchObject({
      total: 1,
      count: 2,
      bookings: 6,
      invbookings: 1,
      cmpbookings: 4,
      ftrbookings: 1,
      amount: 20_000,
      invamount: 6000,
      cmpamount: 15_000,
      revenue: 12_000,
      driverPay: 11_700,
      expenses: 500,
      prfamount: -200,
      currency: 'GBP',
    });
    // Best first by default.
    expect(res.body.data.map((r) => r.name)).toEqual(['Acme Ltd', 'Beta plc']);
  });

  it('agrees with the ledger for the same bookings', async () => {
    const body = (await call(w.app, 'Profitability/GetClientProfitability', month, w.admin.token)).body;
    expect(body.reconciliation).toEqual({
      agrees: true,
      revenue: { report: 12_000, ledger: 12_000, difference: 0 },
      driverPay: { report: 11_700, ledger: 11_700, difference: 0 },
      differing: 0,
      differences: [],
    });
  });

  it('filters, searches, sorts and pages like every list', async () => {
    const only = await call(
      w.app,
      'Profitability/GetClientProfitability',
      { ...month, clientID: ids.beta },
      w.admin.token,
    );
    expect(only.body.data.map((r) => r.id)).toEqual([ids.beta]);
    expect(only.body.prfamount).toBe(-1900);
    const cash = await call(
      w.app,
      'Profitability/GetClientProfitability',
      { ...month, paymentMethodID: 'cash' },
      w.admin.token,
    );
    expect(cash.body.data).toEqual([expect.objectContaining({ name: 'Beta plc', bookings: 1, revenue: 2000 })]);
    const search = await call(w.app, 'Profitability/GetClientProfitability', { ...month, q: 'acme' }, w.admin.token);
    expect(search.body.data.map((r) => r.name)).toEqual(['Acme Ltd']);
    expect(search.body.bookings).toBe(4);
    const sorted = await call(
      w.app,
      'Profitability/GetClientProfitability',
      { ...month, sortColumn: 'name', sortType: 'desc', perPage: 1, page: 0 },
      w.admin.token,
    );
    expect(sorted.body).toMatchObject({ total: 2, count: 2 });
    expect(sorted.body.data.map((r) => r.name)).toEqual(['Beta plc']);
    expect(sorted.body.allData.map((r) => r.name)).toEqual(['Beta plc', 'Acme Ltd']);
  });

  it('answers an empty period with no rows and zero figures', async () => {
    const res = await call(
      w.app,
      'Profitability/GetClientProfitability',
      { startDate: '2025-01-01', endDate: '2025-01-31' },
      w.admin.token,
    );
    expect(res.body).toMatchObject({ data: [], total: 0, count: 0, bookings: 0, prfamount: 0 });
    expect(res.body.reconciliation.agrees).toBe(true);
  });
});

describe('Profitability/GetDriverProfitability and GetVehicleProfitability', () => {
  it('gives each driver their days worked and pay', async () => {
    const res = await call(w.app, 'Profitability/GetDriverProfitability', month, w.as.Accounts.token);
    expect(res.status).toBe(200);
    const ann = res.body.data.find((r) => r.id === ids.ann)!;
    expect(ann).toMatchObject({
      bookings: 2,
      cmpbookings: 2,
      revenue: 10_000,
      driverPay: 7800,
      drvrcommsn: 7800,
      expenses: 500,
      prfamount: 1700,
      dswrkd: 2,
    });
    expect(res.body.data.find((r) => r.id === ids.ben)).toMatchObject({ dswrkd: 2, prfamount: -1900 });
    expect(res.body).toMatchObject({ dswrkd: 4, drvrcommsn: 11_700, prfamount: -200 });
  });

  it('gives each vehicle its jobs and type', async () => {
    const res = await call(w.app, 'Profitability/GetVehicleProfitability', month, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: ids.van, vehicleType: 'Van', bookings: 2, prfamount: 1700, dswrkd: 2 }),
    ]);
  });

  it('limits a driver’s jobs with driverID', async () => {
    const res = await call(
      w.app,
      'Profitability/GetDriverProfitability',
      { ...month, driverID: ids.ben },
      w.admin.token,
    );
    expect(res.body.data.map((r) => r.id)).toEqual([ids.ben]);
  });
});

describe('bad input and other companies', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['dates reversed', { startDate: '2026-10-31', endDate: '2026-10-01' }, 'endDate'],
    ['a range of five years or more', { startDate: '2020-01-01', endDate: '2025-01-01' }, 'endDate'],
    ['no start', { endDate: '2026-10-01' }, 'startDate'],
    ['not a date', { startDate: '2026-13-01', endDate: '2026-10-01' }, 'startDate'],
    ['an unknown client', { ...month, clientID: 999_999 }, 'clientID'],
    ['an unknown driver', { ...month, driverID: 999_999 }, 'driverID'],
    ['an unknown passenger', { ...month, passengerID: 999_999 }, 'passengerID'],
    ['an unknown vehicle type', { ...month, vehicleTypeID: 999_999 }, 'vehicleTypeID'],
    ['an unknown payment method', { ...month, paymentMethodID: 'gold' }, 'paymentMethodID'],
    ['an unknown sort column', { ...month, sortColumn: 'secret' }, 'sortColumn'],
  ];
  it.each(cases)('refuses %s naming the field', async (_what, body, field) => {
    for (const name of ['GetClientProfitability', 'GetDriverProfitability', 'GetVehicleProfitability']) {
      const res = await w.app.inject({
        method: 'POST',
        url: `/Profitability/${name}`,
        headers: { authorization: `Bearer ${w.admin.token}` },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('takes a range just under five years', async () => {
    const res = await call(
      w.app,
      'Profitability/GetClientProfitability',
      { startDate: '2021-11-01', endDate: '2026-10-31' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
  });

  it('never shows another company’s rows, and refuses its ids as unknown', async () => {
    const theirs = await call(w.app, 'Profitability/GetClientProfitability', month, w.other.admin.token);
    expect(theirs.body).toMatchObject({ data: [], count: 0, bookings: 0 });
    const probe = await call(
      w.app,
      'Profitability/GetClientProfitability',
      { ...month, clientID: ids.acme },
      w.other.admin.token,
    );
    expect(probe.status).toBe(400);
    expect(probe.body.errors?.map((e) => e.field)).toEqual(['clientID']);
  });

  it('refuses a role without Profitability', async () => {
    const res = await call(w.app, 'Profitability/GetDriverProfitability', month, w.as.Dispatcher.token);
    expect(res.status).toBe(403);
  });
});

describe('reconciliation with the ledger', () => {
  it('the profitability of every client of the month adds up to the company’s ledger for that month', async () => {
    // A month of its own, every job invoiced or paid, so the whole ledger of the month is these jobs.
    const t = await world({ roles: ['Accounts', 'Dispatcher'], otherCompany: true });
    const c = t.company.id;
    const model = await makeModel(t, t.admin.token);
    const drivers = [await payDriver(t, c, model, { name: 'Dee' }), await payDriver(t, c, model, { name: 'Eve' })];
    const clientIds = [await makeClient(t, c, 'One'), await makeClient(t, c, 'Two'), await makeClient(t, c, 'Three')];
    const settled = ['card', 'cash', 'invoiced'] as const;
    for (let i = 0; i < 18; i++) {
      await settledJob(t, c, {
        clientId: clientIds[i % 3]!,
        driverId: drivers[i % 2]!,
        fare: 1234 + i * 317,
        settled: settled[(i * 7) % 3]!,
        pickupAt: `2026-09-${String(1 + i).padStart(2, '0')}T09:30:00Z`,
        ...(i % 5 === 0 ? { expense: 150 + i } : {}),
      });
    }
    await statementsApproved(t, { fromDate: '2026-09-01', toDate: '2026-09-30' });
    const res = await call(
      t.app,
      'Profitability/GetClientProfitability',
      { startDate: '2026-09-01', endDate: '2026-09-30', perPage: 0 },
      t.admin.token,
    );
    const sum = (key: 'revenue' | 'driverPay' | 'expenses' | 'prfamount') =>
      res.body.data.reduce((s, r) => s + r[key], 0);
    const earned = -(await accountBalance(t, c, 'revenue')) - (await accountBalance(t, c, 'vatPayable'));
    const driverPay = await accountBalance(t, c, 'driverPay');
    expect(res.body.data).toHaveLength(3);
    expect(sum('revenue')).toBe(earned);
    // The statements repay the company's expenses through driverPay too.
    expect(sum('driverPay') + sum('expenses')).toBe(driverPay);
    expect(sum('prfamount')).toBe(earned - driverPay);
    expect(res.body.reconciliation.agrees).toBe(true);
  }, 120_000);

  it('names the booking whose revenue no longer agrees with its journal entries', async () => {
    await w.db.update(bookings).set({ cardCapturedMinor: 3500 }).where(eq(bookings.id, ids.card));
    try {
      const res = await call(w.app, 'Profitability/GetClientProfitability', month, w.admin.token);
      expect(res.body.reconciliation).toMatchObject({
        agrees: false,
        revenue: { report: 11_500, ledger: 12_000, difference: -500 },
        differing: 1,
        differences: [{ bookingId: ids.card, report: 3500, ledger: 4000, difference: -500 }],
      });
    } finally {
      await w.db.update(bookings).set({ cardCapturedMinor: 4000 }).where(eq(bookings.id, ids.card));
    }
  });

  it('counts a job without an approved statement at no pay', async () => {
    const late = await doneJob(w, w.company.id, ids.ann, { method: 'card', fare: 1000, pickupAt: at(30) });
    await w.db.update(bookings).set({ clientId: ids.beta }).where(eq(bookings.id, late));
    try {
      const res = await call(
        w.app,
        'Profitability/GetClientProfitability',
        { ...month, clientID: ids.beta },
        w.admin.token,
      );
      expect(res.body.data[0]).toMatchObject({ bookings: 3, driverPay: 3900, revenue: 2000 });
    } finally {
      await w.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, late));
    }
  });
});
