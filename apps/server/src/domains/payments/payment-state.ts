import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { paymentTransactionKindLabels, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { bookings } from '../bookings/schema';
import { payerOf } from './card-payments';
import { isExpired } from './cards-at-provider';
import { cardPayments, paymentCards, paymentLinks, paymentTransactions } from './schema';

type Ctx = CallContext<Session>;

export const toCardPaymentRow = (p: typeof cardPayments.$inferSelect): z.output<typeof schemas.cardPaymentRow> => ({
  id: p.id,
  bookingId: p.bookingId,
  provider: p.provider,
  intentRef: p.intentRef,
  status: p.status,
  amount: p.amountMinor,
  captured: p.capturedMinor,
  refunded: p.refundedMinor,
  currency: p.currency,
  cardId: p.cardId,
  brand: p.brand,
  last4: p.last4,
  errorCode: p.errorCode,
  errorMessage: p.errorMessage,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export const toTransactionRow = (
  t: typeof paymentTransactions.$inferSelect,
): z.output<typeof schemas.paymentTransactionRow> => ({
  id: t.id,
  bookingId: t.bookingId,
  clientId: t.clientId,
  passengerId: t.passengerId,
  driverId: t.driverId,
  kind: t.kind,
  kindName: paymentTransactionKindLabels[t.kind],
  method: t.method,
  amount: t.amountMinor,
  currency: t.currency,
  reference: t.reference,
  reason: t.reason,
  providerRef: t.providerRef,
  journalEntryId: t.journalEntryId,
  createdAt: t.createdAt.toISOString(),
  createdBy: t.createdBy,
});

/** A booking's money now: what was paid, authorised, refunded and is left, its payments and every step. */
export async function bookingPaymentState(
  ctx: Ctx,
  bookingId: number,
): Promise<z.output<typeof schemas.bookingPaymentState>> {
  const { companyId } = ctx.session;
  const [booking] = await ctx.db
    .select({
      id: bookings.id,
      paymentStatus: bookings.paymentStatus,
      paymentMethod: bookings.paymentMethod,
      currency: bookings.currency,
      priceMinor: bookings.priceMinor,
      clientId: bookings.clientId,
      passengerId: bookings.passengerId,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.id, bookingId)));
  if (!booking) throw notFound(`Booking ${bookingId}`);
  const payer = payerOf(booking);
  const owner = payer.clientId
    ? { kind: 'client' as const, id: payer.clientId }
    : { kind: 'passenger' as const, id: payer.passengerId ?? 0 };
  const [payments, steps, links, cards] = await Promise.all([
    ctx.db
      .select()
      .from(cardPayments)
      .where(and(eq(cardPayments.companyId, companyId), eq(cardPayments.bookingId, bookingId)))
      .orderBy(asc(cardPayments.id)),
    ctx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.companyId, companyId), eq(paymentTransactions.bookingId, bookingId)))
      .orderBy(asc(paymentTransactions.id)),
    ctx.db
      .select()
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.companyId, companyId),
          eq(paymentLinks.bookingId, bookingId),
          isNull(paymentLinks.paidAt),
          isNull(paymentLinks.expiredAt),
        ),
      )
      .orderBy(desc(paymentLinks.id))
      .limit(1),
    ctx.db
      .select()
      .from(paymentCards)
      .where(
        and(
          eq(paymentCards.companyId, companyId),
          eq(paymentCards.ownerKind, owner.kind),
          eq(paymentCards.ownerId, owner.id),
        ),
      )
      .orderBy(desc(paymentCards.isDefault), desc(paymentCards.id)),
  ]);
  const captured = payments.reduce((s, p) => s + p.capturedMinor, 0);
  const refunded = payments.reduce((s, p) => s + p.refundedMinor, 0);
  const authorised = payments.filter((p) => p.status === 'requires_capture').reduce((s, p) => s + p.amountMinor, 0);
  const other = steps
    .filter((t) => t.kind === 'cashCollection' || t.kind === 'manualPayment')
    .reduce((s, t) => s + t.amountMinor, 0);
  const paid = captured - refunded + other;
  const link = links[0];
  return {
    bookingId,
    paymentStatus: booking.paymentStatus,
    paymentMethod: booking.paymentMethod,
    currency: booking.currency,
    price: booking.priceMinor,
    paid,
    authorised,
    refunded,
    due: Math.max(0, (booking.priceMinor ?? 0) - paid - authorised),
    hasPayment: paid > 0 || authorised > 0,
    openLink:
      link && link.expiresAt > new Date()
        ? {
            email: link.email,
            amount: link.amountMinor,
            expiresAt: link.expiresAt.toISOString(),
            createdAt: link.createdAt.toISOString(),
          }
        : null,
    payments: payments.map(toCardPaymentRow),
    transactions: steps.map(toTransactionRow),
    payerCards: cards.map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.expMonth,
      expYear: c.expYear,
      isDefault: c.isDefault,
      isExpired: isExpired(c.expMonth, c.expYear),
    })),
  };
}
