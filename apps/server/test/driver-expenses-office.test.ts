import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBookingHistory } from '../src/demo/bookings';
import { seedDriverExpenses } from '../src/demo/driver-expenses';
import { seedRegister } from '../src/demo/people';
import { auditLog } from '../src/domains/audit/schema';
import { driverNotifications } from '../src/domains/driver-app/schema';
import { driverExpenses } from '../src/domains/driver-expenses/schema';
import { lineMoney } from '../src/domains/invoicing/totals';
import { bookingExpenseTypes, taxes } from '../src/domains/reference-data/schema';
import { call, callData, callRaw } from './client';
import { bookingWorld, type BookingWorld } from './factories-bookings';
import { doneAccountJobs, invoiceWorld, type InvoiceWorld } from './factories-invoices';
import { expenseType } from './factories-driver-account';
import { createCompany, signIn } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: InvoiceWorld;
let them: BookingWorld;
let token = '';
let parking = { id: 0, rateBp: 0 };
let tolls = 0;

type Row = typeof driverExpenses.$inferSelect;

/** An expense as the driver app leaves it: pending, of the world's driver. */
async function expense(values: Partial<typeof driverExpenses.$inferInsert> = {}): Promise<Row> {
  const [row] = await t.db
    .insert(driverExpenses)
    .values({
      companyId: w.company.id,
      driverId: w.driverPersonId,
      expenseTypeId: parking.id,
      amountMinor: 650,
      currency: 'GBP',
      note: 'Car park at the station',
      ...values,
    })
    .returning();
  return row!;
}

const stored = async (id: number) => (await t.db.select().from(driverExpenses).where(eq(driverExpenses.id, id)))[0];

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'driver_expense'), eq(auditLog.entityId, id)));

const newsOf = (driverId: number) =>
  t.db.select().from(driverNotifications).where(eq(driverNotifications.driverId, driverId));

const fieldsOf = (body: { errors?: { field: string }[] | undefined }) => body.errors?.map((e) => e.field) ?? [];

beforeAll(async () => {
  t = await createTestApp();
  w = await invoiceWorld(t);
  them = await bookingWorld(t.app, t.db);
  token = w.accounts.accessToken;
  const [type] = await t.db
    .select({ id: bookingExpenseTypes.id, rateBp: taxes.rateBp })
    .from(bookingExpenseTypes)
    .leftJoin(taxes, eq(taxes.id, bookingExpenseTypes.taxId))
    .where(and(eq(bookingExpenseTypes.companyId, w.company.id), eq(bookingExpenseTypes.name, 'Parking')));
  parking = { id: type!.id, rateBp: type!.rateBp ?? 0 };
  expect(parking.rateBp).toBeGreaterThan(0);
  tolls = (await expenseType(t.db, w.company.id, { name: 'Tolls road' })).id;
});

