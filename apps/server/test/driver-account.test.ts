import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { drivers } from '../src/domains/drivers/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, signIn, type SignedIn, type TestCompany } from './factories';
import {
  expenseType,
  jobOf,
  pngPixel,
  signedDriver,
  signedOffice,
  type Answer,
  type Err,
  type ListAnswer,
} from './factories-driver-account';

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let me: SignedIn & { id: number };
let colleague: SignedIn & { id: number };
let stranger: SignedIn & { id: number };
let office: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  other = await createCompany(t.db);
  me = await signedDriver(t.db, t.app, company);
  colleague = await signedDriver(t.db, t.app, company);
  stranger = await signedDriver(t.db, t.app, other);
  office = await signedOffice(t.db, t.app, company);
  admin = await signIn(t.app, company.adminEmail);
  await t.db.update(drivers).set({ notes: 'office only' }).where(eq(drivers.id, me.id));
});

const fieldOf = (body: Err) => body.errors?.map((e) => e.field);

describe('Driver/GetTableSummaryDriverDrvApp', () => {
  it("answers the signed-in driver's own profile as one row, without office notes", async () => {
    const res = await call(t.app, 'Driver/GetTableSummaryDriverDrvApp', {}, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.data[0]?.id).toBe(me.id);
    expect(res.body.data[0]).not.toHaveProperty('notes');
  });
  it('is refused to office users', async () => {
    for (const who of [office, admin]) {
      const res = await call(t.app, 'Driver/GetTableSummaryDriverDrvApp', {}, who.accessToken);
      expect(res.status).toBe(403);
    }
  });
});

describe('Driver/UpdateDriverPersonalProfile', () => {
  it('changes only the fields sent', async () => {
    const res = await call(
      t.app,
      'Driver/UpdateDriverPersonalProfile',
      { phone: '+44 7700 900123', address: '1 High Street' },
      me.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.phone).toBe('+44 7700 900123');
    expect(res.body.data.address).toBe('1 High Street');
    expect(res.body.data.firstName).toBe('Test');
    const [row] = await t.db.select().from(drivers).where(eq(drivers.id, me.id));
    expect(row?.address).toBe('1 High Street');
    const [colleagueRow] = await t.db.select().from(drivers).where(eq(drivers.id, colleague.id));
    expect(colleagueRow?.address).toBeNull();
  });
  it('ignores an id in the payload: a driver changes only themself', async () => {
    const res = await call(
      t.app,
      'Driver/UpdateDriverPersonalProfile',
      { id: colleague.id, postcode: 'AB1 2CD' },
      me.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(me.id);
    const [colleagueRow] = await t.db.select().from(drivers).where(eq(drivers.id, colleague.id));
    expect(colleagueRow?.postcode).toBeNull();
  });
  it('answers bad input with 400 naming the field and changes nothing', async () => {
    const res = await call(
      t.app,
      'Driver/UpdateDriverPersonalProfile',
      { email: 'not-an-email', address: 'Elsewhere' },
      me.accessToken,
    );
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('email');
    const [row] = await t.db.select().from(drivers).where(eq(drivers.id, me.id));
    expect(row?.address).toBe('1 High Street');
  });
  it('refuses to clear the first name', async () => {
    const res = await call(t.app, 'Driver/UpdateDriverPersonalProfile', { firstName: '' }, me.accessToken);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('firstName');
  });
  it('is refused to office users', async () => {
    const res = await call(
      t.app,
      'Driver/UpdateDriverPersonalProfile',
      { phone: '+44 7700 900999' },
      office.accessToken,
    );
    expect(res.status).toBe(403);
  });
});

describe('Driver/UpdateDriverAccountProfile', () => {
  it('saves the bank account, answering only the last four of the number', async () => {
    const res = await call(
      t.app,
      'Driver/UpdateDriverAccountProfile',
      { bankAccountName: 'T Driver', bankSortCode: '12-34-56', bankAccountNumber: '12345678' },
      me.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.bankSortCode).toBe('123456');
    expect(res.body.data.bankAccountNumberLast4).toBe('5678');
    expect(JSON.stringify(res.body)).not.toContain('12345678');
    const [row] = await t.db.select().from(drivers).where(eq(drivers.id, me.id));
    expect(row?.bankAccountNumber).toBe('12345678');
  });
  it.each([
    [{ bankAccountName: 'T', bankSortCode: '12345', bankAccountNumber: '12345678' }, 'bankSortCode'],
    [{ bankAccountName: 'T', bankSortCode: '123456', bankAccountNumber: '1234567' }, 'bankAccountNumber'],
    [{ bankAccountName: 'T', bankSortCode: '123456', bankAccountNumber: 'ABCDEFGH' }, 'bankAccountNumber'],
    [{ bankSortCode: '123456', bankAccountNumber: '12345678' }, 'bankAccountName'],
  ])('answers %j with 400 naming %s', async (body, field) => {
    const res = await call(t.app, 'Driver/UpdateDriverAccountProfile', body, me.accessToken);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain(field);
  });
  it('is refused to office users', async () => {
    const res = await call(
      t.app,
      'Driver/UpdateDriverAccountProfile',
      { bankAccountName: 'X', bankSortCode: '123456', bankAccountNumber: '12345678' },
      office.accessToken,
    );
    expect(res.status).toBe(403);
  });
});

describe('BookingExpenseType/GetExpenseTypeListDriverApp', () => {
  it('lists only active types of the company offered in the driver app', async () => {
    const shown = await expenseType(t.db, company.id);
    const hidden = await expenseType(t.db, company.id, { isAvailableInDriverApp: false });
    const off = await expenseType(t.db, company.id, { isActive: false });
    const foreign = await expenseType(t.db, other.id);
    const res = await call(t.app, 'BookingExpenseType/GetExpenseTypeListDriverApp', {}, me.accessToken);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r) => r.id);
    expect(ids).toContain(shown.id);
    for (const gone of [hidden, off, foreign]) expect(ids).not.toContain(gone.id);
  });
  it('is refused to office users', async () => {
    const res = await call(t.app, 'BookingExpenseType/GetExpenseTypeListDriverApp', {}, office.accessToken);
    expect(res.status).toBe(403);
  });
});

