import { sql, type SQL } from 'drizzle-orm';

/**
 * The sums every report reads over a set of bookings (alias b), each with the type it is answered
 * in; `figures` turns them into the answer's counts, money and KPIs. One list keeps the totals call,
 * the per-entity reports and the daily rollup (`rollup/`, whose columns carry the same names)
 * computing the same thing the same way.
 */
/**
 * An interval in whole seconds, as a double: whole numbers add up exactly in any order (a sum of days
 * is the sum of their bookings) and a double sums at a third of the cost of numeric, which
 * `extract(epoch …)` answers.
 */
const seconds = (interval: SQL) => sql`round(date_part('epoch', ${interval}))`;

/** A done job whose approach and journey were both measured from its track. */
const tracked = sql`b.status in ('completed', 'no_show') and b.approach_metres is not null and b.driven_metres is not null`;

export const measures = [
  { key: 'bookings', cast: 'int', sum: sql`count(*)` },
  { key: 'done', cast: 'int', sum: sql`count(*) filter (where b.status = 'completed')` },
  { key: 'no_show', cast: 'int', sum: sql`count(*) filter (where b.status = 'no_show')` },
  { key: 'cancelled', cast: 'int', sum: sql`count(*) filter (where b.status = 'cancelled')` },
  { key: 'rejected', cast: 'int', sum: sql`count(*) filter (where b.status = 'rejected')` },
  {
    key: 'future',
    cast: 'int',
    sum: sql`count(*) filter (where b.status not in ('completed', 'no_show', 'cancelled', 'rejected'))`,
  },
  {
    key: 'revenue',
    cast: 'bigint',
    sum: sql`coalesce(sum(b.price_minor) filter (where b.status in ('completed', 'no_show')), 0)`,
  },
  { key: 'amount', cast: 'bigint', sum: sql`coalesce(sum(b.price_minor), 0)` },
  { key: 'arrivals', cast: 'int', sum: sql`count(*) filter (where b.arrived_at is not null)` },
  { key: 'on_time', cast: 'int', sum: sql`count(*) filter (where b.arrived_at <= b.pickup_at + interval '5 minutes')` },
  {
    key: 'wait_seconds',
    cast: 'float8',
    sum: sql`coalesce(sum(greatest(0, ${seconds(sql`b.arrived_at - b.pickup_at`)})), 0)`,
  },
  {
    key: 'job_seconds',
    cast: 'float8',
    sum: sql`coalesce(sum(${seconds(sql`b.completed_at - b.on_route_at`)})
      filter (where b.status in ('completed', 'no_show') and b.completed_at > b.on_route_at), 0)`,
  },
  {
    key: 'allocations',
    cast: 'int',
    sum: sql`count(*) filter (where coalesce(b.offered_at, b.allocated_at) is not null)`,
  },
  {
    key: 'allocate_seconds',
    cast: 'float8',
    sum: sql`coalesce(sum(greatest(0, ${seconds(sql`coalesce(b.offered_at, b.allocated_at) - b.created_at`)})), 0)`,
  },
  // Dead mileage: of the done jobs whose approach and journey both have a track, the metres driven to
  // the pick-up and the metres driven in all.
  { key: 'approach_metres', cast: 'bigint', sum: sql`coalesce(sum(b.approach_metres) filter (where ${tracked}), 0)` },
  {
    key: 'measured_metres',
    cast: 'bigint',
    sum: sql`coalesce(sum(b.approach_metres + b.driven_metres) filter (where ${tracked}), 0)`,
  },
] as const satisfies readonly { key: string; cast: 'int' | 'bigint' | 'float8'; sum: SQL }[];

/** Ids as one int[] parameter (drizzle would spread an array into a list of parameters). */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The measures over bookings (alias b), as the answer's types. */
export const aggregates = sql.join(
  measures.map((m) => sql`${m.sum}::${sql.raw(m.cast)} as ${sql.identifier(m.key)}`),
  sql`, `,
);

export type Raw = {
  bookings: number;
  done: number;
  no_show: number;
  cancelled: number;
  rejected: number;
  future: number;
  revenue: string | number;
  amount: string | number;
  arrivals: number;
  on_time: number;
  wait_seconds: number;
  job_seconds: number;
  allocations: number;
  allocate_seconds: number;
  approach_metres: number | string;
  measured_metres: number | string;
};

