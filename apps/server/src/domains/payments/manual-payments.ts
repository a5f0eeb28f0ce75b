import { and, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { lockBooking } from '../bookings/moves';
import { clients } from '../clients/schema';
import { companyFacts } from '../company/facts';
import { settleBookingStatus } from './booking-status';
import { payerOf } from './card-payments';
import { postManualPayment } from './postings';
import { dueOf, moneyOf } from './booking-money';
import { paymentTransactions } from './schema';

type Ctx = CallContext<Session>;

const methodWords: Record<string, string> = { cash: 'cash', bank_transfer: 'bank transfer', cheque: 'cheque' };

/**
 * Money the office took by hand for a booking (PaymentTransaction/AddPaymentTransaction): never more
 * than is left to pay, posted to the ledger in the same transaction, and in the booking's history.
 */
export async function recordManualPayment(ctx: Ctx, input: z.output<typeof schemas.manualPaymentInput>) {
  const booking = await lockBooking(ctx, input.bookingId);
  if (booking.status === 'cancelled' || booking.status === 'rejected') {
    throw conflict(`Booking ${booking.id} is ${booking.status}: it cannot be paid.`);
  }
  const payer = payerOf(booking);
  if (!payer.clientId && !payer.passengerId) {
    throw fieldError('bookingId', 'payer', 'The booking needs a passenger or a client before a payment is recorded');
  }
  const paid = await moneyOf(ctx, booking.id);
  const due = dueOf(booking.priceMinor, paid);
  if (input.amount > due) {
    throw fieldError(
      'amount',
      'max',
      due > 0 ? `Record at most what is left to pay (${due})` : 'Nothing is left to pay on this booking',
    );
  }
  const words = methodWords[input.method] ?? input.method;
  const posted = await postManualPayment(ctx, {
    bookingId: booking.id,
    payer,
    amount: input.amount,
    description: `Payment by ${words} for booking ${booking.id}${input.reference ? ` (${input.reference})` : ''}`,
  });
  const [row] = await ctx.db
    .insert(paymentTransactions)
    .values({
      companyId: ctx.session.companyId,
      bookingId: booking.id,
      clientId: booking.clientId,
      passengerId: booking.passengerId,
      driverId: booking.driverId,
      kind: 'manualPayment',
      method: input.method,
      amountMinor: input.amount,
      currency: booking.currency,
      reference: input.reference || null,
      reason: input.note || null,
      journalEntryId: posted.id,
      createdBy: ctx.session.userId || null,
    })
    .returning();
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: booking.id,
    action: 'payment.manualPayment',
    changes: { payment: { before: null, after: `${input.amount} ${booking.currency} by ${words}` } },
  });
  await settleBookingStatus(ctx, booking.id);
  return row as typeof paymentTransactions.$inferSelect;
}

/**
 * Money a client paid on account, for no one booking (Client/AddPaymentTransaction): Dr bank, Cr the
 * client's receivable, in the same transaction, with the step in the client's payment history.
 */
export async function recordClientPayment(ctx: Ctx, input: z.output<typeof schemas.clientPaymentInput>) {
  const { companyId } = ctx.session;
  const [client] = await ctx.db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.id, input.clientID)));
  if (!client) throw fieldError('clientID', 'exists', `Client ${input.clientID} does not exist`);
  const { timezone, currency } = await companyFacts(ctx);
  const paidAt = input.date ? await noonOf(ctx, input.date, timezone) : new Date();
  if (paidAt.getTime() > Date.now() + 24 * 3600_000) throw fieldError('date', 'max', 'must not be in the future');
  const words = methodWords[input.method] ?? input.method;
  const posted = await postManualPayment(ctx, {
    bookingId: null,
    payer: { clientId: client.id, passengerId: null },
    amount: input.amount,
    description: `Payment on account by ${words} from ${client.name}${input.reference ? ` (${input.reference})` : ''}`,
    // A payment received on an earlier day stands on the statement on that day.
    postedAt: input.date ? paidAt : null,
  });
  const [row] = await ctx.db
    .insert(paymentTransactions)
    .values({
      companyId,
      clientId: client.id,
      kind: 'manualPayment',
      method: input.method,
      amountMinor: input.amount,
      currency,
      reference: input.reference || null,
      reason: input.note || null,
      journalEntryId: posted.id,
      createdBy: ctx.session.userId || null,
      createdAt: paidAt,
    })
    .returning({ id: paymentTransactions.id });
  await recordAudit(ctx, {
    entityType: 'client',
    entityId: client.id,
    action: 'payment.onAccount',
    changes: { payment: { before: null, after: `${input.amount} ${currency} by ${words}` } },
  });
  return row!.id;
}

/** Midday of a company day: the day a payment on account is dated, whatever the time zone. */
async function noonOf(ctx: Ctx, day: string, tz: string): Promise<Date> {
  const res = await ctx.db.execute<{ at: Date | string }>(
    sql`select ((${day}::date + time '12:00')::timestamp at time zone ${tz}) as at`,
  );
  return new Date(res.rows[0]!.at);
}
