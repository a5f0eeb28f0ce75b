import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedTariffs } from '../src/demo/tariffs';
import { bookingValidations } from '../src/domains/booking-validation/schema';
import { bookings } from '../src/domains/bookings/schema';
import { invoiceLines, invoices } from '../src/domains/invoicing/schema';
import { journalEntries } from '../src/domains/ledger/schema';
import { call, callData, callRaw } from './client';
import { book, bookingWorld, type BookingWorld } from './factories-bookings';
import { createUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { accountBalance } from './ledger-balance';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
let driverId = 0;

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const period = { fromDate: day(-1), toDate: day(3) };

/** A booking made through the office and then done (completed unless said otherwise). */
async function doneJob(
  world: BookingWorld,
  extra: Parameters<typeof book>[2] = {},
  done: Partial<typeof bookings.$inferInsert> = {},
) {
  const body: Parameters<typeof book>[2] = { clientId: world.clientId, paymentMethod: 'account', ...extra };
  const b = await book(t.app, world, {
    ...body,
    ...(body.clientId === world.clientId
      ? { clientReferences: [{ referenceId: world.referencePoId, value: 'PO-1' }] }
      : {}),
  });
  await t.db
    .update(bookings)
    .set({ status: 'completed', completedAt: new Date(), ...(world === w ? { driverId } : {}), ...done })
    .where(eq(bookings.id, b.id));
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
  expect(row!.priceMinor).toBeGreaterThan(0);
  return row!;
}

const list = (input: Partial<Parameters<typeof call<'BookingValidation/GetBookingValidataion'>>[2]>, token?: string) =>
  call(
    t.app,
    'BookingValidation/GetBookingValidataion',
    { perPage: 0, ...period, ...input },
    token ?? w.accounts.accessToken,
  );

const balance = (companyId: number, kind: string, ownerId = 0) => accountBalance(t, companyId, kind, ownerId);

async function linesOf(entryId: number) {
  const res = await t.db.execute<{ kind: string; owner_id: number; amount: string }>(
    sql`select a.kind, a.owner_id, l.amount_minor as amount from journal_lines l
        join ledger_accounts a on a.id = l.account_id where l.entry_id = ${entryId} order by a.kind`,
  );
  return res.rows.map((r) => ({ kind: r.kind, ownerId: r.owner_id, amount: Number(r.amount) }));
}

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  await seedTariffs(t.db, w.company.id);
  driverId = (await createUser(t.db, w.company.id, 'driver')).personId;
});

