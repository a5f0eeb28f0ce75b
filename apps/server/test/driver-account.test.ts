import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { drivers } from '../src/domains/drivers/schema';
import { call, callRaw } from './client';
import { expenseType, jobOf, pngPixel } from './factories-driver-account';
import { world, type Person, type World } from './world';

let w: World<'driver' | 'Operations Manager', true>;
let me: Person;
let colleague: Person;
let stranger: Person;
/** An office user: everything but the apps. */
let office: Person;

beforeAll(async () => {
  w = await world({ roles: ['driver', 'Operations Manager'], otherCompany: true });
  me = w.as.driver;
  colleague = await w.person('driver');
  stranger = await w.other.person('driver');
  office = w.as['Operations Manager'];
  await w.db.update(drivers).set({ notes: 'office only' }).where(eq(drivers.id, me.personId));
});

const fieldOf = (body: { errors?: { field: string }[] }) => body.errors?.map((e) => e.field);

describe('Driver/GetTableSummaryDriverDrvApp', () => {
  it("answers the signed-in driver's own profile as one row, without office notes", async () => {
    const res = await call(w.app, 'Driver/GetTableSummaryDriverDrvApp', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.data[0]?.id).toBe(me.personId);
    expect(res.body.data[0]).not.toHaveProperty('notes');
  });
  it('is refused to office users', async () => {
    for (const who of [office, w.admin]) {
      const res = await call(w.app, 'Driver/GetTableSummaryDriverDrvApp', {}, who.token);
      expect(res.status).toBe(403);
    }
  });
});

describe('Driver/UpdateDriverPersonalProfile', () => {
  it('changes only the fields sent', async () => {
    const res = await call(
      w.app,
      'Driver/UpdateDriverPersonalProfile',
      { phone: '+44 7700 900123', address: '1 High Street' },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.phone).toBe('+44 7700 900123');
    expect(res.body.data.address).toBe('1 High Street');
    expect(res.body.data.firstName).toBe('Test');
    const [row] = await w.db.select().from(drivers).where(eq(drivers.id, me.personId));
    expect(row?.address).toBe('1 High Street');
    const [colleagueRow] = await w.db.select().from(drivers).where(eq(drivers.id, colleague.personId));
    expect(colleagueRow?.address).toBeNull();
  });
  it('ignores an id in the payload: a driver changes only themself', async () => {
    const res = await callRaw(
      w.app,
      'Driver/UpdateDriverPersonalProfile',
      { id: colleague.personId, postcode: 'AB1 2CD' },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { id: me.personId } });
    const [colleagueRow] = await w.db.select().from(drivers).where(eq(drivers.id, colleague.personId));
    expect(colleagueRow?.postcode).toBeNull();
  });
  it('answers bad input with 400 naming the field and changes nothing', async () => {
    const res = await call(
      w.app,
      'Driver/UpdateDriverPersonalProfile',
      { email: 'not-an-email', address: 'Elsewhere' },
      me.token,
    );
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('email');
    const [row] = await w.db.select().from(drivers).where(eq(drivers.id, me.personId));
    expect(row?.address).toBe('1 High Street');
  });
  it('refuses to clear the first name', async () => {
    const res = await call(w.app, 'Driver/UpdateDriverPersonalProfile', { firstName: '' }, me.token);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('firstName');
  });
  it('is refused to office users', async () => {
    const res = await call(w.app, 'Driver/UpdateDriverPersonalProfile', { phone: '+44 7700 900999' }, office.token);
    expect(res.status).toBe(403);
  });
});

describe('Driver/UpdateDriverAccountProfile', () => {
  it('saves the bank account, answering only the last four of the number', async () => {
    const res = await call(
      w.app,
      'Driver/UpdateDriverAccountProfile',
      { bankAccountName: 'T Driver', bankSortCode: '12-34-56', bankAccountNumber: '12345678' },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.bankSortCode).toBe('123456');
    expect(res.body.data.bankAccountNumberLast4).toBe('5678');
    expect(JSON.stringify(res.body)).not.toContain('12345678');
    const [row] = await w.db.select().from(drivers).where(eq(drivers.id, me.personId));
    expect(row?.bankAccountNumber).toBe('12345678');
  });
  it.each([
    [{ bankAccountName: 'T', bankSortCode: '12345', bankAccountNumber: '12345678' }, 'bankSortCode'],
    [{ bankAccountName: 'T', bankSortCode: '123456', bankAccountNumber: '1234567' }, 'bankAccountNumber'],
    [{ bankAccountName: 'T', bankSortCode: '123456', bankAccountNumber: 'ABCDEFGH' }, 'bankAccountNumber'],
    [{ bankSortCode: '123456', bankAccountNumber: '12345678' }, 'bankAccountName'],
  ])('answers %j with 400 naming %s', async (body, field) => {
    const res = await callRaw(w.app, 'Driver/UpdateDriverAccountProfile', body, me.token);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain(field);
  });
  it('is refused to office users', async () => {
    const res = await call(
      w.app,
      'Driver/UpdateDriverAccountProfile',
      { bankAccountName: 'X', bankSortCode: '123456', bankAccountNumber: '12345678' },
      office.token,
    );
    expect(res.status).toBe(403);
  });
});

