import { sql, type SQL } from 'drizzle-orm';
import { statementPayOf } from '../driver-pay/statement-pay';

/** Statuses of a booking still to run (neither done nor lost). */
const futureStatuses = sql`('pending', 'confirmed', 'offered', 'allocated', 'accepted', 'on_route', 'arrived', 'on_board')`;

/**
 * Each chosen booking once, with what the report says of its money (docs/reports.md#figures):
 * - revenue: a done job on an issued invoice earns its price; any other done job what was paid for it
 *   (card captured less refunded, cash collected, payments by hand);
 * - pay: what approved statements pay for the job, corrections of it included;
 * - expenses: approved expenses on the job that the company bears;
 * and, for the reconciliation, what its journal entries say it earned (revenue, VAT and discount
 * lines) and received (card clearing, driver cash, bank lines), read the same way.
 * `key` is the row the booking counts on (client, driver or vehicle); `from` names the bookings b
 * (joined to a list of days when only those are read). `companyId` may be a column of an outer query.
 */
export function perBooking(companyId: number | SQL, where: SQL, key: SQL, from: SQL = sql`bookings b`): SQL {
  return sql`b as (
      select b.id, b.pickup_at, ${key} as key, coalesce(b.price_minor, 0)::bigint as price,
             b.status in ('completed', 'no_show') as done, b.status in ${futureStatuses} as future,
             b.card_captured_minor - b.card_refunded_minor + b.cash_collected_minor as paid
      from ${from} where ${where} and ${key} is not null
    ), side as (
      -- Everything else known of a booking, one row per booking that has any: one join for the
      -- bookings instead of one per source (a year of a company's bookings is 800,000 rows to probe).
      select booking_id, sum(manual) as manual, bool_or(invoiced) as invoiced, sum(pay) as pay,
             sum(expenses) as expenses, sum(earned) as earned, sum(received) as received
      from (
        select t.booking_id, t.amount_minor as manual, false as invoiced, 0 as pay, 0 as expenses,
               0 as earned, 0 as received
        from payment_transactions t
        where t.company_id = ${companyId} and t.kind = 'manualPayment' and t.booking_id in (select id from b where done)
        union all
        select l.booking_id, 0, true, 0, 0, 0, 0 from invoice_lines l
        join invoices i on i.company_id = l.company_id and i.id = l.invoice_id and i.status <> 'draft'
        where l.company_id = ${companyId} and l.booking_id in (select id from b where done)
        union all
        select p.booking_id, 0, false, p.amount, 0, 0, 0 from (${statementPayOf(companyId, sql`select id from b`)}) p
        union all
        select e.booking_id, 0, false, 0, e.amount_minor, 0, 0 from driver_expenses e
        where e.company_id = ${companyId} and e.status = 'approved' and e.paid_by = 'company'
          and e.booking_id in (select id from b)
        union all
        select e.booking_id, 0, false, 0, 0,
               case when a.kind in ('revenue', 'vatPayable', 'discounts') then -l.amount_minor else 0 end,
               case when a.kind in ('cardClearing', 'driverCash', 'bank') then l.amount_minor else 0 end
        from journal_entries e
        join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
        join ledger_accounts a on a.company_id = l.company_id and a.id = l.account_id
        where e.company_id = ${companyId} and e.booking_id in (select id from b where done)
      ) x group by 1
    ), r as (
      select b.id, b.pickup_at, b.key, b.price, b.done, b.future,
             b.done and coalesce(s.invoiced, false) as invoiced,
             case when not b.done then 0 when s.invoiced then b.price
                  else b.paid + coalesce(s.manual, 0) end as revenue,
             case when not b.done then 0 when s.invoiced then coalesce(s.earned, 0)
                  else coalesce(s.received, 0) end as ledger_revenue,
             coalesce(s.pay, 0) as pay, coalesce(s.expenses, 0) as expenses
      from b left join side s on s.booking_id = b.id
    )`;
}

/** The spec's figures over a set of per-booking rows `r`, as sums that add up across days and rows. */
const figureSums = {
  bookings: sql`count(*)::int`,
  invbookings: sql`count(*) filter (where r.invoiced)::int`,
  cmpbookings: sql`count(*) filter (where r.done)::int`,
  ftrbookings: sql`count(*) filter (where r.future)::int`,
  amount: sql`coalesce(sum(r.price) filter (where r.done or r.future), 0)::bigint`,
  invamount: sql`coalesce(sum(r.price) filter (where r.invoiced), 0)::bigint`,
  cmpamount: sql`coalesce(sum(r.price) filter (where r.done), 0)::bigint`,
  revenue: sql`coalesce(sum(r.revenue), 0)::bigint`,
  pay: sql`coalesce(sum(r.pay), 0)::bigint`,
  expenses: sql`coalesce(sum(r.expenses), 0)::bigint`,
  ledger_revenue: sql`coalesce(sum(r.ledger_revenue), 0)::bigint`,
  differing: sql`count(*) filter (where r.revenue <> r.ledger_revenue)::int`,
};

/** The figures that are sums (all but days worked): what the daily rollup keeps. */
export const figureSumColumns = Object.keys(figureSums) as (keyof typeof figureSums)[];

/** Those figures' sums over rows `u` that already hold them (rollup days and live rows). */
export const figuresAddedUp = sql.join(
  figureSumColumns.map((k) => {
    const cast = k.endsWith('bookings') || k === 'differing' ? 'int' : 'bigint';
    return sql`coalesce(sum(u.${sql.identifier(k)}), 0)::${sql.raw(cast)} as ${sql.identifier(k)}`;
  }),
  sql`, `,
);

/** The summed figures over per-booking rows `r` (all but days worked), as the rollup keeps them. */
export const figureSumsOf = sql.join(
  figureSumColumns.map((k) => sql`${figureSums[k]} as ${sql.identifier(k)}`),
  sql`, `,
);

/** The spec's figures over a set of per-booking rows `r`, grouped or not; days worked when asked. */
export const figuresOf = (tz: string, withDays = true) =>
  sql`${figureSumsOf}, ${
    withDays ? sql`count(distinct (r.pickup_at at time zone ${tz})::date) filter (where r.done)::int` : sql`0`
  } as days`;
