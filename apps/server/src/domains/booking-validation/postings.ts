import { and, eq } from 'drizzle-orm';
import { companies } from '../../platform/tenancy/companies';
import { clients } from '../clients/schema';
import { lineMoney } from '../invoicing/totals';
import { type AccountRef, postEntry } from '../ledger/post';
import { payerOf } from '../payments/card-payments';
import { receivableOf } from '../payments/postings';
import { taxes } from '../reference-data/schema';
import type { Ctx } from './rows';

export interface AdjustedBooking {
  id: number;
  paymentMethod: string | null;
  clientId: number | null;
  passengerId: number | null;
}

/**
 * Where a job's fare earned sits until it is paid or invoiced (docs/invoicing.md): a client's account
 * job in the client's unbilled account, any other in its payer's receivable.
 */
export function fareAccountOf(b: AdjustedBooking): AccountRef | null {
  if (b.paymentMethod === 'account' && b.clientId) return { kind: 'clientUnbilled', ownerId: b.clientId };
  return receivableOf(payerOf(b));
}

/** The VAT rate of a job's fare: its client's tax rate, else the company's. */
async function vatRateOf(ctx: Ctx, clientId: number | null): Promise<number> {
  if (clientId) {
    const [row] = await ctx.db
      .select({ rateBp: taxes.rateBp })
      .from(clients)
      .innerJoin(taxes, and(eq(taxes.companyId, clients.companyId), eq(taxes.id, clients.taxId)))
      .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, clientId)));
    if (row) return row.rateBp;
  }
  const [company] = await ctx.db
    .select({ rateBp: companies.vatRateBp })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  return company?.rateBp ?? 0;
}

/**
 * A validated job's price changed from `before` to `after` (a recalculation accepted or a price
 * overridden): the fare earned is adjusted by the difference. The payer owes the difference (a credit
 * when it is lower); revenue and VAT payable move by the difference of the two prices split by
 * `lineMoney` (the price is what the payer owes, VAT included), so the lines add up to zero exactly.
 * Answers the entry's id, or null when nothing moves (same price, no payer).
 */
export async function postFareAdjusted(
  ctx: Ctx,
  booking: AdjustedBooking,
  before: number,
  after: number,
  reason: string,
): Promise<number | null> {
  const difference = after - before;
  const account = fareAccountOf(booking);
  if (difference === 0 || !account) return null;
  const rate = await vatRateOf(ctx, booking.clientId);
  const vat = lineMoney(after, rate, true).vatMinor - lineMoney(before, rate, true).vatMinor;
  const revenue = difference - vat;
  const entry = await postEntry(ctx, {
    kind: 'fareAdjusted',
    description: `Fare of booking ${booking.id} changed at validation: ${reason}`,
    bookingId: booking.id,
    idempotencyKey: null,
    lines: [
      { account, amount: difference },
      ...(revenue !== 0 ? [{ account: { kind: 'revenue' as const }, amount: -revenue }] : []),
      ...(vat !== 0 ? [{ account: { kind: 'vatPayable' as const }, amount: -vat }] : []),
    ],
  });
  return entry.id;
}