export const emptyRaw: Raw = {
  bookings: 0,
  done: 0,
  no_show: 0,
  cancelled: 0,
  rejected: 0,
  future: 0,
  revenue: 0,
  amount: 0,
  arrivals: 0,
  on_time: 0,
  wait_seconds: 0,
  job_seconds: 0,
  allocations: 0,
  allocate_seconds: 0,
  approach_metres: 0,
  measured_metres: 0,
};

/** Adds raw aggregates (days into weeks, groups into totals). */
export function addRaw(a: Raw, b: Raw): Raw {
  return {
    bookings: a.bookings + b.bookings,
    done: a.done + b.done,
    no_show: a.no_show + b.no_show,
    cancelled: a.cancelled + b.cancelled,
    rejected: a.rejected + b.rejected,
    future: a.future + b.future,
    revenue: Number(a.revenue) + Number(b.revenue),
    amount: Number(a.amount) + Number(b.amount),
    arrivals: a.arrivals + b.arrivals,
    on_time: a.on_time + b.on_time,
    wait_seconds: a.wait_seconds + b.wait_seconds,
    job_seconds: a.job_seconds + b.job_seconds,
    allocations: a.allocations + b.allocations,
    allocate_seconds: a.allocate_seconds + b.allocate_seconds,
    approach_metres: Number(a.approach_metres) + Number(b.approach_metres),
    measured_metres: Number(a.measured_metres) + Number(b.measured_metres),
  };
}

/** A share as a percent with one decimal; null when there is nothing to measure. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

export const hours = (seconds: number) => Math.round(seconds / 360) / 10;

export function counts(r: Raw) {
  const revenueMinor = Number(r.revenue);
  const paid = r.done + r.no_show;
  return {
    bookings: r.bookings,
    done: r.done,
    noShow: r.no_show,
    cancelled: r.cancelled,
    rejected: r.rejected,
    future: r.future,
    lost: r.cancelled + r.no_show + r.rejected,
    revenueMinor,
    averageFareMinor: paid ? Math.round(revenueMinor / paid) : 0,
  };
}

export function pickup(r: Raw) {
  return {
    onTimePercent: percentOf(r.on_time, r.arrivals),
    averageWaitSeconds: r.arrivals ? Math.round(r.wait_seconds / r.arrivals) : null,
  };
}

/** Shift KPIs: shiftSeconds null when shifts do not apply to the filter. */
export function shiftKpis(r: Raw, shiftSeconds: number | null) {
  const revenueMinor = Number(r.revenue);
  return {
    shiftHours: hours(shiftSeconds ?? 0),
    jobHours: hours(r.job_seconds),
    utilisationPercent: shiftSeconds ? percentOf(r.job_seconds, shiftSeconds) : null,
    revenuePerShiftHourMinor: shiftSeconds ? Math.round((revenueMinor * 3600) / shiftSeconds) : null,
  };
}

/** Dead mileage: the share of the measured distance driven to pick-ups; null when nothing was measured. */
export function mileageKpis(r: Raw) {
  return { deadMileagePercent: percentOf(Number(r.approach_metres), Number(r.measured_metres)) };
}

export function offerKpis(offers: number, declines: number) {
  return { offers, offerAcceptancePercent: percentOf(Math.max(0, offers - declines), offers) };
}

/**
 * Offers and allocations to drivers on the filter's bookings, and the declines (by the driver or
 * expiry); with `onlyDriver`, those made to that driver (or those drivers).
 */
export function offerCounts(bookingWhere: SQL, groupByDriver: boolean, onlyDriver?: number | readonly number[] | null) {
  const driver = sql`coalesce(a.changes -> 'driverId' ->> 'after', a.changes -> 'driverId' ->> 'before')::int`;
  const toDriver =
    typeof onlyDriver === 'number'
      ? sql`and ${driver} = ${onlyDriver}`
      : onlyDriver
        ? sql`and ${driver} = any(${idArray(onlyDriver)})`
        : sql``;
  return sql`
    select ${groupByDriver ? driver : sql`0`} as driver_id,
      count(*) filter (where a.action in ('offer', 'allocate') and a.changes -> 'driverId' ->> 'after' is not null)::int as offers,
      count(*) filter (where a.action = 'decline')::int as declines
    from bookings b
    join audit_log a on a.company_id = b.company_id and a.entity_type = 'booking' and a.entity_id = b.id
      and a.action in ('offer', 'allocate', 'decline')
    where ${bookingWhere} ${toDriver}
    group by 1`;
}