describe('BookingValidation/GetBookingValidataion', () => {
  it('lists the done jobs of the period to validate, with what was priced beside what happened', async () => {
    const job = await doneJob(w, {}, { waitingSeconds: 7 * 60 + 30, drivenMetres: 4321 });
    const noShow = await doneJob(w, { paymentMethod: 'cash' }, { status: 'no_show' });
    const open = await book(t.app, w, { clientId: w.otherClientId });
    const theirs = await doneJob(them);

    const res = await list({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.data.map((r) => r.id);
    expect(ids).toContain(job.id);
    expect(ids).toContain(noShow.id);
    expect(ids).not.toContain(open.id);
    expect(ids).not.toContain(theirs.id);
    const row = res.body.data.find((r) => r.id === job.id)!;
    expect(row).toMatchObject({
      bookingNumber: String(job.id),
      status: 'completed',
      clientName: 'Acme Ltd',
      passengerName: 'Ada Lovelace',
      priceMinor: job.priceMinor,
      waitingMinutes: 7,
      drivenMetres: 4321,
      pricedMetres: job.distanceMetres,
      noShow: false,
      validationStatus: 'toValidate',
      acceptedMinor: null,
      invoiceId: null,
      paymentMethod: 'account',
    });
    expect(row.routeSummary).toBe("Palace of Westminster, London → St Paul's Cathedral, London");
    expect(res.body.data.find((r) => r.id === noShow.id)!.noShow).toBe(true);
  });

  it('filters by client, payment method, driver and the booking number; sorts by price', async () => {
    const other = await doneJob(w, { clientId: w.otherClientId });
    const byClient = await list({ clientID: w.otherClientId });
    expect(byClient.body.data.map((r) => r.id)).toEqual([other.id]);
    const cash = await list({ paymentMethodID: 'cash' });
    expect(cash.body.data.length).toBeGreaterThan(0);
    expect(cash.body.data.every((r) => r.paymentMethod === 'cash')).toBe(true);
    const byNumber = await list({ q: `#${other.id}` });
    expect(byNumber.body.data.map((r) => r.id)).toEqual([other.id]);
    const byName = await list({ q: 'other ltd' });
    expect(byName.body.data.map((r) => r.id)).toEqual([other.id]);
    const byDriver = await list({ driverID: driverId });
    expect(byDriver.body.count).toBeGreaterThan(1);
    const sorted = await list({ sortColumn: 'price', sortType: 'desc' });
    const prices = sorted.body.data.map((r) => r.priceMinor ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const pageOne = await list({ perPage: 1, page: 0 });
    expect(pageOne.body.data).toHaveLength(1);
    expect(pageOne.body.total).toBe(pageOne.body.count);
  });

  it('refuses bad filters naming the field', async () => {
    const tab = await callRaw(
      t.app,
      'BookingValidation/GetBookingValidataion',
      { tab: 'done' },
      w.accounts.accessToken,
    );
    expect(tab.status).toBe(400);
    expect(tab.body.errors?.map((e) => e.field)).toContain('tab');
    const dates = await callRaw(
      t.app,
      'BookingValidation/GetBookingValidataion',
      { fromDate: '2026-05-10', toDate: '2026-05-01' },
      w.accounts.accessToken,
    );
    expect(dates.status).toBe(400);
    expect(dates.body.errors?.map((e) => e.field)).toEqual(['toDate']);
    const sort = await callRaw(
      t.app,
      'BookingValidation/GetBookingValidataion',
      { sortColumn: 'secret' },
      w.accounts.accessToken,
    );
    expect(sort.status).toBe(400);
    expect(sort.body.errors?.map((e) => e.field)).toContain('sortColumn');
  });

  it('is refused to a role without Booking validation', async () => {
    const res = await list({}, w.dispatcher.accessToken);
    expect(res.status).toBe(403);
  });
});

describe('BookingValidation/UpdateBookingValidate', () => {
  it('validates many jobs at their price; they move to the validated tab', async () => {
    const a = await doneJob(w);
    const b = await doneJob(w);
    const res = await call(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [a.id, b.id], status: 'validated' },
      w.accounts.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('2 jobs are validated.');
    expect(res.body.data.rows.map((r) => [r.id, r.validationStatus, r.acceptedMinor])).toEqual([
      [a.id, 'validated', a.priceMinor],
      [b.id, 'validated', b.priceMinor],
    ]);
    expect(res.body.data.ledgerEntryIds).toEqual([]);
    const validated = await list({ tab: 'validated' });
    expect(validated.body.data.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const toValidate = await list({});
    expect(toValidate.body.data.map((r) => r.id)).not.toContain(a.id);
    const [check] = await t.db.select().from(bookingValidations).where(eq(bookingValidations.bookingId, a.id));
    expect(check).toMatchObject({ status: 'validated', acceptedMinor: a.priceMinor, isOverride: false });
    expect(check!.validatedBy).toBeGreaterThan(0);
  });

  it('marks a job invalid only with a reason, and validating again updates the check', async () => {
    const job = await doneJob(w);
    const bare = await callRaw(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'invalid' },
      w.accounts.accessToken,
    );
    expect(bare.status).toBe(400);
    expect(bare.body.errors?.map((e) => e.field)).toEqual(['reason']);
    const res = await call(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'invalid', reason: 'Passenger disputes the route' },
      w.accounts.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({
      validationStatus: 'invalid',
      reason: 'Passenger disputes the route',
      acceptedMinor: null,
    });
    const invalid = await list({ tab: 'invalid' });
    expect(invalid.body.data.map((r) => r.id)).toContain(job.id);
    const again = await callData(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'validated' },
      w.accounts.accessToken,
    );
    expect(again.rows[0]).toMatchObject({ validationStatus: 'validated', acceptedMinor: job.priceMinor });
    expect(await t.db.select().from(bookingValidations).where(eq(bookingValidations.bookingId, job.id))).toHaveLength(
      1,
    );
  });

  it('takes a check back with toValidate (the row goes)', async () => {
    const job = await doneJob(w);
    await callData(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'validated' },
      w.accounts.accessToken,
    );
    const res = await call(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'toValidate' },
      w.accounts.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0]!.validationStatus).toBe('toValidate');
    expect(await t.db.select().from(bookingValidations).where(eq(bookingValidations.bookingId, job.id))).toEqual([]);
  });

  it('bills a job at another price only with a reason, posts the difference, then locks the price', async () => {
    const job = await doneJob(w);
    const unbilled = await balance(w.company.id, 'clientUnbilled', w.clientId);
    const noReason = await callRaw(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'validated', acceptedMinor: job.priceMinor! - 200 },
      w.accounts.accessToken,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.map((e) => e.field)).toEqual(['reason']);
    const res = await call(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'validated', acceptedMinor: job.priceMinor! - 200, reason: 'Goodwill' },
      w.accounts.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({ acceptedMinor: job.priceMinor! - 200, isOverride: true });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, job.id));
    expect(after!.priceMinor).toBe(job.priceMinor! - 200);
    expect(after!.priceBreakdown?.override?.price).toBe(job.priceMinor! - 200);
    expect(res.body.data.ledgerEntryIds).toHaveLength(1);
    const lines = await linesOf(res.body.data.ledgerEntryIds[0]!);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    expect(lines.find((l) => l.kind === 'clientUnbilled')).toEqual({
      kind: 'clientUnbilled',
      ownerId: w.clientId,
      amount: -200,
    });
    expect(await balance(w.company.id, 'clientUnbilled', w.clientId)).toBe(unbilled - 200);

    // Validated: its price is locked until the validation is taken back.
    const locked = await call(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'validated', acceptedMinor: job.priceMinor!, reason: 'Back again' },
      w.accounts.accessToken,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.message).toContain('locked');
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, job.id));
    expect(still!.priceMinor).toBe(job.priceMinor! - 200);
  });

  it('refuses a job not done (409), another company’s job (404) and bad input (400 naming fields)', async () => {
    const open = await book(t.app, w, { clientId: w.otherClientId });
    const done = await doneJob(w);
    const notDone = await call(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [done.id, open.id], status: 'validated' },
      w.accounts.accessToken,
    );
    expect(notDone.status).toBe(409);
    expect(notDone.body).toMatchObject({ currentStatus: 'confirmed' });
    expect(notDone.body.message).toContain(`Booking ${open.id} is confirmed`);
    // Nothing of the call stays: the done job is not validated either.
    expect(await t.db.select().from(bookingValidations).where(eq(bookingValidations.bookingId, done.id))).toEqual([]);

    const theirs = await doneJob(them);
    const other = await call(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [theirs.id], status: 'validated' },
      w.accounts.accessToken,
    );
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(`Booking ${theirs.id} was not found.`);

    const empty = await callRaw(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [], status: 'validated' },
      w.accounts.accessToken,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.map((e) => e.field)).toEqual(['bookingIds']);
    const badStatus = await callRaw(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [done.id], status: 'approved' },
      w.accounts.accessToken,
    );
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors?.map((e) => e.field)).toEqual(['status']);
    const overrideMany = await callRaw(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [done.id, open.id], status: 'validated', acceptedMinor: 100, reason: 'x' },
      w.accounts.accessToken,
    );
    expect(overrideMany.status).toBe(400);
    expect(overrideMany.body.errors?.map((e) => e.field)).toEqual(['acceptedMinor']);
  });

  it('refuses to change the check of a job on an invoice (409)', async () => {
    const job = await doneJob(w);
    await callData(
      t.app,
      'BookingValidation/UpdateBookingValidate',
      { bookingIds: [job.id], status: 'validated' },
      w.accounts.accessToken,
    );
    const [invoice] = await t.db
      .insert(invoices)
      .values({ companyId: w.company.id, clientId: w.clientId, currency: 'GBP' })
      .returning();
    await t.db.insert(invoiceLines).values({
      companyId: w.company.id,
      invoiceId: invoice!.id,
      bookingId: job.id,
      position: 1,
      description: 'Journey',
      unitPriceMinor: job.priceMinor!,
      netMinor: job.priceMinor!,
      vatRateBp: 0,
      vatMinor: 0,
      grossMinor: job.priceMinor!,
    });
    for (const status of ['toValidate', 'invalid'] as const) {
      const res = await call(
        t.app,
        'BookingValidation/UpdateBookingValidate',
        { bookingIds: [job.id], status, reason: 'Wrong' },
        w.accounts.accessToken,
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(`draft invoice ${invoice!.id}`);
    }
    const [check] = await t.db.select().from(bookingValidations).where(eq(bookingValidations.bookingId, job.id));
    expect(check!.status).toBe('validated');
    const row = (await list({ tab: 'validated', id: job.id })).body.data[0];
    expect(row?.invoiceId).toBe(invoice!.id);
  });
});

