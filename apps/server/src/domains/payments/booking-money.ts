import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import type { Db } from '../../platform/db/client';

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

/** A booking's figures as kept on its row (bookings.card_*_minor, cash_collected_minor). */
export interface KeptFigures {
  cardAuthorisedMinor: number;
  cardCapturedMinor: number;
  cardRefundedMinor: number;
  cashCollectedMinor: number;
}

/** A booking's money with what else its payment steps need from the same read. */
export interface BookingMoneyRead extends BookingMoney {
  /** The booking's payment status as it stands (unpaid when there is no such booking). */
  paymentStatus: PaymentStatus;
  /** The booking's card payments whose idempotency key starts with the prefix asked for (else 0). */
  attempts: number;
  /** Of `other`, the cash its drivers collected. */
  cash: number;
  /** The figures as the booking's row keeps them now. */
  kept: KeptFigures;
}

/**
 * What is paid and held for a booking: the one reading the payment status and what is left to pay
 * use. One statement: the card payments' and the other payments' sums by the booking's index, its
 * payment status, and (with `attemptPrefix`) how many of its card payments were made with that key
 * prefix.
 */
export async function moneyOf(
  ctx: Ctx,
  bookingId: number,
  attemptPrefix: string | null = null,
): Promise<BookingMoneyRead> {
  const companyId = ctx.session.companyId;
  const raw = await ctx.db.execute<{
    received: string;
    refunded: string;
    authorised: string;
    attempts: number;
    other: string;
    cash: string;
    payment_status: PaymentStatus | null;
    card_authorised_minor: string | null;
    card_captured_minor: string | null;
    card_refunded_minor: string | null;
    cash_collected_minor: string | null;
  }>(sql`
    select c.received, c.refunded, c.authorised, c.attempts, o.other, o.cash, b.payment_status,
      b.card_authorised_minor, b.card_captured_minor, b.card_refunded_minor, b.cash_collected_minor
    from (
      select coalesce(sum(c.captured_minor), 0)::bigint as received,
        coalesce(sum(c.refunded_minor), 0)::bigint as refunded,
        coalesce(sum(c.amount_minor) filter (where c.status = 'requires_capture'), 0)::bigint as authorised,
        ${attemptPrefix === null ? sql`0` : sql`count(*) filter (where c.idempotency_key like ${`${attemptPrefix}%`})`}::int as attempts
      from card_payments c where c.company_id = ${companyId} and c.booking_id = ${bookingId}
    ) c cross join (
      select coalesce(sum(t.amount_minor), 0)::bigint as other,
        coalesce(sum(t.amount_minor) filter (where t.kind = 'cashCollection'), 0)::bigint as cash
      from payment_transactions t
      where t.company_id = ${companyId} and t.booking_id = ${bookingId} and t.kind in ('cashCollection', 'manualPayment')
    ) o left join bookings b on b.company_id = ${companyId} and b.id = ${bookingId}`);
  const row = raw.rows[0];
  return {
    received: Number(row?.received ?? 0),
    refunded: Number(row?.refunded ?? 0),
    authorised: Number(row?.authorised ?? 0),
    other: Number(row?.other ?? 0),
    cash: Number(row?.cash ?? 0),
    attempts: Number(row?.attempts ?? 0),
    paymentStatus: row?.payment_status ?? 'unpaid',
    kept: {
      cardAuthorisedMinor: Number(row?.card_authorised_minor ?? 0),
      cardCapturedMinor: Number(row?.card_captured_minor ?? 0),
      cardRefundedMinor: Number(row?.card_refunded_minor ?? 0),
      cashCollectedMinor: Number(row?.cash_collected_minor ?? 0),
    },
  };
}

/** What is left to take: the price less what was paid (net of refunds) and what a card holds. */
export const dueOf = (priceMinor: number | null, m: BookingMoney) =>
  (priceMinor ?? 0) - (m.received - m.refunded) - m.other - m.authorised;

/**
 * Every booking's kept figures of a company from its payments, in two set-based statements: for
 * payments written in SQL around the payment steps (the demo's history, the bench's seed). Migration
 * 0028 did the same once for the payments kept before the figures were.
 */
export async function keepFiguresFromPayments(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`
    update bookings b set card_authorised_minor = m.authorised, card_captured_minor = m.captured,
      card_refunded_minor = m.refunded
    from (
      select booking_id,
        coalesce(sum(amount_minor) filter (where status = 'requires_capture'), 0) as authorised,
        coalesce(sum(captured_minor), 0) as captured, coalesce(sum(refunded_minor), 0) as refunded
      from card_payments where company_id = ${companyId} and booking_id is not null group by booking_id
    ) m
    where b.company_id = ${companyId} and b.id = m.booking_id`);
  await db.execute(sql`
    update bookings b set cash_collected_minor = m.cash
    from (
      select booking_id, sum(amount_minor) as cash from payment_transactions
      where company_id = ${companyId} and kind = 'cashCollection' and booking_id is not null group by booking_id
    ) m
    where b.company_id = ${companyId} and b.id = m.booking_id`);
}
