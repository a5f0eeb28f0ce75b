import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { cardPayments, paymentTransactions } from './schema';

type Ctx = CallContext<Session>;

/** A booking's money as its payments hold it, in minor units. */
export interface BookingMoney {
  /** Captured or charged on cards (before refunds). */
  received: number;
  refunded: number;
  /** Authorised on a card, not captured yet. */
  authorised: number;
  /** Cash collected and payments recorded by hand. */
  other: number;
}

/** What is paid and held for a booking: the one reading the payment status and what is left to pay use. */
export async function moneyOf(ctx: Ctx, bookingId: number): Promise<BookingMoney> {
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
  return {
    received: Number(card?.received ?? 0),
    refunded: Number(card?.refunded ?? 0),
    authorised: Number(card?.authorised ?? 0),
    other: Number(other?.paid ?? 0),
  };
}

/** What is left to take: the price less what was paid (net of refunds) and what a card holds. */
export const dueOf = (priceMinor: number | null, m: BookingMoney) =>
  (priceMinor ?? 0) - (m.received - m.refunded) - m.other - m.authorised;