describe('BookingExpenseType/GetExpenseTypeListDriverApp', () => {
  it('lists only active types of the company offered in the driver app', async () => {
    const shown = await expenseType(w.db, w.company.id);
    const hidden = await expenseType(w.db, w.company.id, { isAvailableInDriverApp: false });
    const off = await expenseType(w.db, w.company.id, { isActive: false });
    const foreign = await expenseType(w.db, w.other.company.id);
    const res = await call(w.app, 'BookingExpenseType/GetExpenseTypeListDriverApp', {}, me.token);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r) => r.id);
    expect(ids).toContain(shown.id);
    for (const gone of [hidden, off, foreign]) expect(ids).not.toContain(gone.id);
  });
  it('is refused to office users', async () => {
    const res = await call(w.app, 'BookingExpenseType/GetExpenseTypeListDriverApp', {}, office.token);
    expect(res.status).toBe(403);
  });
});

describe('Driver/AddDriverExpenseFromDriverApp', () => {
  const expensesOf = (driverId: number) =>
    w.db.select().from(driverExpenses).where(eq(driverExpenses.driverId, driverId));

  it('records a pending expense on an own job with a receipt', async () => {
    const type = await expenseType(w.db, w.company.id);
    const bookingId = await jobOf(w.db, w.company.id, me.personId);
    const res = await call(
      w.app,
      'Driver/AddDriverExpenseFromDriverApp',
      {
        expenseTypeId: type.id,
        amountMinor: 450,
        bookingId,
        note: 'Airport car park',
        receipt: { fileName: 'r.png', mimeType: 'image/png', content: pngPixel },
      },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ amountMinor: 450, bookingId, status: 'pending', hasReceipt: true });
    const rows = await expensesOf(me.personId);
    expect(rows.find((r) => r.id === res.body.data.id)?.receiptKey).toMatch(/driver-expenses\/.+\.png$/);
    const audits = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver_expense'), eq(auditLog.entityId, res.body.data.id)));
    expect(audits).toHaveLength(1);
  });
  it.each([
    [{ amountMinor: -100 }, 'amountMinor'],
    [{ amountMinor: 0 }, 'amountMinor'],
    [{ amountMinor: undefined }, 'amountMinor'],
    [{ expenseTypeId: undefined }, 'expenseTypeId'],
    [{ receipt: { fileName: 'r.txt', mimeType: 'text/plain', content: 'aGVsbG8=' } }, 'receipt.mimeType'],
    [{ receipt: { fileName: 'r.png', mimeType: 'image/png', content: 'aGVsbG8=' } }, 'receipt.content'],
  ])('answers %j with 400 naming %s and writes nothing', async (change, field) => {
    const type = await expenseType(w.db, w.company.id);
    const before = (await expensesOf(me.personId)).length;
    const res = await callRaw(
      w.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100, ...change },
      me.token,
    );
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain(field);
    expect(await expensesOf(me.personId)).toHaveLength(before);
  });
  it('refuses a receipt that is too large and writes nothing', async () => {
    const type = await expenseType(w.db, w.company.id);
    const before = (await expensesOf(me.personId)).length;
    // Over the JSON body limit (2 MB) the server answers 413 before the call; multipart allows 10 MB.
    const big = Buffer.alloc(3 * 1024 * 1024).toString('base64');
    const res = await call(
      w.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100, receipt: { fileName: 'r.png', mimeType: 'image/png', content: big } },
      me.token,
    );
    expect(res.status).toBe(413);
    expect(await expensesOf(me.personId)).toHaveLength(before);
  });
  it('asks for a receipt when the type requires one', async () => {
    const type = await expenseType(w.db, w.company.id, { requiresReceipt: true });
    const res = await call(
      w.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100 },
      me.token,
    );
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('receipt');
  });
  it("refuses a type hidden from the app, another company's type, and another driver's job", async () => {
    const hidden = await expenseType(w.db, w.company.id, { isAvailableInDriverApp: false });
    const foreign = await expenseType(w.db, w.other.company.id);
    const shown = await expenseType(w.db, w.company.id);
    const colleagueJob = await jobOf(w.db, w.company.id, colleague.personId);
    const strangerJob = await jobOf(w.db, w.other.company.id, stranger.personId);
    const before = (await expensesOf(me.personId)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ expenseTypeId: hidden.id }, 'expenseTypeId'],
      [{ expenseTypeId: foreign.id }, 'expenseTypeId'],
      [{ expenseTypeId: shown.id, bookingId: colleagueJob }, 'bookingId'],
      [{ expenseTypeId: shown.id, bookingId: strangerJob }, 'bookingId'],
    ];
    for (const [body, field] of cases) {
      const res = await callRaw(w.app, 'Driver/AddDriverExpenseFromDriverApp', { amountMinor: 100, ...body }, me.token);
      expect(res.status).toBe(400);
      expect(fieldOf(res.body)).toContain(field);
    }
    expect(await expensesOf(me.personId)).toHaveLength(before);
  });
  it('is refused to office users', async () => {
    const type = await expenseType(w.db, w.company.id);
    const res = await call(
      w.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100 },
      office.token,
    );
    expect(res.status).toBe(403);
  });
});
