import { sql, type SQL } from 'drizzle-orm';

const approved = sql`('approved', 'settled')`;

/**
 * What approved (or settled) statements pay for some bookings, the corrections of later statements
 * included: the driver pay every report counts (docs/driver-pay.md), one row (booking_id, amount) per
 * booking that has any. `bookingIds` is a subquery or list answering booking ids of the company.
 */
export function statementPayOf(companyId: number | SQL, bookingIds: SQL): SQL {
  return sql`select booking_id, sum(amount)::bigint as amount from (
      select j.booking_id, j.pay_minor as amount from driver_statement_jobs j
      join driver_statements s on s.company_id = j.company_id and s.id = j.statement_id and s.status in ${approved}
      where j.company_id = ${companyId} and j.booking_id in (${bookingIds})
      union all
      select l.booking_id, l.amount_minor from driver_statement_lines l
      join driver_statements s on s.company_id = l.company_id and s.id = l.statement_id and s.status in ${approved}
      where l.company_id = ${companyId} and l.kind = 'correction' and l.booking_id in (${bookingIds})
    ) p group by 1`;
}