describe('Driver/AddDriverExpenseFromDriverApp', () => {
  const expensesOf = (driverId: number) =>
    t.db.select().from(driverExpenses).where(eq(driverExpenses.driverId, driverId));

  it('records a pending expense on an own job with a receipt', async () => {
    const type = await expenseType(t.db, company.id);
    const bookingId = await jobOf(t.db, company.id, me.id);
    const res = await call(
      t.app,
      'Driver/AddDriverExpenseFromDriverApp',
      {
        expenseTypeId: type.id,
        amountMinor: 450,
        bookingId,
        note: 'Airport car park',
        receipt: { fileName: 'r.png', mimeType: 'image/png', content: pngPixel },
      },
      me.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ amountMinor: 450, bookingId, status: 'pending', hasReceipt: true });
    const rows = await expensesOf(me.id);
    expect(rows.find((r) => r.id === res.body.data.id)?.receiptKey).toMatch(/driver-expenses\/.+\.png$/);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver_expense'), eq(auditLog.entityId, res.body.data.id as number)));
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
    const type = await expenseType(t.db, company.id);
    const before = (await expensesOf(me.id)).length;
    const res = await call(
      t.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100, ...change },
      me.accessToken,
    );
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain(field);
    expect(await expensesOf(me.id)).toHaveLength(before);
  });
  it('refuses a receipt that is too large and writes nothing', async () => {
    const type = await expenseType(t.db, company.id);
    const before = (await expensesOf(me.id)).length;
    // Over the JSON body limit (2 MB) the server answers 413 before the call; multipart allows 10 MB.
    const big = Buffer.alloc(3 * 1024 * 1024).toString('base64');
    const res = await call(
      t.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100, receipt: { fileName: 'r.png', mimeType: 'image/png', content: big } },
      me.accessToken,
    );
    expect(res.status).toBe(413);
    expect(await expensesOf(me.id)).toHaveLength(before);
  });
  it('asks for a receipt when the type requires one', async () => {
    const type = await expenseType(t.db, company.id, { requiresReceipt: true });
    const res = await call(
      t.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100 },
      me.accessToken,
    );
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('receipt');
  });
  it("refuses a type hidden from the app, another company's type, and another driver's job", async () => {
    const hidden = await expenseType(t.db, company.id, { isAvailableInDriverApp: false });
    const foreign = await expenseType(t.db, other.id);
    const shown = await expenseType(t.db, company.id);
    const colleagueJob = await jobOf(t.db, company.id, colleague.id);
    const strangerJob = await jobOf(t.db, other.id, stranger.id);
    const before = (await expensesOf(me.id)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ expenseTypeId: hidden.id }, 'expenseTypeId'],
      [{ expenseTypeId: foreign.id }, 'expenseTypeId'],
      [{ expenseTypeId: shown.id, bookingId: colleagueJob }, 'bookingId'],
      [{ expenseTypeId: shown.id, bookingId: strangerJob }, 'bookingId'],
    ];
    for (const [body, field] of cases) {
      const res = await call(
        t.app,
        'Driver/AddDriverExpenseFromDriverApp',
        { amountMinor: 100, ...body },
        me.accessToken,
      );
      expect(res.status).toBe(400);
      expect(fieldOf(res.body)).toContain(field);
    }
    expect(await expensesOf(me.id)).toHaveLength(before);
  });
  it('is refused to office users', async () => {
    const type = await expenseType(t.db, company.id);
    const res = await call(
      t.app,
      'Driver/AddDriverExpenseFromDriverApp',
      { expenseTypeId: type.id, amountMinor: 100 },
      office.accessToken,
    );
    expect(res.status).toBe(403);
  });
});
