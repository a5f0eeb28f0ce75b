import { sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { minor } from '../payments/finance-filters';
import type { Ctx } from './filters';

type Reconciliation = z.output<typeof schemas.profitabilityReconciliation>;

/** At most this many differing bookings are listed; `differing` counts every one. */
const DIFFERENCES_LIMIT = 100;

const figure = (report: number, ledger: number) => ({ report, ledger, difference: report - ledger });

/**
 * The report against the ledger for the same bookings (docs/reports.md#reconciliation).
 * Revenue booking by booking (summed with the rows): an invoiced job's price against what its
 * entries earned, another job's payments against what its entries received; only when some differ
 * are the bookings read again to name them.
 */
export async function reconcileWith(
  ctx: Ctx,
  rowsCte: SQL,
  sums: {
    revenue: { report: number; ledger: number };
    differing: number;
    driverPay: { report: number; ledger: number };
  },
): Promise<Reconciliation> {
  const lines = sums.differing
    ? await ctx.db.execute<Record<string, unknown>>(sql`with ${rowsCte}
        select id, pickup_at, revenue, ledger_revenue from r where revenue <> ledger_revenue
        order by pickup_at, id limit ${DIFFERENCES_LIMIT}`)
    : { rows: [] };
  const revenueFigure = figure(sums.revenue.report, sums.revenue.ledger);
  const payFigure = figure(sums.driverPay.report, sums.driverPay.ledger);
  return {
    agrees: sums.differing === 0 && revenueFigure.difference === 0 && payFigure.difference === 0,
    revenue: revenueFigure,
    driverPay: payFigure,
    differing: sums.differing,
    differences: lines.rows.map((r) => ({
      bookingId: Number(r.id),
      pickupAt: (r.pickup_at instanceof Date ? r.pickup_at : new Date(String(r.pickup_at))).toISOString(),
      report: minor(r.revenue),
      ledger: minor(r.ledger_revenue),
      difference: minor(r.revenue) - minor(r.ledger_revenue),
    })),
  };
}

/**
 * Driver pay statement by statement, for every approved statement that pays one of the chosen
 * bookings (`where` over bookings b): its jobs' pay and corrections against its driverPay postings
 * (reversals counted) less what a statement pays that is not job pay (bonuses, expenses paid back,
 * adjustments by hand). Driven from the statements' jobs, so a period without statements costs nothing.
 */
export async function driverPayAgainstLedger(ctx: Ctx, where: SQL): Promise<{ report: number; ledger: number }> {
  const companyId = ctx.session.companyId;
  const res = await ctx.db.execute<Record<string, unknown>>(sql`with st as (
        select distinct j.statement_id as id from driver_statement_jobs j
        join bookings b on b.company_id = j.company_id and b.id = j.booking_id
        where j.company_id = ${companyId} and ${where}
      ), s as (
        select s.id, s.journal_entry_id, s.bonuses_minor + s.expenses_minor as not_job from driver_statements s
        where s.company_id = ${companyId} and s.id in (select id from st) and s.status in ('approved', 'settled')
      ), jobs as (
        select coalesce(sum(j.pay_minor), 0) as amount from driver_statement_jobs j
        where j.company_id = ${companyId} and j.statement_id in (select id from s)
      ), corrections as (
        select coalesce(sum(l.amount_minor) filter (where l.kind = 'correction'), 0) as amount,
               coalesce(sum(l.amount_minor) filter (where l.kind = 'adjustment'), 0) as by_hand
        from driver_statement_lines l where l.company_id = ${companyId} and l.statement_id in (select id from s)
      ), posted as (
        select coalesce(sum(l.amount_minor), 0) as amount from journal_entries e
        join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
        join ledger_accounts a on a.company_id = l.company_id and a.id = l.account_id and a.kind = 'driverPay'
        where e.company_id = ${companyId}
          and (e.id in (select journal_entry_id from s) or e.reverses_entry_id in (select journal_entry_id from s))
      )
      select (jobs.amount + corrections.amount)::bigint as report,
             (posted.amount - (select coalesce(sum(not_job), 0) from s) - corrections.by_hand)::bigint as ledger
      from jobs, corrections, posted`);
  const row = res.rows[0] ?? {};
  return { report: minor(row.report), ledger: minor(row.ledger) };
}
