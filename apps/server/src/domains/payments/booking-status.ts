import { and, eq, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { emit } from '../../platform/events/emit';
import { bookings } from '../bookings/schema';
import { cardPayments, paymentTransactions } from './schema';

type Ctx = CallContext<Session>;

/**
 * A booking's payment status from its money (docs/payments.md): refunds first, then paid (captured,
 * charged, cash or recorded payments), then a card authorisation; invoiced stays until a payment.
 */
export function paymentStatusFrom(m: {
  received: number;
  refunded: number;
  authorised: number;
  current: PaymentStatus;
}): PaymentStatus {
  if (m.refunded > 0) return m.received - m.refunded > 0 ? 'partlyRefunded' : 'refunded';
  if (m.received > 0) return 'paid';
  if (m.authorised > 0) return 'authorised';
  return m.current === 'invoiced' ? 'invoiced' : 'unpaid';
}

/** Sets the booking's payment status from its payments, and tells open screens when it changed. */
export async function settleBookingStatus(ctx: Ctx, bookingId: number): Promise<PaymentStatus> {
  const own = (t: typeof cardPayments | typeof paymentTransactions) =>
    and(eq(t.companyId, ctx.session.companyId), eq(t.bookingId, bookingId));
  const [card] = await ctx.db
    .select({
      received: sql<string>`coalesce(sum(${cardPayments.capturedMinor}), 0)`,
      refunded: sql<string>`coalesce(sum(${cardPayments.refundedMinor}), 0)`,
      authorised: sql<string>`coalesce(sum(${cardPayments.amountMinor}) filter (where ${cardPayments.status} = 'requires_capture'), 0)`,
    })
    .from(cardPayments)
    .where(own(cardPayments));
  const [other] = await ctx.db
    .select({ paid: sql<string>`coalesce(sum(${paymentTransactions.amountMinor}), 0)` })
    .from(paymentTransactions)
    .where(and(own(paymentTransactions), sql`${paymentTransactions.kind} in ('cashCollection', 'manualPayment')`));
  const [booking] = await ctx.db
    .select({ status: bookings.paymentStatus })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  if (!booking) return 'unpaid';
  const next = paymentStatusFrom({
    received: Number(card?.received ?? 0) + Number(other?.paid ?? 0),
    refunded: Number(card?.refunded ?? 0),
    authorised: Number(card?.authorised ?? 0),
    current: booking.status,
  });
  if (next !== booking.status) {
    await ctx.db
      .update(bookings)
      .set({ paymentStatus: next, updatedAt: new Date() })
      .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
    await emit(ctx, { type: 'booking.updated', payload: { id: bookingId, paymentStatus: next }, officeOnly: true });
  }
  return next;
}
