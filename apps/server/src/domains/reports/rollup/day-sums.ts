import { sql, type SQL } from 'drizzle-orm';
import { cancelSource } from '../cancelled-by';
import { measures } from '../measures';
import type { DayRollup } from './day-rollup';

/** Who may have cancelled a booking, as the rollup's columns name them. */
export const cancelSources = ['office', 'driver', 'customer', 'system', 'unknown'] as const;

/** The rollup's sum columns: the measures, the offers and declines, and the cancellations by source. */
export const rollupSumColumns = [
  ...measures.map((m) => m.key),
  'offers',
  'declines',
  ...cancelSources.map((s) => `cancel_${s}`),
];

/**
 * A day's rollup rows computed from its bookings (alias b, narrowed by `where`), grouped by the
 * rollup's key with the company day on `timezone`: the one definition the refresh stores and a
 * report reads live for a day changed since. Offers and declines are the booking's history entries
 * (as `offerCounts`); who cancelled, its last cancel entry (`cancelSource`).
 */
export function daySums(where: SQL, timezone: SQL): SQL {
  return sql`
    select b.company_id, (b.pickup_at at time zone ${timezone})::date as day, b.status,
      coalesce(b.vehicle_type_id, 0) as vehicle_type_id, coalesce(b.payment_method, '') as payment_method,
      ${sql.join(
        measures.map((m) => sql`${m.sum} as ${sql.identifier(m.key)}`),
        sql`, `,
      )},
      coalesce(sum(o.offers), 0)::int as offers,
      coalesce(sum(o.declines), 0)::int as declines,
      ${sql.join(
        cancelSources.map(
          (s) => sql`(count(*) filter (where cancel.cancelled_by = ${s}))::int as ${sql.identifier(`cancel_${s}`)}`,
        ),
        sql`, `,
      )}
    from bookings b
    left join lateral (
      select count(*) filter (where a.action in ('offer', 'allocate') and a.changes -> 'driverId' ->> 'after' is not null) as offers,
        count(*) filter (where a.action = 'decline') as declines
      from audit_log a
      where a.company_id = b.company_id and a.entity_type = 'booking' and a.entity_id = b.id
        and a.action in ('offer', 'allocate', 'decline')
    ) o on true
    cross join lateral (select case when b.status = 'cancelled' then ${cancelSource} end as cancelled_by) cancel
    where ${where}
    group by 1, 2, 3, 4, 5`;
}

/** The reports' rollup: per day, status, vehicle type and payment method (`report_days`). */
export const reportRollup: DayRollup = {
  table: 'report_days',
  columns: ['company_id', 'day', 'status', 'vehicle_type_id', 'payment_method', ...rollupSumColumns],
  sumsOf: (company, where, timezone) => daySums(sql`b.company_id = ${company} and ${where}`, timezone),
};
