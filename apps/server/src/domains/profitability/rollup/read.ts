import { sql } from 'drizzle-orm';
import type { Dimension } from '../dimensions';
import { bookingsWhere, type Ctx, type ProfitabilityInput } from '../filters';
import { figureSumColumns, figureSumsOf, figuresAddedUp, perBooking } from '../per-booking';

/**
 * Whether the client tab can be read from `profit_days`: its keys are the company day and the
 * client; a driver, passenger, vehicle type or payment method filter is read from the bookings.
 */
export function profitRollupServes(input: ProfitabilityInput): boolean {
  return !input.driverID && !input.passengerID && !input.vehicleTypeID && !input.paymentMethodID;
}

/**
 * The client tab's grouped rows from the rollup for the days it holds as they are and from the
 * bookings for the days changed since (one statement, one snapshot: exact at every moment), in the
 * shape of the per-booking grouping. Null when the company's rollups are not filled on its current
 * clock yet: the caller reads the bookings.
 */
export async function rolledUpClientRows(
  ctx: Ctx,
  input: ProfitabilityInput,
  timezone: string,
  client: Dimension,
  /** An `ilike` pattern the client's name must match. */
  namePattern: string | null,
): Promise<Record<string, unknown>[] | null> {
  const company = ctx.session.companyId;
  const ready = await ctx.db.execute<{ ready: boolean }>(sql`
    select exists (select 1 from report_rollups where company_id = ${company} and timezone = ${timezone}) as ready`);
  if (!ready.rows[0]?.ready) return null;
  const period = sql`between ${input.startDate}::date and ${input.endDate}::date`;
  const onlyClient = input.clientID ? sql`and d.client_id = ${input.clientID}` : sql``;
  const liveBookings = sql`changed c join bookings b on b.company_id = ${company}
    and b.pickup_at >= (c.day::timestamp at time zone ${timezone})
    and b.pickup_at < ((c.day + 1)::timestamp at time zone ${timezone})`;
  const where = bookingsWhere(ctx, input, timezone);
  const columns = sql.raw(figureSumColumns.join(', '));
  const rows = await ctx.db.execute<Record<string, unknown>>(sql`
    with changed as (
      select distinct day from report_day_changes where company_id = ${company} and day ${period}
    ), ${perBooking(company, where, client.key, liveBookings)},
    g as (
      select u.key, ${figuresAddedUp}, 0 as days from (
        select d.client_id as key, ${columns} from profit_days d
        where d.company_id = ${company} and d.day ${period} ${onlyClient}
          and d.day not in (select day from changed)
        union all
        select r.key, ${figureSumsOf} from r group by r.key
      ) u group by u.key
    )
    select * from (select g.*, ${client.name(sql`g.key`, company)} as name, null as vehicle_type from g) x
    ${namePattern ? sql`where x.name ilike ${namePattern}` : sql``}`);
  return rows.rows;
}
