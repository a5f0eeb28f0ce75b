import { and, eq } from 'drizzle-orm';
import type { CardOwnerKind, CardPaymentStatus, PaymentTransactionKind } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import { type Payer, postCardPayment, postCardRefund } from './postings';
import { type PaymentIntent, type Refund } from './provider/types';
import { settleBookingStatus } from './booking-status';
import { cardPayments, paymentTransactions } from './schema';
import { cardProvidersOf } from './providers';
import { type CardUsed, cardWords } from './cards-at-provider';

/*
 * The product's mirror of the provider's payments: each answer and event brings a kept payment up to the
 * provider's word once, with its steps, ledger postings, history and the booking's payment status.
 */

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;
type CardPayment = typeof cardPayments.$inferSelect;

/** What a payment step writes of its booking: read once by the caller that holds it, else looked up. */
type BookingFacts = Pick<Booking, 'clientId' | 'passengerId' | 'driverId'>;

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
  /** The booking as the caller read it (its payer and driver go on each step). */
  booking?: BookingFacts | undefined;
}

/** What the provider's word on an intent changes of a kept payment. */
type Progress = Pick<CardPayment, 'status' | 'capturedMinor' | 'errorCode' | 'errorMessage'>;

/** How a payment as kept moves to the provider's word on its intent: the new values and the steps to record. */
function progressOf(
  row: Progress & Pick<CardPayment, 'amountMinor'>,
  intent: PaymentIntent,
): { next: Progress; steps: { kind: PaymentTransactionKind; amount: number }[] } {
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
  return {
    next: {
      status: forward ? next : row.status,
      capturedMinor: Math.max(row.capturedMinor, intent.amountReceived),
      errorCode: intent.lastError?.code ?? (forward ? null : row.errorCode),
      errorMessage: intent.lastError?.message ?? (forward ? null : row.errorMessage),
    },
    steps,
  };
}

/**
 * A new intent kept as the provider answered it (or found again after a retry with its key). A new
 * payment is written once, already at the provider's word, with its steps; one kept before (a retry
 * after its decline was kept) is brought up to it by applyIntent.
 */
export async function keepIntent(ctx: Ctx, intent: PaymentIntent, facts: IntentFacts): Promise<CardPayment> {
  const { booking, ...kept } = facts;
  const fresh = {
    status: 'requires_payment_method' as const,
    capturedMinor: 0,
    errorCode: null,
    errorMessage: null,
    amountMinor: intent.amount,
  };
  const { next, steps } = progressOf(fresh, intent);
  const [made] = await ctx.db
    .insert(cardPayments)
    .values({
      companyId: ctx.session.companyId,
      ...kept,
      intentRef: intent.id,
      amountMinor: intent.amount,
      currency: intent.currency.toUpperCase(),
      createdBy: ctx.session.userId || null,
      ...next,
    })
    .onConflictDoNothing()
    .returning();
  if (!made) return applyIntent(ctx, intent, { booking });
  await recordSteps(ctx, { ...made, ...fresh }, steps, intent.id, booking);
  return made;
}

const statusOf = (intent: PaymentIntent): CardPaymentStatus =>
  intent.status === 'requires_payment_method' && intent.lastError ? 'failed' : intent.status;

/**
 * Brings a kept payment up to the provider's word on its intent — from a call's answer or an event,
 * in any order and any number of times: the row is locked (or given locked by the caller), each step
 * is written once (what changed since the row was last moved), and money taken is posted to the
 * ledger with a key of the intent. A word that changes nothing writes nothing.
 */
export async function applyIntent(
  ctx: Ctx,
  intent: PaymentIntent,
  known: { row?: CardPayment | undefined; booking?: BookingFacts | undefined } = {},
): Promise<CardPayment> {
  const row = known.row ?? (await lockPayment(ctx, intent.id));
  if (!row) throw notFound(`Payment ${intent.id}`);
  const { next, steps } = progressOf(row, intent);
  const unchanged =
    next.status === row.status &&
    next.capturedMinor === row.capturedMinor &&
    next.errorCode === row.errorCode &&
    next.errorMessage === row.errorMessage;
  const [after] = unchanged
    ? [row]
    : await ctx.db
        .update(cardPayments)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(cardPayments.id, row.id))
        .returning();
  await recordSteps(ctx, row, steps, intent.id, known.booking);
  return after as CardPayment;
}

/** A kept payment by its intent, locked for this transaction. */
export async function lockPayment(ctx: Ctx, intentRef: string): Promise<CardPayment | undefined> {
  const [row] = await ctx.db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.companyId, ctx.session.companyId), eq(cardPayments.intentRef, intentRef)))
    .for('update');
  return row;
}

/** The steps of one move of a payment (`before`: the payment as it was), then the booking's payment status. */
async function recordSteps(
  ctx: Ctx,
  before: CardPayment,
  steps: { kind: PaymentTransactionKind; amount: number }[],
  providerRef: string,
  booking: BookingFacts | undefined,
): Promise<void> {
  if (!steps.length) return;
  const facts = booking ?? (before.bookingId ? await bookingFacts(ctx, before.bookingId) : null);
  for (const step of steps) await recordStep(ctx, before, step.kind, step.amount, providerRef, null, facts);
  if (before.bookingId) await settleBookingStatus(ctx, before.bookingId);
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
  reason: string | null,
  booking: BookingFacts | null,
): Promise<void> {
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

async function bookingFacts(ctx: Ctx, bookingId: number): Promise<BookingFacts | null> {
  const [row] = await ctx.db
    .select({ clientId: bookings.clientId, passengerId: bookings.passengerId, driverId: bookings.driverId })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  return row ?? null;
}

/** A declined attempt, kept in its own transaction after the call failed. */
export async function recordDeclineAfterwards(
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
  const booking = payment.bookingId ? await bookingFacts(ctx, payment.bookingId) : null;
  await recordStep(ctx, payment, 'refund', refund.amount, refund.id, refund.reason, booking);
  if (payment.bookingId) await settleBookingStatus(ctx, payment.bookingId);
}
