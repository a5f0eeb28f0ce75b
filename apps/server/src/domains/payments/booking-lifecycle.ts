import { and, eq, inArray, sql } from 'drizzle-orm';
import { type BookingMove, doneStatuses } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { systemContext } from '../dispatch/offer-expiry';
import { bookings } from '../bookings/schema';
import { captureBooking, payBookingByCard, payerOf, releaseBooking } from './card-payments';
import { postCashCollected, postFareEarned } from './postings';
import { settleBookingStatus } from './booking-status';
import { cardPayments, paymentCards, paymentTransactions } from './schema';
import { sendPaymentLink } from './payment-links';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;

export const CARD_PAYMENT_JOB = 'booking-card-payment';
export const CARD_PAYMENT_SWEEP = 'booking-card-payment-sweep';

type CardAction = 'authorise' | 'capture' | 'release';

/**
 * What a booking's move does to its money (docs/payments.md#a-booking-paid-by-card), in the move's
 * transaction: a done job's fare is posted to the ledger and a cash job's cash is owed by its driver;
 * a card job is authorised when confirmed, captured when done and released when cancelled — those talk
 * to the provider, so they run as jobs after the commit (retried with the same keys; a sweep finds any
 * that were lost).
 */
export async function paymentsOnMove(
  ctx: Ctx,
  before: Booking,
  after: Booking,
  move: BookingMove,
  options: { cashCollectedMinor?: number | undefined } = {},
): Promise<void> {
  if (doneStatuses.includes(after.status) && !doneStatuses.includes(before.status)) {
    await postDoneJob(ctx, after, options.cashCollectedMinor);
  }
  const action: CardAction | null =
    after.paymentMethod !== 'card'
      ? null
      : move === 'confirm'
        ? 'authorise'
        : doneStatuses.includes(after.status)
          ? 'capture'
          : after.status === 'cancelled' || after.status === 'rejected'
            ? 'release'
            : null;
  if (!action) return;
  const { companyId } = ctx.session;
  ctx.afterCommit(async () => {
    await ctx.services.jobs.send(
      CARD_PAYMENT_JOB,
      { companyId, bookingId: after.id, action },
      { singletonKey: `${companyId}:${after.id}:${action}` },
    );
  });
}

async function postDoneJob(ctx: Ctx, booking: Booking, cashCollectedMinor: number | undefined) {
  const payer = payerOf(booking);
  const price = booking.priceMinor ?? 0;
  const vat = booking.priceBreakdown ? Math.round(booking.priceBreakdown.vat) : 0;
  if (price > 0) {
    await postFareEarned(ctx, {
      bookingId: booking.id,
      bookingNumber: String(booking.id),
      payer,
      amount: price,
      vat,
      onAccount: booking.paymentMethod === 'account',
      key: `booking:${booking.id}:earned`,
    });
  }
  const cash = cashCollectedMinor ?? price;
  if (booking.paymentMethod !== 'cash' || !booking.driverId || cash <= 0 || (!payer.clientId && !payer.passengerId)) {
    return;
  }
  const posted = await postCashCollected(ctx, {
    bookingId: booking.id,
    bookingNumber: String(booking.id),
    payer,
    amount: cash,
    driverId: booking.driverId,
    key: `booking:${booking.id}:cash`,
  });
  if (posted.repeated) return;
  await ctx.db.insert(paymentTransactions).values({
    companyId: ctx.session.companyId,
    bookingId: booking.id,
    clientId: booking.clientId,
    passengerId: booking.passengerId,
    driverId: booking.driverId,
    kind: 'cashCollection',
    method: 'cash',
    amountMinor: cash,
    currency: booking.currency,
    reason: cash !== price ? `Driver collected ${cash} of a ${price} fare` : null,
    journalEntryId: posted.id,
    createdBy: ctx.session.userId || null,
  });
  await settleBookingStatus(ctx, booking.id);
}

/** The card action of one booking, in its own transaction (the job's body). */
export async function runCardAction(
  services: Services,
  companyId: number,
  bookingId: number,
  action: CardAction,
): Promise<void> {
  const effects: (() => unknown)[] = [];
  await services.db.transaction(async (tx) => {
    const ctx = systemContext(tx, services, companyId, effects, 'card-payments');
    if (action === 'capture') await captureBooking(ctx, bookingId);
    else if (action === 'release') await releaseBooking(ctx, bookingId);
    else await authoriseOnConfirm(ctx, bookingId);
  });
  for (const effect of effects) await effect();
}

/**
 * Authorises a confirmed card booking on its payer's default card, off-session. A card that asks the
 * customer to authenticate gets them a payment link instead; a declined card leaves the booking unpaid
 * with the decline in its history.
 */
async function authoriseOnConfirm(ctx: Ctx, bookingId: number): Promise<void> {
  const [booking] = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  if (!booking?.priceMinor || booking.paymentMethod !== 'card' || booking.paymentStatus !== 'unpaid') return;
  const payer = payerOf(booking);
  const owner = payer.clientId
    ? { kind: 'client' as const, id: payer.clientId }
    : { kind: 'passenger' as const, id: payer.passengerId ?? 0 };
  const [card] = await ctx.db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, ctx.session.companyId),
        eq(paymentCards.ownerKind, owner.kind),
        eq(paymentCards.ownerId, owner.id),
        eq(paymentCards.isDefault, true),
      ),
    );
  if (!card) return;
  try {
    const payment = await payBookingByCard(ctx, {
      bookingId,
      card: { cardId: card.id },
      capture: 'manual',
      offSession: true,
    });
    if (payment.status === 'requires_action') await sendPaymentLink(ctx, { bookingId, email: null });
  } catch (error) {
    // A declined or expired card is the customer's answer, not a fault to retry: it is in the history.
    if (error instanceof Error && 'status' in error && [400, 402, 409].includes(Number(error.status))) return;
    throw error;
  }
}

/** Card actions the jobs may have missed (a process stopped between commit and send). */
export async function sweepCardActions(services: Services): Promise<number> {
  const due = await services.db
    .select({ companyId: cardPayments.companyId, bookingId: cardPayments.bookingId, status: bookings.status })
    .from(cardPayments)
    .innerJoin(bookings, and(eq(bookings.companyId, cardPayments.companyId), eq(bookings.id, cardPayments.bookingId)))
    .where(
      and(
        eq(cardPayments.status, 'requires_capture'),
        inArray(bookings.status, ['completed', 'no_show', 'cancelled', 'rejected']),
        sql`${bookings.updatedAt} < now() - interval '2 minutes'`,
      ),
    )
    .limit(100);
  for (const row of due) {
    const action: CardAction = row.status === 'completed' || row.status === 'no_show' ? 'capture' : 'release';
    await services.jobs.send(
      CARD_PAYMENT_JOB,
      { companyId: row.companyId, bookingId: row.bookingId, action },
      { singletonKey: `${row.companyId}:${row.bookingId}:${action}` },
    );
  }
  return due.length;
}

export function defineCardPaymentJobs(services: Services): void {
  services.jobs.define<{ companyId: number; bookingId: number; action: CardAction }>({
    name: CARD_PAYMENT_JOB,
    retryLimit: 8,
    retryDelaySeconds: 15,
    handler: (data) => runCardAction(services, Number(data.companyId), Number(data.bookingId), data.action),
  });
  services.jobs.define({
    name: CARD_PAYMENT_SWEEP,
    cron: '* * * * *',
    handler: async () => {
      await sweepCardActions(services);
    },
  });
}
