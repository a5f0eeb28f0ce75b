import { and, eq, inArray, sql } from 'drizzle-orm';
import { type schemas, doneStatuses } from '@cabdesk/contract';
import { format } from '@cabdesk/money';
import type { z } from 'zod';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import type { PriceBreakdown } from '../pricing/breakdown';
import { bookingValidations } from './schema';
import { postFareAdjusted } from './postings';
import { type Ctx, rowsOf } from './rows';

type ValidateInput = z.output<typeof schemas.bookingValidateInput>;
export type Booking = typeof bookings.$inferSelect;
type Validation = typeof bookingValidations.$inferSelect;

const statusWords = (status: string) => status.replace('_', ' ');

/**
 * The caller's bookings by id, locked for the change; an id the company does not have is a 404, a
 * job not done a 409 (only completed and no-show jobs are validated).
 */
export async function lockDoneBookings(ctx: Ctx, ids: number[]): Promise<Map<number, Booking>> {
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), inArray(bookings.id, ids)))
    .orderBy(bookings.id)
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw notFound(`Booking ${id}`);
    if (!doneStatuses.includes(row.status)) {
      throw conflict(`Booking ${id} is ${statusWords(row.status)}; only a completed or no-show job can be validated.`, {
        currentStatus: row.status,
        version: row.version,
      });
    }
  }
  return byId;
}

/** The checks of some bookings, by booking id. */
export async function validationsOf(ctx: Ctx, ids: number[]): Promise<Map<number, Validation>> {
  const rows = await ctx.db
    .select()
    .from(bookingValidations)
    .where(and(eq(bookingValidations.companyId, ctx.session.companyId), inArray(bookingValidations.bookingId, ids)));
  return new Map(rows.map((r) => [r.bookingId, r]));
}

/** A job on an invoice line is billed: its check and price no longer change (a credit note corrects it). */
export async function refuseInvoiced(ctx: Ctx, ids: number[]): Promise<void> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await ctx.db.execute<{ booking_id: number; invoice_id: number; number: string | null }>(
    sql`select l.booking_id, l.invoice_id, i.number from invoice_lines l
        join invoices i on i.company_id = l.company_id and i.id = l.invoice_id
        where l.company_id = ${ctx.session.companyId} and l.booking_id in (${list}) order by l.booking_id limit 1`,
  );
  const hit = rows[0];
  if (hit) {
    const which = hit.number ? `invoice ${hit.number}` : `draft invoice ${hit.invoice_id}`;
    throw conflict(
      `Booking ${hit.booking_id} is on ${which}, so its validation can no longer change; take it off the draft, or correct an issued invoice with a credit note.`,
      { invoiceId: hit.invoice_id },
    );
  }
}

/** A validated job's price is locked for billing until its validation is taken back. */
export function refuseLockedPrice(booking: Booking, check: Validation | undefined): void {
  if (check?.status !== 'validated') return;
  const price =
    booking.priceMinor === null ? 'its price' : format({ minor: booking.priceMinor, currency: booking.currency });
  throw conflict(
    `Booking ${booking.id} is validated at ${price}; its price is locked for billing. Take the validation back (to validate) before changing it.`,
    { validationStatus: 'validated' },
  );
}

/**
 * Sets a done job's price (a recalculation accepted, an override) with its breakdown, and posts the
 * difference to the ledger. Answers the adjustment's entry id (null when the price stays).
 */
export async function changePrice(
  ctx: Ctx,
  booking: Booking,
  price: number,
  breakdown: PriceBreakdown | null,
  pricingModelVersionId: number | null | undefined,
  reason: string,
): Promise<number | null> {
  const before = booking.priceMinor ?? 0;
  await ctx.db
    .update(bookings)
    .set({
      priceMinor: price,
      priceBreakdown: breakdown,
      ...(pricingModelVersionId !== undefined ? { pricingModelVersionId } : {}),
      version: booking.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, booking.id)));
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: booking.id,
    action: 'priceValidated',
    changes: { priceMinor: { before: booking.priceMinor, after: price } },
  });
  return postFareAdjusted(ctx, booking, before, price, reason);
}

