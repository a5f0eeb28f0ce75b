import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CardOwnerKind, CardPaymentStatus, PaymentTransactionKind } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, conflict, fieldError, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { lockBooking } from '../bookings/moves';
import { bookings } from '../bookings/schema';
import { dueOf, moneyOf } from './booking-money';
import { ensureCustomer } from './customers';
import { type Payer, postCardPayment, postCardRefund } from './postings';
import { type PaymentIntent, ProviderError, type Refund } from './provider/types';
import { settleBookingStatus } from './booking-status';
import { cardPayments, paymentCards, paymentTransactions } from './schema';
import { cardProvidersOf } from './providers';

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

/** How a card is named to people: "Visa ending 4242". */
export const cardWords = (brand: string | null, last4: string | null) =>
  last4 ? `${brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card'} ending ${last4}` : 'the card';

/** A provider refusal in the product's words: a card's answer is 402, a wrong request 409, a missing object 404. */
export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    const status = error.status === 402 ? 402 : error.status === 404 ? 404 : 409;
    throw new AppError(status, error.message, undefined, { providerCode: error.code });
  }
  if (error instanceof AppError) throw error;
  // A time-out or a provider fault: nothing here was kept, and a retry sends the same idempotency key.
  throw new AppError(
    503,
    'The card provider did not answer. Nothing was charged twice: try again and the same payment is picked up.',
  );
}

/**
 * Which card pays: a saved card of the payer (never an expired one), a new card's one-time token, or
 * a card already attached at the provider that paid this booking before (the rest of a final price).
 */
export type CardChoice =
  | { cardId: number }
  | { token: string; save: boolean }
  | { attached: { cardRef: string; brand: string | null; last4: string | null } };

async function savedCard(ctx: Ctx, cardId: number, owner: { kind: CardOwnerKind; id: number }) {
  const [card] = await ctx.db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, ctx.session.companyId),
        eq(paymentCards.id, cardId),
        eq(paymentCards.ownerKind, owner.kind),
        eq(paymentCards.ownerId, owner.id),
      ),
    );
  if (!card) {
    throw notFound(`Card ${cardId} of this booking's ${owner.kind === 'client' ? 'client' : 'passenger'}`);
  }
  if (isExpired(card.expMonth, card.expYear)) {
    throw fieldError('cardId', 'expired', `${cardWords(card.brand, card.last4)} has expired: choose another card`);
  }
  return card;
}

/** A card runs to the end of its expiry month. */
export function isExpired(month: number, year: number, now = new Date()): boolean {
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * The key a booking's n-th payment of one purpose is made with: the same after a time-out (nothing was
 * kept, so n is the same), so the provider answers the payment it already made instead of a second.
 */
async function attemptKey(ctx: Ctx, bookingId: number, purpose: string): Promise<string> {
  const prefix = `c${ctx.session.companyId}:booking:${bookingId}:${purpose}:`;
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardPayments)
    .where(
      and(eq(cardPayments.companyId, ctx.session.companyId), sql`${cardPayments.idempotencyKey} like ${`${prefix}%`}`),
    );
  return `${prefix}${(row?.n ?? 0) + 1}`;
}

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
  const paid = await moneyOf(ctx, booking.id);
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
  const key = await attemptKey(ctx, booking.id, request.capture === 'manual' ? 'authorise' : 'charge');
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

interface CardUsed {
  id: number | null;
  cardRef: string;
  brand: string;
  last4: string;
}

async function cardFor(
  ctx: Ctx,
  choice: CardChoice,
  owner: { kind: CardOwnerKind; id: number },
  customerRef: string,
  key: string,
): Promise<CardUsed> {
  if ('cardId' in choice) {
    const card = await savedCard(ctx, choice.cardId, owner);
    return { id: card.id, cardRef: card.cardRef, brand: card.brand, last4: card.last4 };
  }
  if ('attached' in choice) {
    const { cardRef, brand, last4 } = choice.attached;
    return { id: null, cardRef, brand: brand ?? 'card', last4: last4 ?? '0000' };
  }
  const attached = await attachToken(ctx, customerRef, choice.token, key);
  if (!choice.save) return { id: null, cardRef: attached.id, brand: attached.brand, last4: attached.last4 };
  const saved = await saveCard(ctx, owner, customerRef, attached, null, false);
  return { id: saved.id, cardRef: saved.cardRef, brand: saved.brand, last4: saved.last4 };
}

/** Saves a card the provider's card form made (a one-time token) to the customer at the provider. */
export async function attachToken(ctx: Ctx, customerRef: string, token: string, key: string) {
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  try {
    return await provider.attachCard({
      idempotencyKey: `${key}:attach:${createHash('sha256').update(token).digest('hex').slice(0, 24)}`,
      customerId: customerRef,
      token,
    });
  } catch (error) {
    if (error instanceof ProviderError && error.status !== 402) {
      throw fieldError('token', 'card', error.message);
    }
    providerFailure(error);
  }
}