describe('the three lists', () => {
  it('lists each state of the company only, newest first, with the driver, type, receipt and decision', async () => {
    const older = await expense({ createdAt: new Date(Date.now() - 60_000), receiptKey: `${w.company.id}/x/r.png` });
    const newer = await expense({ amountMinor: 1200 });
    const approved = await expense({ status: 'approved', decidedAt: new Date(), decidedBy: null });
    const declined = await expense({ status: 'declined', declineReason: 'No receipt', decidedAt: new Date() });
    const themType = await expenseType(t.db, them.company.id);
    const themDriver = (
      await t.db.execute<{ id: number }>(
        sql`insert into drivers (company_id, first_name, last_name) values (${them.company.id}, 'Their', 'Driver') returning id`,
      )
    ).rows[0]!.id;
    await t.db.insert(driverExpenses).values({
      companyId: them.company.id,
      driverId: themDriver,
      expenseTypeId: themType.id,
      amountMinor: 100,
    });

    const pending = await call(t.app, 'DriverBookingExpense/GetPendingBookExpenses', { perPage: 0 }, token);
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    const ids = pending.body.data.map((r) => r.id);
    expect(ids.slice(0, 2)).toEqual([newer.id, older.id]);
    expect(ids).not.toContain(approved.id);
    expect(pending.body.data.every((r) => r.status === 'pending')).toBe(true);
    const row = pending.body.data.find((r) => r.id === older.id)!;
    expect(row).toMatchObject({
      driverId: w.driverPersonId,
      driverName: 'Test Driver',
      expenseTypeName: 'Parking',
      amountMinor: 650,
      currency: 'GBP',
      hasReceipt: true,
      paidBy: 'company',
      isLocked: false,
      version: 1,
      invoiceId: null,
      statementId: null,
    });
    expect(row.receiptUrl).toMatch(/^\/files\/.+sig=/);

    const ok = await callData(t.app, 'DriverBookingExpense/GetApprovedBookExpenses', { perPage: 0 }, token);
    expect(ok.map((r) => r.id)).toEqual([approved.id]);
    const no = await call(t.app, 'DriverBookingExpense/GetDeclinedBookExpenses', { perPage: 0 }, token);
    expect(no.body.data.map((r) => r.id)).toEqual([declined.id]);
    expect(no.body.data[0]!.declineReason).toBe('No receipt');

    const theirs = await call(
      t.app,
      'DriverBookingExpense/GetPendingBookExpenses',
      { perPage: 0 },
      them.admin.accessToken,
    );
    expect(theirs.body.data).toHaveLength(1);
    expect(theirs.body.data[0]!.driverId).toBe(themDriver);
  });

  it('filters by days, driver, booking, type and search, and pages from 0', async () => {
    const [job] = await doneAccountJobs(t, w, w.clientId, 1);
    const onJob = await expense({ bookingId: job!.id, expenseTypeId: tolls });
    const lastMonth = await expense({ createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const list = (input: Parameters<typeof call<'DriverBookingExpense/GetPendingBookExpenses'>>[2]) =>
      callData(t.app, 'DriverBookingExpense/GetPendingBookExpenses', { perPage: 0, ...input }, token);
    const today = new Date().toISOString().slice(0, 10);
    const recent = (await list({ fromDate: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) })).map(
      (r) => r.id,
    );
    expect(recent).toContain(onJob.id);
    expect(recent).not.toContain(lastMonth.id);
    expect((await list({ toDate: today })).map((r) => r.id)).toContain(lastMonth.id);
    expect((await list({ bookingID: job!.id })).map((r) => r.id)).toEqual([onJob.id]);
    expect((await list({ expenseTypeID: tolls })).map((r) => r.id)).toEqual([onJob.id]);
    expect((await list({ q: `#${job!.id}` })).map((r) => r.id)).toEqual([onJob.id]);
    expect((await list({ q: 'tolls road' })).map((r) => r.id)).toEqual([onJob.id]);
    expect((await list({ driverID: w.driverPersonId })).length).toBeGreaterThan(2);
    const page = await call(t.app, 'DriverBookingExpense/GetPendingBookExpenses', { perPage: 1, page: 1 }, token);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.total).toBe(page.body.count);
    const cheap = (await list({ sortColumn: 'amountMinor', sortType: 'asc' })).map((r) => r.amountMinor);
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
  });

  it('refuses bad filters naming the field', async () => {
    const bad = await callRaw(
      t.app,
      'DriverBookingExpense/GetApprovedBookExpenses',
      { fromDate: '2026-13-40', sortColumn: 'secret', driverID: 'x' },
      token,
    );
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['fromDate', 'sortColumn', 'driverID']));
    const backwards = await callRaw(
      t.app,
      'DriverBookingExpense/GetApprovedBookExpenses',
      { fromDate: '2026-05-02', toDate: '2026-05-01' },
      token,
    );
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.body)).toEqual(['toDate']);
  });
});

