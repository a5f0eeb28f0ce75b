import { sql, type SQL } from 'drizzle-orm';
import type { ListParams } from '@cabdesk/contract';
import { fieldError } from '../../platform/http/errors';
import { ALL_DATA_LIMIT } from '../../platform/http/list';
import {
  bookingWhere,
  type Ctx,
  type ReportFilter,
  type Scope,
  scopeOf,
  shiftSeconds,
  shiftsApply,
  shiftWhere,
} from './filter';
import {
  aggregates,
  counts,
  emptyRaw,
  measures,
  mileageKpis,
  offerCounts,
  offerKpis,
  pickup,
  type Raw,
  shiftKpis,
} from './measures';

export type Dimension = 'client' | 'passenger' | 'vehicleType' | 'driver';

const dimensions: Record<Dimension, { column: SQL; table: SQL; name: SQL }> = {
  client: { column: sql`b.client_id`, table: sql`clients`, name: sql`e.name` },
  passenger: {
    column: sql`b.passenger_id`,
    table: sql`passengers`,
    name: sql`concat_ws(' ', e.first_name, e.surname)`,
  },
  vehicleType: { column: sql`b.vehicle_type_id`, table: sql`vehicle_types`, name: sql`e.name` },
  driver: { column: sql`b.driver_id`, table: sql`drivers`, name: sql`concat_ws(' ', e.first_name, e.last_name)` },
};

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const z0 = (column: string) => sql.raw(`coalesce(g.${column}, 0)`);
const sortColumns: Record<string, (name: SQL) => SQL> = {
  name: (name) => sql`lower(${name})`,
  bookings: () => z0('bookings'),
  done: () => z0('done'),
  lost: () => sql`${z0('cancelled')} + ${z0('no_show')} + ${z0('rejected')}`,
  revenue: () => z0('revenue'),
  averageFare: () => sql`g.revenue::float8 / nullif(g.done + g.no_show, 0)`,
  onTimePercent: () => sql`g.on_time::float8 / nullif(g.arrivals, 0)`,
  shiftHours: () => sql`coalesce(sh.seconds, 0)`,
  utilisationPercent: () => sql`g.job_seconds / nullif(sh.seconds, 0)`,
  offerAcceptancePercent: () => sql`(o.offers - o.declines)::float8 / nullif(o.offers, 0)`,
  revenuePerShiftHour: () => sql`g.revenue::float8 / nullif(sh.seconds, 0)`,
};

type Input = ReportFilter & Pick<ListParams, 'page' | 'perPage' | 'sortColumn' | 'sortType' | 'q'>;
type Row = Raw & {
  id: number;
  name: string;
  full_count: number;
  seconds: number | null;
  offers: number | null;
  declines: number | null;
};

/**
 * The per-entity reports (client, passenger, vehicle type, driver): the filter's bookings grouped by
 * the entity, with names, sorted and paged in SQL (revenue, highest first, by default). A driver
 * also counts when they only worked shifts in the period.
 */
export function entityReport(ctx: Ctx, dimension: Exclude<Dimension, 'driver'>, input: Input) {
  return report(ctx, dimension, input, (r) => baseRow(r));
}

export function driverReport(ctx: Ctx, input: Input) {
  const withShifts = shiftsApply(input);
  return report(ctx, 'driver', input, (r) => ({
    ...baseRow(r),
    ...shiftKpis(rawOf(r), withShifts ? Number(r.seconds ?? 0) : null),
    ...offerKpis(r.offers ?? 0, r.declines ?? 0),
    ...mileageKpis(rawOf(r)),
  }));
}

