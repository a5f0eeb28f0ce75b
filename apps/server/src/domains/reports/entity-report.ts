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
import { aggregates, counts, emptyRaw, offerCounts, offerKpis, pickup, type Raw, shiftKpis } from './measures';

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
  const query = (limit: number, offset: number) =>
    ctx.db.execute<Row>(sql`${ctes}
      select g.*, e.id, ${d.name} as name, sh.seconds, o.offers, o.declines, count(*) over () as full_count
      from ids join ${d.table} e on e.company_id = ${scope.companyId} and e.id = ids.id ${named}
      left join g on g.id = ids.id left join sh on sh.id = ids.id left join o on o.driver_id = ids.id
      order by ${sort(d.name)} ${direction} nulls last, e.id ${direction}
      limit ${limit} offset ${offset}`);
  const [first, totals] = await Promise.all([
    query(ALL_DATA_LIMIT + 1, 0),
    totalsOf(ctx, scope, where, d, named, term, withShifts, isDriver),
  ]);
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
    const data = shape((await query(perPage, page * perPage)).rows);
    answer = { data, allData: data, total: Math.ceil(count / perPage), count };
  }
  return { ...answer, totals };
}

const rawOf = (r: Row): Raw => (r.bookings === null ? emptyRaw : r);

function baseRow(r: Row) {
  const raw = rawOf(r);
  return { id: r.id, name: r.name, ...counts(raw), ...pickup(raw) };
}

/** The same figures over every entity of the filter (the table's totals row). */
async function totalsOf(
  ctx: Ctx,
  scope: Scope,
  where: SQL,
  d: { column: SQL; table: SQL; name: SQL },
  named: SQL,
  term: string,
  withShifts: boolean,
  isDriver: boolean,
) {
  // Without a search every non-empty reference is a row of the report: no per-booking look-up.
  const entity = term
    ? sql`exists (select 1 from ${d.table} e where e.company_id = b.company_id and e.id = ${d.column} ${named})`
    : sql`${d.column} is not null`;
  const scoped = sql`${where} and ${entity}`;
  const [raw, shifts, offers] = await Promise.all([
    ctx.db.execute<Raw>(sql`select ${aggregates} from bookings b where ${scoped}`),
    withShifts
      ? ctx.db.execute<{ seconds: number }>(
          sql`select coalesce(sum(${shiftSeconds(scope)}), 0)::float8 as seconds from driver_shifts s where ${shiftWhere(scope)}
            ${term ? sql`and exists (select 1 from drivers e where e.company_id = s.company_id and e.id = s.driver_id ${named})` : sql``}`,
        )
      : Promise.resolve(null),
    isDriver
      ? ctx.db.execute<{ offers: number; declines: number }>(offerCounts(scoped, false, scope.input.driverID))
      : Promise.resolve(null),
  ]);
  const r = raw.rows[0] ?? emptyRaw;
  const base = { ...counts(r), ...pickup(r) };
  if (!isDriver) return base;
  const o = offers?.rows[0] ?? { offers: 0, declines: 0 };
  return {
    ...base,
    ...shiftKpis(r, withShifts ? Number(shifts?.rows[0]?.seconds ?? 0) : null),
    ...offerKpis(o.offers, o.declines),
  };
}