describe('DriverBookingExpense/Update', () => {
  it('approves: the company pays, the driver is told, the change is audited', async () => {
    const e = await expense();
    const res = await call(t.app, 'DriverBookingExpense/Update', { id: e.id, status: 'approved', version: 1 }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', paidBy: 'company', version: 2, isLocked: false });
    expect(res.body.data!.decidedByName).toBeTruthy();
    expect(res.body.data!.decidedAt).not.toBeNull();
    const audit = await auditOf(e.id);
    expect(audit.map((a) => a.action)).toEqual(['approved']);
    expect(audit[0]!.changes).toMatchObject({ status: { before: 'pending', after: 'approved' } });
    const news = (await newsOf(w.driverPersonId)).filter((n) => n.kind === 'expense_approved');
    expect(news.at(-1)!.body).toContain('£6.50');
  });

  it('declines only with a reason, and tells the driver why', async () => {
    const e = await expense();
    const none = await call(t.app, 'DriverBookingExpense/Update', { id: e.id, status: 'declined' }, token);
    expect(none.status).toBe(400);
    expect(fieldsOf(none.body)).toEqual(['declineReason']);
    expect((await stored(e.id))!.status).toBe('pending');
    const blank = await callRaw(
      t.app,
      'DriverBookingExpense/Update',
      { id: e.id, status: 'declined', declineReason: ' ' },
      token,
    );
    expect(fieldsOf(blank.body)).toEqual(['declineReason']);
    const res = await call(
      t.app,
      'DriverBookingExpense/Update',
      { id: e.id, status: 'declined', declineReason: 'The receipt is unreadable' },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'declined', declineReason: 'The receipt is unreadable' });
    const news = (await newsOf(w.driverPersonId)).filter((n) => n.kind === 'expense_declined');
    expect(news.at(-1)!.body).toContain('The receipt is unreadable');
    expect((await auditOf(e.id)).map((a) => a.action)).toEqual(['declined']);
    const back = await callData(t.app, 'DriverBookingExpense/Update', { id: e.id, status: 'pending' }, token);
    expect(back).toMatchObject({ status: 'pending', declineReason: null, decidedAt: null });
  });

  it('edits the amount and the type; a stale version or a bad value changes nothing', async () => {
    const e = await expense();
    const edited = await callData(
      t.app,
      'DriverBookingExpense/Update',
      { id: e.id, amountMinor: 725, expenseTypeId: tolls },
      token,
    );
    expect(edited).toMatchObject({ amountMinor: 725, expenseTypeId: tolls, status: 'pending', version: 2 });
    expect((await auditOf(e.id)).map((a) => a.action)).toEqual(['updated']);

    const stale = await call(t.app, 'DriverBookingExpense/Update', { id: e.id, amountMinor: 1, version: 1 }, token);
    expect(stale.status).toBe(409);
    const zero = await callRaw(t.app, 'DriverBookingExpense/Update', { id: e.id, amountMinor: 0 }, token);
    expect(zero.status).toBe(400);
    expect(fieldsOf(zero.body)).toEqual(['amountMinor']);
    const float = await callRaw(t.app, 'DriverBookingExpense/Update', { id: e.id, amountMinor: 6.5 }, token);
    expect(fieldsOf(float.body)).toEqual(['amountMinor']);
    const theirType = await expenseType(t.db, them.company.id);
    const foreign = await call(t.app, 'DriverBookingExpense/Update', { id: e.id, expenseTypeId: theirType.id }, token);
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['expenseTypeId']);
    const status = await callRaw(t.app, 'DriverBookingExpense/Update', { id: e.id, status: 'paid' }, token);
    expect(fieldsOf(status.body)).toEqual(['status']);
    const nothing = await call(t.app, 'DriverBookingExpense/Update', { id: e.id }, token);
    expect(nothing.status).toBe(400);
    const reasonOnApproval = await call(
      t.app,
      'DriverBookingExpense/Update',
      { id: e.id, status: 'approved', declineReason: 'why' },
      token,
    );
    expect(fieldsOf(reasonOnApproval.body)).toEqual(['declineReason']);

    const after = (await stored(e.id))!;
    expect(after).toMatchObject({ amountMinor: 725, expenseTypeId: tolls, status: 'pending', version: 2 });
    expect(await auditOf(e.id)).toHaveLength(1);
  });

  it('a client pays only an expense of a booking with a client', async () => {
    const loose = await expense();
    const res = await call(
      t.app,
      'DriverBookingExpense/Update',
      { id: loose.id, status: 'approved', paidBy: 'client' },
      token,
    );
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['paidBy']);
    expect((await stored(loose.id))!.status).toBe('pending');
    expect(await newsOf(w.driverPersonId)).not.toContainEqual(
      expect.objectContaining({ body: expect.stringContaining(`${loose.id}`) }),
    );
  });

  it("answers 404 for another company's expense, 403 to a role without the permission", async () => {
    const e = await expense();
    const foreign = await call(
      t.app,
      'DriverBookingExpense/Update',
      { id: e.id, status: 'approved' },
      them.admin.accessToken,
    );
    expect(foreign.status).toBe(404);
    const dispatcher = w.dispatcher.accessToken;
    expect(
      (await call(t.app, 'DriverBookingExpense/Update', { id: e.id, status: 'approved' }, dispatcher)).status,
    ).toBe(403);
    expect((await call(t.app, 'DriverBookingExpense/GetPendingBookExpenses', {}, dispatcher)).status).toBe(403);
    expect((await call(t.app, 'DriverBookingExpense/DeleteExpense', { id: e.id }, dispatcher)).status).toBe(403);
    expect((await call(t.app, 'DriverBookingExpense/GetPendingBookExpenses', {}, w.driverToken)).status).toBe(403);
    expect((await stored(e.id))!).toMatchObject({ status: 'pending', version: 1 });
  });
});

