import { and, eq } from 'drizzle-orm';
import type { PaymentStatus } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { emit } from '../../platform/events/emit';
import { bookings } from '../bookings/schema';
import { type KeptFigures, moneyOf } from './booking-money';

type Ctx = CallContext<Session>;

/**
 * A booking's payment status from its money (docs/payments.md): refunds first, then paid (captured,
 * charged, cash or recorded payments), then a card authorisation; invoiced stays until a payment, and a
 * job its paid invoice settled stays paid (its money came on the invoice, not on the booking).
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
  return m.current === 'invoiced' || m.current === 'paid' ? m.current : 'unpaid';
}

/**
 * Sets the booking's payment status and the figures its row keeps of its payments (the Finance
 * totals read them) from its payments, and tells open screens when the status changed. One read (the
 * money and the row as it stands), and a write only when something changes.
 */
export async function settleBookingStatus(ctx: Ctx, bookingId: number): Promise<PaymentStatus> {
  const money = await moneyOf(ctx, bookingId);
  const next = paymentStatusFrom({
    received: money.received + money.other,
    refunded: money.refunded,
    authorised: money.authorised,
    current: money.paymentStatus,
  });
  const figures: KeptFigures = {
    cardAuthorisedMinor: money.authorised,
    cardCapturedMinor: money.received,
    cardRefundedMinor: money.refunded,
    cashCollectedMinor: money.cash,
  };
  const moved = (Object.keys(figures) as (keyof KeptFigures)[]).some((k) => figures[k] !== money.kept[k]);
  if (next !== money.paymentStatus || moved) {
    const changed = await ctx.db
      .update(bookings)
      .set({ paymentStatus: next, ...figures, updatedAt: new Date() })
      .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)))
      .returning({ id: bookings.id });
    if (!changed.length) return 'unpaid';
  }
  if (next !== money.paymentStatus) {
    await emit(ctx, { type: 'booking.updated', payload: { id: bookingId, paymentStatus: next }, officeOnly: true });
  }
  return next;
}