/** What the check stores of what happened, beside its status. */
export function happened(b: Booking) {
  return {
    waitingMinutes: Math.floor((b.waitingSeconds ?? 0) / 60),
    drivenMetres: b.drivenMetres,
    noShow: b.status === 'no_show',
    extrasMinor: (b.priceBreakdown?.items ?? []).filter((i) => i.code === 'extra').reduce((s, i) => s + i.amount, 0),
  };
}

/** Writes a job's check (one row per booking: a second check updates it). */
export async function saveCheck(
  ctx: Ctx,
  values: Omit<typeof bookingValidations.$inferInsert, 'companyId' | 'validatedBy' | 'validatedAt' | 'updatedAt'>,
): Promise<void> {
  const now = new Date();
  const row = {
    ...values,
    companyId: ctx.session.companyId,
    validatedBy: ctx.session.userId,
    validatedAt: now,
    updatedAt: now,
  };
  const { bookingId: _b, companyId: _c, ...change } = row;
  await ctx.db
    .insert(bookingValidations)
    .values(row)
    .onConflictDoUpdate({ target: [bookingValidations.companyId, bookingValidations.bookingId], set: change });
}

const doneWords = {
  validated: (n: number) => (n === 1 ? 'The job is validated.' : `${n} jobs are validated.`),
  invalid: (n: number) => (n === 1 ? 'The job is marked invalid.' : `${n} jobs are marked invalid.`),
  toValidate: (n: number) => (n === 1 ? 'The job is back to validate.' : `${n} jobs are back to validate.`),
};

/** BookingValidation/UpdateBookingValidate. */
export async function validateBookings(ctx: Ctx, input: ValidateInput) {
  const ids = [...new Set(input.bookingIds)];
  const byId = await lockDoneBookings(ctx, ids);
  await refuseInvoiced(ctx, ids);
  const checks = await validationsOf(ctx, ids);
  const reason = input.reason?.trim() || null;
  const ledgerEntryIds: number[] = [];

  if (input.status === 'toValidate') {
    await ctx.db
      .delete(bookingValidations)
      .where(and(eq(bookingValidations.companyId, ctx.session.companyId), inArray(bookingValidations.bookingId, ids)));
    for (const id of ids) {
      if (checks.has(id))
        await recordAudit(ctx, { entityType: 'booking', entityId: id, action: 'validationTakenBack' });
    }
  } else {
    for (const id of ids) {
      const booking = byId.get(id) as Booking;
      const check = checks.get(id);
      let price = booking.priceMinor;
      let isOverride = input.status === 'validated' && (check?.isOverride ?? false);
      if (input.acceptedMinor !== undefined && input.acceptedMinor !== booking.priceMinor) {
        refuseLockedPrice(booking, check);
        if (!reason) throw fieldError('reason', 'is required to bill the job at another price');
        const breakdown = booking.priceBreakdown
          ? { ...booking.priceBreakdown, override: { price: input.acceptedMinor, userId: ctx.session.userId } }
          : null;
        const entry = await changePrice(ctx, booking, input.acceptedMinor, breakdown, undefined, reason);
        if (entry) ledgerEntryIds.push(entry);
        price = input.acceptedMinor;
        isOverride = true;
      }
      await saveCheck(ctx, {
        bookingId: id,
        status: input.status,
        reason,
        ...happened(booking),
        acceptedMinor: input.status === 'validated' ? price : null,
        isOverride,
      });
      await recordAudit(ctx, {
        entityType: 'booking',
        entityId: id,
        action: input.status === 'validated' ? 'validated' : 'invalidated',
        ...(reason ? { changes: { validationReason: { before: check?.reason ?? null, after: reason } } } : {}),
      });
    }
  }
  return {
    data: { status: input.status, bookingIds: ids, rows: await rowsOf(ctx, ids), ledgerEntryIds },
    message: doneWords[input.status](ids.length),
  };
}