describe("expenses a client pays, on the client's invoice", () => {
  it("bills an approved client-paid expense with its job, at the type's VAT rate, and locks it", async () => {
    const [job] = await doneAccountJobs(t, w, w.clientId, 1);
    const e = await expense({ bookingId: job!.id, amountMinor: 1200 });
    const companyPaid = await expense({ bookingId: job!.id, amountMinor: 300 });
    await callData(t.app, 'DriverBookingExpense/Update', { id: e.id, status: 'approved', paidBy: 'client' }, token);
    await callData(t.app, 'DriverBookingExpense/Update', { id: companyPaid.id, status: 'approved' }, token);

    const draft = await callData(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [job!.id] },
      w.admin.accessToken,
    );
    expect(draft.lines.map((l) => l.description)).toEqual([`Journey ${job!.id}`, 'Parking']);
    const line = draft.lines[1]!;
    expect(line).toMatchObject({ bookingId: null, ...lineMoney(1200, parking.rateBp, true) });
    expect(draft.grossMinor).toBe(job!.priceMinor + 1200);

    const [row] = await callData(
      t.app,
      'DriverBookingExpense/GetApprovedBookExpenses',
      { perPage: 0, bookingID: job!.id, q: '' },
      token,
    ).then((rows) => rows.filter((r) => r.id === e.id));
    expect(row).toMatchObject({ invoiceId: draft.id, isLocked: true, paidBy: 'client' });
    const change = await call(t.app, 'DriverBookingExpense/Update', { id: e.id, amountMinor: 1 }, token);
    expect(change.status).toBe(409);
    const decline = await call(
      t.app,
      'DriverBookingExpense/Update',
      { id: e.id, status: 'declined', declineReason: 'x' },
      token,
    );
    expect(decline.status).toBe(409);
    expect((await stored(e.id))!).toMatchObject({ amountMinor: 1200, status: 'approved' });

    // The job's line taken off the draft takes its expenses with it: the expense is free again.
    const jobLine = draft.lines[0]!;
    const after = await callData(t.app, 'BookingInvoice/DeleteEdit', { id: jobLine.id }, w.admin.accessToken);
    expect(after.lines).toHaveLength(0);
    expect((await call(t.app, 'DriverBookingExpense/Update', { id: e.id, amountMinor: 1100 }, token)).status).toBe(200);
  });

  it('adds an expense approved later to the draft its job is on; an issued invoice refuses it', async () => {
    const [job, other] = await doneAccountJobs(t, w, w.clientId, 2);
    const draft = await callData(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [job!.id] },
      w.admin.accessToken,
    );
    const e = await expense({ bookingId: job!.id, amountMinor: 800 });
    await callData(t.app, 'DriverBookingExpense/Update', { id: e.id, status: 'approved', paidBy: 'client' }, token);
    const details = await callData(t.app, 'BookingInvoice/GetInvoiceDetails', { id: draft.id }, w.admin.accessToken);
    expect(details.lines.map((l) => l.description)).toEqual([`Journey ${job!.id}`, 'Parking']);
    expect(details.grossMinor).toBe(draft.grossMinor + 800);

    const issuedDraft = await callData(
      t.app,
      'BookingInvoice/Create',
      { clientID: w.clientId, bookingIds: [other!.id] },
      w.admin.accessToken,
    );
    await callData(t.app, 'BookingInvoice/ApproveGeneratedInvoices', { ids: [issuedDraft.id] }, w.admin.accessToken);
    const late = await expense({ bookingId: other!.id });
    const res = await call(
      t.app,
      'DriverBookingExpense/Update',
      { id: late.id, status: 'approved', paidBy: 'client' },
      token,
    );
    expect(res.status).toBe(409);
    expect((await stored(late.id))!).toMatchObject({ status: 'pending', paidBy: 'company', version: 1 });
    expect(await auditOf(late.id)).toHaveLength(0);
  });
});

