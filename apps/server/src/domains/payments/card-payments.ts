import { and, eq, sql } from 'drizzle-orm';
import type { CardOwnerKind } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, conflict, fieldError } from '../../platform/http/errors';
import { lockBooking } from '../bookings/moves';
import { type bookings } from '../bookings/schema';
import { dueOf, moneyOf } from './booking-money';
import { ensureCustomer } from './customers';
import { type Payer } from './postings';
import { type PaymentIntent, type Refund } from './provider/types';
import { cardPayments } from './schema';
import { cardProvidersOf } from './providers';
import { type CardChoice, cardFor, cardWords, providerFailure } from './cards-at-provider';
import { applyIntent, applyRefund, keepIntent, recordDeclineAfterwards } from './intents';

/*
 * A booking's card payments as the office, the customer and the booking's moves ask for them: pay,
 * capture at the final price, release, refund (docs/payments.md#a-booking-paid-by-card).
 */

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;
type CardPayment = typeof cardPayments.$inferSelect;

/** Who pays a booking: its client when it is on account, else its passenger (else its client). */
export function payerOf(booking: Pick<Booking, 'paymentMethod' | 'clientId' | 'passengerId'>): Payer {
  if (booking.paymentMethod === 'account' && booking.clientId) return { clientId: booking.clientId, passengerId: null };
  if (booking.passengerId) return { clientId: null, passengerId: booking.passengerId };
  return { clientId: booking.clientId, passengerId: null };
}

function payerOwner(payer: Payer): { kind: CardOwnerKind; id: number } {
  if (payer.clientId) return { kind: 'client', id: payer.clientId };
  if (payer.passengerId) return { kind: 'passenger', id: payer.passengerId };
  throw fieldError('bookingId', 'payer', 'The booking needs a passenger or a client before it can be paid by card');
}

/**
 * The key prefix of a booking's payments of one purpose. Its n-th payment is made with the prefix and
 * n: the same after a time-out (nothing was kept, so n is the same), so the provider answers the
 * payment it already made instead of a second.
 */
const attemptPrefix = (ctx: Ctx, bookingId: number, purpose: string) =>
  `c${ctx.session.companyId}:booking:${bookingId}:${purpose}:`;

export interface CardPaymentRequest {
  bookingId: number;
  card: CardChoice;
  /** manual: authorised now, captured at completion; automatic: charged at once. */
  capture: 'manual' | 'automatic';
  /** Minor units; the booking's price less what is paid when left out. */
  amount?: number | undefined;
  /** The customer is not there (the office charges a saved card): the card may ask for authentication. */
  offSession: boolean;
  paymentLinkId?: number | null;
}

/**
 * Takes a card payment for a booking: authorises or charges the payer's saved card or a new card's token
 * at the company's provider, keeps the payment and its step, and posts what was taken to the ledger. A
 * declined card answers 402 in words and leaves the booking unpaid (the decline stays in the history).
 */
export async function payBookingByCard(ctx: Ctx, request: CardPaymentRequest): Promise<CardPayment> {
  const booking = await lockBooking(ctx, request.bookingId);
  if (booking.status === 'cancelled' || booking.status === 'rejected') {
    throw conflict(`Booking ${booking.id} is ${booking.status}: it cannot be paid.`);
  }
  const payer = payerOf(booking);
  const owner = payerOwner(payer);
  const prefix = attemptPrefix(ctx, booking.id, request.capture === 'manual' ? 'authorise' : 'charge');
  const paid = await moneyOf(ctx, booking.id, prefix);
  if (paid.authorised > 0 && request.capture === 'manual') {
    throw conflict(`Booking ${booking.id} already has a card authorisation; it is captured at completion.`);
  }
  const due = dueOf(booking.priceMinor, paid);
  const amount = request.amount ?? due;
  if (!booking.priceMinor && request.amount === undefined) {
    throw fieldError('amount', 'required', 'Give the amount to take: the booking has no price');
  }
  if (amount <= 0) throw conflict(`Booking ${booking.id} is paid already: nothing is left to take.`);
  if (amount > due && request.amount !== undefined) {
    throw fieldError('amount', 'max', `Take at most what is left to pay (${due})`);
  }
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  const customerRef = await ensureCustomer(ctx, owner);
  const key = `${prefix}${paid.attempts + 1}`;
  const card = await cardFor(ctx, request.card, owner, customerRef, key);
  let intent: PaymentIntent;
  try {
    intent = await provider.createPaymentIntent({
      idempotencyKey: key,
      amount,
      currency: booking.currency,
      customerId: customerRef,
      cardId: card.cardRef,
      capture: request.capture,
      offSession: request.offSession,
      metadata: { bookingId: String(booking.id), companyId: String(ctx.session.companyId) },
    });
  } catch (error) {
    providerFailure(error);
  }
  const payment = await keepIntent(ctx, intent, {
    bookingId: booking.id,
    paymentLinkId: request.paymentLinkId ?? null,
    provider: provider.name,
    idempotencyKey: key,
    cardId: card.id,
    brand: card.brand,
    last4: card.last4,
    payerKind: owner.kind,
    payerId: owner.id,
    booking,
  });
  if (intent.lastError && intent.status === 'requires_payment_method') {
    const declined = new AppError(
      402,
      `${cardWords(card.brand, card.last4)} was declined: ${intent.lastError.message}`,
      undefined,
      { providerCode: intent.lastError.code },
    );
    // The decline stays in the booking's history although the call fails (docs/payments.md).
    ctx.afterRollback(() => recordDeclineAfterwards(ctx, booking, intent, card, key, owner));
    throw declined;
  }
  return payment;
}

