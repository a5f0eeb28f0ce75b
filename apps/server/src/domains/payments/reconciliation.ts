import { sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { companyFacts } from '../company/facts';
import { dayRange, joinAnd, minor, type Ctx } from './finance-filters';

type Answer = z.output<typeof schemas.reconciliation>;

/** At most this many differing bookings are listed; the totals still count every one. */
const DIFFERENCES_LIMIT = 500;

/**
 * Each priced done booking of the period with its money twice: from the bookings' own records (card
 * payments, cash and manual steps, the invoiced status) and from the journal entries posted for it,
 * by the account the lines landed on — so a reversal counts against what it reverses, whatever its
 * kind. Revenue, VAT and discount lines together are what the fare earned. A job on an issued invoice
 * counts as invoiced on both sides (from the invoice lines): its rest moved from the client's unbilled
 * account to its receivable in the invoice's own entry (docs/ledger.md#invoicing).
 */
function perBooking(ctx: Ctx, input: { fromDate: string; toDate: string }, tz: string) {
  const companyId = ctx.session.companyId;
  const where = joinAnd([
    sql`b.company_id = ${companyId}`,
    sql`b.status in ('completed', 'no_show')`,
    sql`b.price_minor > 0`,
    ...dayRange(sql`b.pickup_at`, input, tz),
  ]);
  return sql`with b as (
      select b.id, b.pickup_at, b.status, b.payment_status, b.price_minor from bookings b where ${where}
    ), cp as (
      select c.booking_id, sum(c.captured_minor - c.refunded_minor) as card from card_payments c
      where c.company_id = ${companyId} and c.booking_id in (select id from b) group by 1
    ), pt as (
      select t.booking_id, sum(t.amount_minor) filter (where t.kind = 'cashCollection') as cash,
             sum(t.amount_minor) filter (where t.kind = 'manualPayment') as manual
      from payment_transactions t
      where t.company_id = ${companyId} and t.booking_id in (select id from b) group by 1
    ), lg as (
      select e.booking_id,
             -sum(l.amount_minor) filter (where a.kind in ('revenue', 'vatPayable', 'discounts')) as earned,
             sum(l.amount_minor) filter (where a.kind = 'cardClearing') as card,
             sum(l.amount_minor) filter (where a.kind = 'driverCash') as cash,
             sum(l.amount_minor) filter (where a.kind = 'bank') as manual
      from journal_entries e
      join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
      join ledger_accounts a on a.company_id = l.company_id and a.id = l.account_id
      where e.company_id = ${companyId} and e.booking_id in (select id from b) group by 1
    ), inv as (
      select distinct l.booking_id from invoice_lines l
      join invoices i on i.company_id = l.company_id and i.id = l.invoice_id and i.status <> 'draft'
      where l.company_id = ${companyId} and l.booking_id in (select id from b)
    ), r as (
      select b.id, b.pickup_at, b.status, b.payment_status, b.price_minor as price,
             coalesce(cp.card, 0) as card, coalesce(pt.cash, 0) as cash, coalesce(pt.manual, 0) as manual,
             case when inv.booking_id is not null
               then b.price_minor - coalesce(cp.card, 0) - coalesce(pt.cash, 0) - coalesce(pt.manual, 0)
               else 0 end as invoiced,
             coalesce(lg.earned, 0) as l_earned, coalesce(lg.card, 0) as l_card, coalesce(lg.cash, 0) as l_cash,
             coalesce(lg.manual, 0) as l_manual,
             case when inv.booking_id is not null
               then coalesce(lg.earned, 0) - coalesce(lg.card, 0) - coalesce(lg.cash, 0) - coalesce(lg.manual, 0)
               else 0 end as l_invoiced
      from b left join cp on cp.booking_id = b.id left join pt on pt.booking_id = b.id left join lg on lg.booking_id = b.id
        left join inv on inv.booking_id = b.id
    ), d as (
      select r.*, abs(l_earned - price) + abs(l_card - card) + abs(l_cash - cash) + abs(l_manual - manual) as difference
      from r
    )`;
}

/** PaymentTransaction/GetReconciliation. */
export async function reconcile(ctx: Ctx, input: { fromDate: string; toDate: string }): Promise<Answer> {
  const { timezone, currency } = await companyFacts(ctx);
  const rows = perBooking(ctx, input, timezone);
  const [totals, lines] = await Promise.all([
    ctx.db.execute<Record<string, string | number | null>>(
      sql`${rows} select count(*)::int as n, sum(price)::bigint as price, sum(card)::bigint as card,
            sum(cash)::bigint as cash, sum(manual)::bigint as manual, sum(invoiced)::bigint as invoiced,
            sum(l_earned)::bigint as l_earned, sum(l_card)::bigint as l_card, sum(l_cash)::bigint as l_cash,
            sum(l_manual)::bigint as l_manual, sum(l_invoiced)::bigint as l_invoiced, count(*) filter (where difference <> 0)::int as differing
          from d`,
    ),
    ctx.db.execute<Record<string, string | number | Date | null>>(
      sql`${rows} select * from d where difference <> 0 order by pickup_at, id limit ${DIFFERENCES_LIMIT}`,
    ),
  ]);
  const t = totals.rows[0] ?? {};
  const bookingsSide = {
    priced: minor(t.price),
    card: minor(t.card),
    cash: minor(t.cash),
    manual: minor(t.manual),
    invoiced: minor(t.invoiced),
    owed: 0,
  };
  bookingsSide.owed =
    bookingsSide.priced - bookingsSide.card - bookingsSide.cash - bookingsSide.manual - bookingsSide.invoiced;
  const ledgerSide = {
    priced: minor(t.l_earned),
    card: minor(t.l_card),
    cash: minor(t.l_cash),
    manual: minor(t.l_manual),
    invoiced: minor(t.l_invoiced),
    owed: 0,
  };
  ledgerSide.owed = ledgerSide.priced - ledgerSide.card - ledgerSide.cash - ledgerSide.manual - ledgerSide.invoiced;
  const differences = lines.rows.map((r) => {
    const price = minor(r.price);
    const card = minor(r.card);
    const cash = minor(r.cash);
    const manual = minor(r.manual);
    const invoiced = minor(r.invoiced);
    const earned = minor(r.l_earned);
    const ledger = { earned, card: minor(r.l_card), cash: minor(r.l_cash), manual: minor(r.l_manual), owed: 0 };
    ledger.owed = earned - ledger.card - ledger.cash - ledger.manual;
    return {
      bookingId: Number(r.id),
      pickupAt: (r.pickup_at instanceof Date ? r.pickup_at : new Date(String(r.pickup_at))).toISOString(),
      status: String(r.status),
      paymentStatus: String(r.payment_status),
      price,
      bookings: { card, cash, manual, invoiced, owed: price - card - cash - manual - invoiced },
      ledger,
      difference: minor(r.difference),
    };
  });
  const differing = Number(t.differing ?? 0);
  return {
    fromDate: input.fromDate,
    toDate: input.toDate,
    currency,
    bookingCount: Number(t.n ?? 0),
    bookings: bookingsSide,
    ledger: ledgerSide,
    balanced: differing === 0,
    differing,
    differences,
  };
}
