import { sql, type SQL } from 'drizzle-orm';
import type { Ctx, Scope } from '../filter';
import { measures, type Raw } from '../measures';
import { type cancelSources, daySums, rollupSumColumns } from './day-sums';

/** A company day and status summed from the rollup: the measures, the offers and who cancelled. */
export type RolledUpDay = Raw & {
  day: string;
  status: string;
  offers: number;
  declines: number;
} & Record<`cancel_${(typeof cancelSources)[number]}`, number>;

/**
 * Whether a filter can be answered from the rollup: its keys are the day, status, vehicle type and
 * payment method; a client, client type, driver or passenger is read from the bookings.
 */
export function rollupServes(scope: Scope): boolean {
  const { input } = scope;
  return !input.clientID && !input.categoryID && !input.driverID && !input.passengerID;
}

/** The rollup rows' filter on the keys (alias r), as `bookingWhere` filters the bookings. */
function keyWhere(scope: Scope): SQL {
  const { input } = scope;
  const parts = [input.statusID ? sql`r.status = ${input.statusID}` : sql`r.status <> 'quote'`];
  if (input.vehicletypeID) parts.push(sql`r.vehicle_type_id = ${input.vehicletypeID}`);
  if (input.paymentMethodID) parts.push(sql`r.payment_method = ${input.paymentMethodID}`);
  return sql.join(parts, sql` and `);
}

/**
 * The period's sums by company day and status, from the rollup for the days it holds as they are and
 * from the bookings for the days changed since (one statement, one snapshot: exact at every moment).
 * Null when the company's rollup is not filled on its current clock yet: the caller reads the bookings.
 */
export async function rolledUpDays(ctx: Ctx, scope: Scope): Promise<RolledUpDay[] | null> {
  const ready = await ctx.db.execute<{ ready: boolean }>(sql`
    select exists (select 1 from report_rollups where company_id = ${scope.companyId} and timezone = ${scope.timezone}) as ready`);
  if (!ready.rows[0]?.ready) return null;
  const company = scope.companyId;
  const columnsOf = (alias: string) =>
    sql.raw(
      ['day', 'status', 'vehicle_type_id', 'payment_method', ...rollupSumColumns]
        .map((c) => `${alias}.${c}`)
        .join(', '),
    );
  const castOf = (key: string) => measures.find((m) => m.key === key)?.cast ?? 'int';
  const rows = await ctx.db.execute<RolledUpDay>(sql`
    with changed as (
      select distinct day from report_day_changes
      where company_id = ${company} and day between ${scope.fromDate}::date and ${scope.toDate}::date
    ),
    r as (
      select ${columnsOf('d')} from report_days d
      where d.company_id = ${company} and d.day between ${scope.fromDate}::date and ${scope.toDate}::date
        and d.day not in (select day from changed)
      union all
      select ${columnsOf('s')} from changed c cross join lateral (${daySums(
        sql`b.company_id = ${company}
          and b.pickup_at >= (c.day::timestamp at time zone ${scope.timezone})
          and b.pickup_at < ((c.day + 1)::timestamp at time zone ${scope.timezone})`,
        sql`${scope.timezone}`,
      )}) s
    )
    select r.day::text as day, r.status,
      ${sql.join(
        rollupSumColumns.map(
          (key) => sql`coalesce(sum(r.${sql.identifier(key)}), 0)::${sql.raw(castOf(key))} as ${sql.identifier(key)}`,
        ),
        sql`, `,
      )}
    from r where ${keyWhere(scope)}
    group by 1, 2`);
  return rows.rows;
}