/** The booking's open authorisation, if any. */
async function openAuthorisation(ctx: Ctx, bookingId: number): Promise<CardPayment | null> {
  const [row] = await ctx.db
    .select()
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.companyId, ctx.session.companyId),
        eq(cardPayments.bookingId, bookingId),
        eq(cardPayments.status, 'requires_capture'),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Captures a done booking's authorisation at its final price (waiting and extras included); what is
 * above the authorisation is charged to the same card as a second payment. Answers null when there is
 * nothing to capture.
 */
export async function captureBooking(ctx: Ctx, bookingId: number): Promise<CardPayment | null> {
  const booking = await lockBooking(ctx, bookingId);
  const auth = await openAuthorisation(ctx, bookingId);
  if (!auth) return null;
  const finalPrice = booking.priceMinor ?? auth.amountMinor;
  const take = Math.min(finalPrice, auth.amountMinor);
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  let intent: PaymentIntent;
  try {
    intent = await provider.capturePaymentIntent({
      idempotencyKey: `${auth.idempotencyKey}:capture`,
      id: auth.intentRef,
      amount: take,
    });
  } catch (error) {
    providerFailure(error);
  }
  const captured = await applyIntent(ctx, intent, { booking });
  // The rest of a final price above the authorisation goes on the same card, as a charge of its own.
  if (finalPrice > take && intent.cardId) await chargeTheRest(ctx, bookingId, finalPrice - take, intent.cardId, auth);
  return captured;
}

/**
 * The rest of a final price, charged off-session to the card that was authorised. A card that refuses
 * or asks the customer to confirm gets them a payment link for the rest instead: the capture itself
 * stands either way.
 */
async function chargeTheRest(ctx: Ctx, bookingId: number, amount: number, cardRef: string, auth: CardPayment) {
  const { sendPaymentLink } = await import('./payment-links');
  try {
    const rest = await payBookingByCard(ctx, {
      bookingId,
      card: { attached: { cardRef, brand: auth.brand, last4: auth.last4 } },
      capture: 'automatic',
      amount,
      offSession: true,
    });
    if (rest.status === 'requires_action') await sendPaymentLink(ctx, { bookingId, email: null });
  } catch (error) {
    if (!(error instanceof AppError) || ![400, 402, 409].includes(error.status)) throw error;
    await sendPaymentLink(ctx, { bookingId, email: null }).catch((e: unknown) => {
      if (!(e instanceof AppError)) throw e;
    });
  }
}

/** Releases a booking's authorisation (cancelled without a fee). Answers null when there is none. */
export async function releaseBooking(ctx: Ctx, bookingId: number): Promise<CardPayment | null> {
  const auth = await openAuthorisation(ctx, bookingId);
  if (!auth) return null;
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  let intent: PaymentIntent;
  try {
    intent = await provider.cancelPaymentIntent({
      idempotencyKey: `${auth.idempotencyKey}:release`,
      id: auth.intentRef,
    });
  } catch (error) {
    providerFailure(error);
  }
  return applyIntent(ctx, intent);
}

/**
 * Refunds card payments of a booking, newest first, up to `amount` (all that is left when left out),
 * with a reason for the history. More than was paid is refused with what can be refunded.
 */
export async function refundBooking(ctx: Ctx, bookingId: number, amount: number | undefined, reason: string) {
  await lockBooking(ctx, bookingId);
  const payments = await ctx.db
    .select()
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.companyId, ctx.session.companyId),
        eq(cardPayments.bookingId, bookingId),
        sql`${cardPayments.capturedMinor} > ${cardPayments.refundedMinor}`,
      ),
    )
    .orderBy(sql`${cardPayments.id} desc`)
    .for('update');
  const refundable = payments.reduce((s, p) => s + p.capturedMinor - p.refundedMinor, 0);
  if (refundable === 0) throw conflict(`Nothing was paid by card on booking ${bookingId}: there is nothing to refund.`);
  const want = amount ?? refundable;
  if (want > refundable) {
    throw fieldError('amount', 'max', `Refund at most what was paid by card (${refundable})`);
  }
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  let left = want;
  const refunds: Refund[] = [];
  for (const payment of payments) {
    if (left === 0) break;
    const part = Math.min(left, payment.capturedMinor - payment.refundedMinor);
    let refund: Refund;
    try {
      refund = await provider.refund({
        idempotencyKey: `${payment.idempotencyKey}:refund:${payment.refundedMinor}:${part}`,
        paymentIntentId: payment.intentRef,
        amount: part,
        reason,
      });
    } catch (error) {
      providerFailure(error);
    }
    await applyRefund(ctx, refund);
    refunds.push(refund);
    left -= part;
  }
  return refunds;
}