describe('BookingValidation/UpdateBookingValidatationCalculations', () => {
  it('prices the job again with the waiting and a longer distance driven: a higher fare, both breakdowns', async () => {
    const job = await doneJob(w);
    const longer = (job.distanceMetres ?? 0) + 3000;
    const res = await call(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: job.id, waitingMinutes: 20, drivenMetres: longer },
      w.accounts.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.priced.priceMinor).toBe(job.priceMinor);
    expect(d.recalculated.priceMinor).toBeGreaterThan(job.priceMinor!);
    expect(d.recalculated.metres).toBe(longer);
    expect(d.distanceSource).toBe('given');
    const waiting = d.recalculated.breakdown!.items.find((i) => i.code === 'waiting');
    expect(waiting?.amount).toBe(15 * 30);
    expect(d.differenceMinor).toBe(d.recalculated.priceMinor! - job.priceMinor!);
    expect(d.accepted).toBe(false);
    // Without accept nothing changes.
    const [same] = await t.db.select().from(bookings).where(eq(bookings.id, job.id));
    expect(same!.priceMinor).toBe(job.priceMinor);
    expect(await t.db.select().from(bookingValidations).where(eq(bookingValidations.bookingId, job.id))).toEqual([]);
  });

  it('takes the distance driven from the job when none is given', async () => {
    const job = await doneJob(w, {}, { drivenMetres: 12_000 });
    const d = await callData(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: job.id },
      w.accounts.accessToken,
    );
    expect(d.distanceSource).toBe('track');
    expect(d.recalculated.metres).toBe(12_000);
  });

  it('accepts the new fare: price and breakdown changed, the job validated, an exact ledger adjustment', async () => {
    const job = await doneJob(w);
    const unbilled = await balance(w.company.id, 'clientUnbilled', w.clientId);
    const revenue = await balance(w.company.id, 'revenue');
    const vat = await balance(w.company.id, 'vatPayable');
    const res = await call(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: job.id, waitingMinutes: 20, drivenMetres: (job.distanceMetres ?? 0) + 3000, accept: true },
      w.accounts.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    const difference = d.recalculated.priceMinor! - job.priceMinor!;
    expect(difference).toBeGreaterThan(0);
    expect(d.accepted).toBe(true);
    expect(d.row).toMatchObject({
      validationStatus: 'validated',
      acceptedMinor: d.recalculated.priceMinor,
      recalculatedMinor: d.recalculated.priceMinor,
      priceMinor: d.recalculated.priceMinor,
      waitingMinutes: 0,
    });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, job.id));
    expect(after!.priceMinor).toBe(d.recalculated.priceMinor);
    expect(after!.priceBreakdown?.price).toBe(d.recalculated.priceMinor);
    expect(after!.version).toBe(job.version + 1);

    const lines = await linesOf(d.ledgerEntryId!);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    const [entry] = await t.db.select().from(journalEntries).where(eq(journalEntries.id, d.ledgerEntryId!));
    expect(entry).toMatchObject({ kind: 'fareAdjusted', bookingId: job.id });
    // 20 % VAT inside the price: the VAT of each price, rounded once, and the rest is revenue.
    const vatOf = (p: number) => p - Math.round((p * 100) / 120);
    const vatMove = vatOf(d.recalculated.priceMinor!) - vatOf(job.priceMinor!);
    expect(lines).toEqual([
      { kind: 'clientUnbilled', ownerId: w.clientId, amount: difference },
      { kind: 'revenue', ownerId: 0, amount: -(difference - vatMove) },
      { kind: 'vatPayable', ownerId: 0, amount: -vatMove },
    ]);
    expect(await balance(w.company.id, 'clientUnbilled', w.clientId)).toBe(unbilled + difference);
    expect(await balance(w.company.id, 'revenue')).toBe(revenue - (difference - vatMove));
    expect(await balance(w.company.id, 'vatPayable')).toBe(vat - vatMove);

    // Validated now: accepting another fare is refused until the validation is taken back.
    const again = await call(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: job.id, waitingMinutes: 0, accept: true },
      w.accounts.accessToken,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('locked for billing');
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, job.id));
    expect(kept!.priceMinor).toBe(d.recalculated.priceMinor);
  });

  it('posts to the passenger’s receivable for a job not on account', async () => {
    const job = await doneJob(w, { paymentMethod: 'cash', clientId: undefined });
    const before = await balance(w.company.id, 'passengerReceivable', w.passengerId);
    const d = await callData(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: job.id, waitingMinutes: 30, accept: true },
      w.accounts.accessToken,
    );
    const difference = d.recalculated.priceMinor! - job.priceMinor!;
    expect(difference).toBe(25 * 30);
    expect(await balance(w.company.id, 'passengerReceivable', w.passengerId)).toBe(before + difference);
  });

  it('refuses bad input (400 naming the field), a job not done (409) and another company’s job (404)', async () => {
    const missing = await callRaw(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      {},
      w.accounts.accessToken,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field)).toEqual(['bookingId']);
    const job = await doneJob(w);
    const negative = await callRaw(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: job.id, waitingMinutes: -1, drivenMetres: 'far' },
      w.accounts.accessToken,
    );
    expect(negative.status).toBe(400);
    expect(negative.body.errors?.map((e) => e.field).sort()).toEqual(['drivenMetres', 'waitingMinutes']);
    const unknownExtra = await call(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: job.id, extras: [{ expenseTypeId: 999_999, quantity: 1 }] },
      w.accounts.accessToken,
    );
    expect(unknownExtra.status).toBe(400);
    expect(unknownExtra.body.errors?.[0]?.field).toBe('extras.0.expenseTypeId');

    const open = await book(t.app, w, { clientId: w.otherClientId });
    const notDone = await call(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: open.id, accept: true },
      w.accounts.accessToken,
    );
    expect(notDone.status).toBe(409);
    expect(notDone.body).toMatchObject({ currentStatus: 'confirmed' });

    const theirs = await doneJob(them);
    const other = await call(
      t.app,
      'BookingValidation/UpdateBookingValidatationCalculations',
      { bookingId: theirs.id },
      w.accounts.accessToken,
    );
    expect(other.status).toBe(404);
    const [untouched] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, theirs.id), eq(bookings.companyId, them.company.id)));
    expect(untouched!.priceMinor).toBe(theirs.priceMinor);
  });
});