describe('DriverBookingExpense/DeleteExpense', () => {
  it('deletes a pending or a declined expense, with an audit row', async () => {
    const pending = await expense();
    const declined = await expense({ status: 'declined', declineReason: 'Duplicate' });
    for (const e of [pending, declined]) {
      const res = await call(t.app, 'DriverBookingExpense/DeleteExpense', { id: e.id }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await stored(e.id)).toBeUndefined();
      expect((await auditOf(e.id)).map((a) => a.action)).toEqual(['deleted']);
    }
  });

  it('refuses an approved expense, one on a driver statement, and unknown or foreign ids; nothing is written', async () => {
    const approved = await expense({ status: 'approved' });
    const onStatement = await expense({ status: 'declined', declineReason: 'x', statementId: 42 });
    expect((await call(t.app, 'DriverBookingExpense/DeleteExpense', { id: approved.id }, token)).status).toBe(409);
    const locked = await call(t.app, 'DriverBookingExpense/DeleteExpense', { id: onStatement.id }, token);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toContain('statement');
    const change = await call(t.app, 'DriverBookingExpense/Update', { id: onStatement.id, status: 'pending' }, token);
    expect(change.status).toBe(409);
    const foreign = await call(
      t.app,
      'DriverBookingExpense/DeleteExpense',
      { id: approved.id },
      them.admin.accessToken,
    );
    expect(foreign.status).toBe(404);
    expect((await call(t.app, 'DriverBookingExpense/DeleteExpense', { id: 2_000_000_000 }, token)).status).toBe(404);
    const bad = await callRaw(t.app, 'DriverBookingExpense/DeleteExpense', { id: 'one' }, token);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['id']);
    expect(await stored(approved.id)).toBeDefined();
    expect(await stored(onStatement.id)).toBeDefined();
    expect(await auditOf(approved.id)).toHaveLength(0);
    expect(await auditOf(onStatement.id)).toHaveLength(0);
  });
});

describe('the demo expenses', () => {
  it('leaves expenses in all three states, one paid by a client, on recent jobs of the company', async () => {
    const company = await createCompany(t.db);
    await t.db.transaction(async (tx) => {
      await seedRegister(tx, company.id, `demo${company.id}.test`, company.roleIds);
      await seedBookingHistory(tx, company.id, 6, 20);
      await seedDriverExpenses(tx, company.id);
    });
    const admin = (await signIn(t.app, company.adminEmail)).accessToken;
    const counts = await Promise.all(
      (
        [
          'DriverBookingExpense/GetPendingBookExpenses',
          'DriverBookingExpense/GetApprovedBookExpenses',
          'DriverBookingExpense/GetDeclinedBookExpenses',
        ] as const
      ).map(async (name) => (await call(t.app, name, { perPage: 0 }, admin)).body.data),
    );
    expect(counts.map((rows) => rows.length)).toEqual([6, 4, 2]);
    expect(counts[1]!.filter((r) => r.paidBy === 'client')).toHaveLength(1);
    expect(counts[2]!.every((r) => r.declineReason)).toBe(true);
  }, 120_000);
});