async function report<T>(ctx: Ctx, dimension: Dimension, input: Input, shapeRow: (r: Row) => T) {
  const scope = await scopeOf(ctx, input);
  const d = dimensions[dimension];
  const where = bookingWhere(scope);
  const isDriver = dimension === 'driver';
  const withShifts = isDriver && shiftsApply(input);
  const sort = sortColumns[input.sortColumn ?? 'revenue'];
  if (!sort) throw fieldError('sortColumn', `must be one of: ${Object.keys(sortColumns).join(', ')}`);
  const direction =
    (input.sortType ?? (input.sortColumn && input.sortColumn !== 'revenue' ? 'asc' : 'desc')) === 'desc'
      ? sql`desc`
      : sql`asc`;
  const term = input.q.trim();
  const named = term ? sql`and ${d.name} ilike ${containing(term)}` : sql``;
  const ctes = sql`
    with g as (select ${d.column} as id, ${aggregates} from bookings b where ${where} and ${d.column} is not null group by 1),
    sh as (${withShifts ? sql`select s.driver_id as id, sum(${shiftSeconds(scope)})::float8 as seconds from driver_shifts s where ${shiftWhere(scope)} group by 1` : sql`select null::int as id, null::float8 as seconds where false`}),
    o as (${isDriver ? offerCounts(where, true) : sql`select null::int as driver_id, 0 as offers, 0 as declines where false`}),
    ids as (select id from g union select id from sh)`;
  // A driver who only worked shifts is a row too; otherwise the grouped bookings are the rows.
  const rowsFrom = withShifts
    ? sql`ids join ${d.table} e on e.company_id = ${scope.companyId} and e.id = ids.id ${named}
      left join g on g.id = ids.id left join sh on sh.id = ids.id left join o on o.driver_id = ids.id`
    : sql`g join ${d.table} e on e.company_id = ${scope.companyId} and e.id = g.id ${named}
      left join sh on sh.id = g.id left join o on o.driver_id = g.id`;
  const query = (limit: number, offset: number) =>
    ctx.db.execute<Row & Totals>(sql`${ctes}
      select g.*, e.id, ${d.name} as name, sh.seconds, o.offers, o.declines, count(*) over () as full_count,
        ${windowTotals}
      from ${rowsFrom}
      order by ${sort(d.name)} ${direction} nulls last, e.id ${direction}
      limit ${limit} offset ${offset}`);
  const [first, offers] = await Promise.all([
    query(ALL_DATA_LIMIT + 1, 0),
    isDriver ? offersOfRows(ctx, scope, where, d, named, term) : Promise.resolve(null),
  ]);
  const totals = totalsOf(first.rows[0], withShifts, offers);
  const count = Number(first.rows[0]?.full_count ?? 0);
  const shape = (rows: Row[]) => rows.map(shapeRow);
  const { page, perPage } = input;
  let answer: { data: T[]; allData: T[]; total: number; count: number };
  if (count === 0) answer = { data: [], allData: [], total: 0, count };
  else if (perPage === 0) {
    const all = shape(first.rows.slice(0, ALL_DATA_LIMIT));
    answer = { data: all, allData: all, total: 1, count };
  } else if (count <= ALL_DATA_LIMIT) {
    const all = shape(first.rows);
    answer = {
      data: all.slice(page * perPage, (page + 1) * perPage),
      allData: all,
      total: Math.ceil(count / perPage),
      count,
    };
  } else {
    // The first answer holds the first 501 rows: a page inside them is not asked for again.
    const from = page * perPage;
    const rows =
      from + perPage <= first.rows.length ? first.rows.slice(from, from + perPage) : (await query(perPage, from)).rows;
    const data = shape(rows);
    answer = { data, allData: data, total: Math.ceil(count / perPage), count };
  }
  return { ...answer, totals };
}

const rawOf = (r: Row): Raw => (r.bookings === null ? emptyRaw : r);

function baseRow(r: Row) {
  const raw = rawOf(r);
  return { id: r.id, name: r.name, ...counts(raw), ...pickup(raw) };
}

type Totals = { [K in (typeof measures)[number]['key'] as `t_${K}`]: number | string | null } & {
  t_seconds: number | null;
};

/**
 * The table's totals row, summed over every row of the report by the page's own query (window sums
 * over the grouped rows, before the page is cut): a search narrows it like the rows.
 */
const windowTotals = sql.join(
  [
    ...measures.map((m) => sql`sum(g.${sql.identifier(m.key)}) over () as ${sql.identifier(`t_${m.key}`)}`),
    sql`sum(sh.seconds) over () as t_seconds`,
  ],
  sql`, `,
);

function totalsOf(first: Totals | undefined, withShifts: boolean, offers: { offers: number; declines: number } | null) {
  const r = first
    ? (Object.fromEntries(measures.map((m) => [m.key, Number(first[`t_${m.key}`] ?? 0)])) as Raw)
    : emptyRaw;
  const base = { ...counts(r), ...pickup(r) };
  if (!offers) return base;
  return {
    ...base,
    ...shiftKpis(r, withShifts ? Number(first?.t_seconds ?? 0) : null),
    ...offerKpis(offers.offers, offers.declines),
    ...mileageKpis(r),
  };
}

/** The offers on the bookings of the report's drivers (the totals row's acceptance). */
async function offersOfRows(
  ctx: Ctx,
  scope: Scope,
  where: SQL,
  d: { column: SQL; table: SQL; name: SQL },
  named: SQL,
  term: string,
): Promise<{ offers: number; declines: number }> {
  // Without a search every non-empty reference is a row of the report: no per-booking look-up.
  const entity = term
    ? sql`exists (select 1 from ${d.table} e where e.company_id = b.company_id and e.id = ${d.column} ${named})`
    : sql`${d.column} is not null`;
  const found = await ctx.db.execute<{ offers: number; declines: number }>(
    offerCounts(sql`${where} and ${entity}`, false, scope.input.driverID),
  );
  return found.rows[0] ?? { offers: 0, declines: 0 };
}
