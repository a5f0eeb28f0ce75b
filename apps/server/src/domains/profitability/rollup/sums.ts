import { sql } from 'drizzle-orm';
import type { DayRollup } from '../../reports/rollup/day-rollup';
import { figureSumColumns, figureSumsOf, perBooking } from '../per-booking';

/**
 * The client profitability's rollup (`profit_days`): per company day and client, the figures of
 * `figuresOf` but days worked (clients have none), from the same per-booking reading the report
 * runs live, so a rolled-up day and a live one cannot disagree.
 */
export const profitRollup: DayRollup = {
  table: 'profit_days',
  columns: ['company_id', 'day', 'client_id', ...figureSumColumns],
  sumsOf: (company, where, timezone) => sql`
    with ${perBooking(company, sql`b.company_id = ${company} and b.status <> 'quote' and ${where}`, sql`b.client_id`)}
    select ${company}::int as company_id, (r.pickup_at at time zone ${timezone})::date as day, r.key as client_id,
      ${figureSumsOf}
    from r group by 1, 2, 3`,
};