/** Keeps a card attached at the provider as a saved card of its owner; the first card is the default. */
export async function saveCard(
  ctx: Ctx,
  owner: { kind: CardOwnerKind; id: number },
  customerRef: string,
  attached: { id: string; brand: string; last4: string; expMonth: number; expYear: number },
  holderName: string | null,
  makeDefault: boolean,
) {
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  const own = and(
    eq(paymentCards.companyId, ctx.session.companyId),
    eq(paymentCards.ownerKind, owner.kind),
    eq(paymentCards.ownerId, owner.id),
  );
  // One card at a time per owner decides which is the default.
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(${ctx.session.companyId}, hashtext(${`cards:${owner.kind}:${owner.id}`}))`,
  );
  const [has] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentCards)
    .where(and(own, eq(paymentCards.isDefault, true)));
  const isDefault = makeDefault || (has?.n ?? 0) === 0;
  if (isDefault) {
    await ctx.db
      .update(paymentCards)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(own, eq(paymentCards.isDefault, true)));
  }
  const [card] = await ctx.db
    .insert(paymentCards)
    .values({
      companyId: ctx.session.companyId,
      ownerKind: owner.kind,
      ownerId: owner.id,
      provider: provider.name,
      customerRef,
      cardRef: attached.id,
      brand: attached.brand,
      last4: attached.last4,
      expMonth: attached.expMonth,
      expYear: attached.expYear,
      holderName,
      isDefault,
      createdBy: ctx.session.userId || null,
    })
    .returning();
  return card as typeof paymentCards.$inferSelect;
}

interface IntentFacts {
  bookingId: number | null;
  paymentLinkId: number | null;
  provider: string;
  idempotencyKey: string;
  cardId: number | null;
  brand: string | null;
  last4: string | null;
  payerKind: CardOwnerKind;
  payerId: number;
}

/** A new intent kept as the provider answered it (or found again after a retry with its key). */
async function keepIntent(ctx: Ctx, intent: PaymentIntent, facts: IntentFacts): Promise<CardPayment> {
  await ctx.db
    .insert(cardPayments)
    .values({
      companyId: ctx.session.companyId,
      ...facts,
      intentRef: intent.id,
      status: 'requires_payment_method',
      amountMinor: intent.amount,
      currency: intent.currency.toUpperCase(),
      createdBy: ctx.session.userId || null,
    })
    .onConflictDoNothing();
  return applyIntent(ctx, intent);
}

const statusOf = (intent: PaymentIntent): CardPaymentStatus =>
  intent.status === 'requires_payment_method' && intent.lastError ? 'failed' : intent.status;

/**
 * Brings a kept payment up to the provider's word on its intent — from a call's answer or an event,
 * in any order and any number of times: the row is locked, each step is written once (what changed
 * since the row was last moved), and money taken is posted to the ledger with a key of the intent.
 */
export async function applyIntent(ctx: Ctx, intent: PaymentIntent): Promise<CardPayment> {
  const [row] = await ctx.db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.companyId, ctx.session.companyId), eq(cardPayments.intentRef, intent.id)))
    .for('update');
  if (!row) throw notFound(`Payment ${intent.id}`);
  const next = statusOf(intent);
  const steps: { kind: PaymentTransactionKind; amount: number }[] = [];
  if (next === 'requires_capture' && row.status !== 'requires_capture' && row.capturedMinor === 0) {
    steps.push({ kind: 'authorisation', amount: intent.amountCapturable });
  }
  if (intent.amountReceived > row.capturedMinor) {
    steps.push({
      kind: row.status === 'requires_capture' ? 'capture' : 'charge',
      amount: intent.amountReceived - row.capturedMinor,
    });
  }
  if (next === 'canceled' && row.status === 'requires_capture')
    steps.push({ kind: 'release', amount: row.amountMinor });
  if (next === 'failed' && row.status !== 'failed') steps.push({ kind: 'declined', amount: intent.amount });
  if (next === 'requires_action' && row.status !== 'requires_action') {
    steps.push({ kind: 'authenticationRequired', amount: intent.amount });
  }
  // The provider's word only moves forward: a late event of an earlier state changes nothing.
  const forward = rank(next) >= rank(row.status) || steps.length > 0;
  const [after] = await ctx.db
    .update(cardPayments)
    .set({
      status: forward ? next : row.status,
      capturedMinor: Math.max(row.capturedMinor, intent.amountReceived),
      errorCode: intent.lastError?.code ?? (forward ? null : row.errorCode),
      errorMessage: intent.lastError?.message ?? (forward ? null : row.errorMessage),
      updatedAt: new Date(),
    })
    .where(eq(cardPayments.id, row.id))
    .returning();
  for (const step of steps) await recordStep(ctx, row, step.kind, step.amount, intent.id);
  if (steps.length && row.bookingId) await settleBookingStatus(ctx, row.bookingId);
  return after as CardPayment;
}

const ranks: Record<CardPaymentStatus, number> = {
  requires_payment_method: 0,
  failed: 1,
  requires_action: 1,
  requires_capture: 2,
  succeeded: 3,
  canceled: 3,
};
const rank = (s: CardPaymentStatus) => ranks[s];

async function recordStep(
  ctx: Ctx,
  payment: CardPayment,
  kind: PaymentTransactionKind,
  amount: number,
  providerRef: string,
  reason: string | null = null,
): Promise<void> {
  const booking = payment.bookingId ? await bookingFacts(ctx, payment.bookingId) : null;
  const payer: Payer = {
    clientId: payment.payerKind === 'client' ? payment.payerId : null,
    passengerId: payment.payerKind === 'passenger' ? payment.payerId : null,
  };
  let journalEntryId: number | null = null;
  if (kind === 'capture' || kind === 'charge') {
    const posted = await postCardPayment(ctx, {
      bookingId: payment.bookingId ?? 0,
      bookingNumber: String(payment.bookingId ?? ''),
      payer,
      amount,
      key: `card:${payment.intentRef}:received:${payment.capturedMinor + amount}`,
    });
    journalEntryId = posted.id;
  }
  if (kind === 'refund') {
    const posted = await postCardRefund(ctx, {
      bookingId: payment.bookingId ?? 0,
      bookingNumber: String(payment.bookingId ?? ''),
      payer,
      amount,
      reason: reason ?? 'refund',
      key: `card:refund:${providerRef}`,
    });
    journalEntryId = posted.id;
  }
  await ctx.db.insert(paymentTransactions).values({
    companyId: ctx.session.companyId,
    bookingId: payment.bookingId,
    clientId: booking?.clientId ?? payer.clientId,
    passengerId: booking?.passengerId ?? payer.passengerId,
    driverId: booking?.driverId ?? null,
    cardPaymentId: payment.id,
    kind,
    method: 'card',
    amountMinor: kind === 'refund' ? -amount : amount,
    currency: payment.currency,
    reference: payment.last4 ? cardWords(payment.brand, payment.last4) : null,
    reason,
    providerRef,
    journalEntryId,
    createdBy: ctx.session.userId || null,
  });
  if (payment.bookingId) {
    await recordAudit(ctx, {
      entityType: 'booking',
      entityId: payment.bookingId,
      action: `payment.${kind}`,
      source: ctx.session.userId ? 'office' : 'system',
      changes: {
        payment: {
          before: null,
          after: `${kind} ${amount} ${payment.currency} (${cardWords(payment.brand, payment.last4)})`,
        },
        ...(reason ? { reason: { before: null, after: reason } } : {}),
      },
    });
  }
}

async function bookingFacts(ctx: Ctx, bookingId: number) {
  const [row] = await ctx.db
    .select({ clientId: bookings.clientId, passengerId: bookings.passengerId, driverId: bookings.driverId })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  return row ?? null;
}

/** A declined attempt, kept in its own transaction after the call failed. */
async function recordDeclineAfterwards(
  ctx: Ctx,
  booking: Booking,
  intent: PaymentIntent,
  card: CardUsed,
  key: string,
  owner: { kind: CardOwnerKind; id: number },
): Promise<void> {
  await ctx.services.db.transaction(async (tx) => {
    const inner: Ctx = { ...ctx, db: tx, afterCommit: () => undefined, afterRollback: () => undefined };
    await inner.db
      .insert(cardPayments)
      .values({
        companyId: ctx.session.companyId,
        bookingId: booking.id,
        provider: (await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId)).provider.name,
        intentRef: intent.id,
        idempotencyKey: key,
        cardId: card.id,
        brand: card.brand,
        last4: card.last4,
        payerKind: owner.kind,
        payerId: owner.id,
        status: 'requires_payment_method',
        amountMinor: intent.amount,
        currency: intent.currency.toUpperCase(),
        createdBy: ctx.session.userId || null,
      })
      .onConflictDoNothing();
    await applyIntent(inner, intent);
  });
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
  const captured = await applyIntent(ctx, intent);
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

/** Keeps a refund once, from the call's answer or its event. */
export async function applyRefund(ctx: Ctx, refund: Refund): Promise<void> {
  if (refund.status !== 'succeeded') return;
  const [payment] = await ctx.db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.companyId, ctx.session.companyId), eq(cardPayments.intentRef, refund.paymentIntentId)))
    .for('update');
  if (!payment) throw notFound(`Payment ${refund.paymentIntentId}`);
  const [seen] = await ctx.db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.companyId, ctx.session.companyId), eq(paymentTransactions.providerRef, refund.id)),
    );
  if (seen) return;
  await ctx.db
    .update(cardPayments)
    .set({ refundedMinor: payment.refundedMinor + refund.amount, updatedAt: new Date() })
    .where(eq(cardPayments.id, payment.id));
  await recordStep(ctx, payment, 'refund', refund.amount, refund.id, refund.reason);
  if (payment.bookingId) await settleBookingStatus(ctx, payment.bookingId);
}
