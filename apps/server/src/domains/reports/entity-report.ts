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
  addRaw,
  aggregates,
  idArray,
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
import { rolledUpDays, rollupServes } from './rollup/read';

export type Dimension = 'client' | 'passenger' | 'vehicleType' | 'driver';

interface DimensionSql {
  column: SQL;
  table: SQL;
  name: SQL;
  /**
   * A company has thousands of drivers and passengers, each on a few bookings of a period: their rows
   * are ranked first and summed for the page alone. Clients and vehicle types are tens to hundreds of
   * rows: one pass sums them all, and the totals add the rows.
   */
  manyRows: boolean;
}

const dimensions: Record<Dimension, DimensionSql> = {
  client: { column: sql`b.client_id`, table: sql`clients`, name: sql`e.name`, manyRows: false },
  passenger: {
    column: sql`b.passenger_id`,
    table: sql`passengers`,
    name: sql`concat_ws(' ', e.first_name, e.surname)`,
    manyRows: true,
  },
  vehicleType: { column: sql`b.vehicle_type_id`, table: sql`vehicle_types`, name: sql`e.name`, manyRows: false },
  driver: {
    column: sql`b.driver_id`,
    table: sql`drivers`,
    name: sql`concat_ws(' ', e.first_name, e.last_name)`,
    manyRows: true,
  },
};

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type MeasureKey = (typeof measures)[number]['key'];

/**
 * A sort: its expression over the ranked rows (g: the measures it names, sh: shift seconds, o: offers)
 * and what it needs summed. Ranking sums only those: the other figures are summed for the page's rows.
 */
interface Sort {
  needs: MeasureKey[];
  by: (name: SQL) => SQL;
}

const z0 = (column: MeasureKey) => sql.raw(`coalesce(g.${column}, 0)`);
const sorts: Record<string, Sort> = {
  name: { needs: [], by: (name) => sql`lower(${name})` },
  bookings: { needs: ['bookings'], by: () => z0('bookings') },
  done: { needs: ['done'], by: () => z0('done') },
  lost: {
    needs: ['cancelled', 'no_show', 'rejected'],
    by: () => sql`${z0('cancelled')} + ${z0('no_show')} + ${z0('rejected')}`,
  },
  revenue: { needs: ['revenue'], by: () => z0('revenue') },
  averageFare: {
    needs: ['revenue', 'done', 'no_show'],
    by: () => sql`g.revenue::float8 / nullif(g.done + g.no_show, 0)`,
  },
  onTimePercent: { needs: ['on_time', 'arrivals'], by: () => sql`g.on_time::float8 / nullif(g.arrivals, 0)` },
  shiftHours: { needs: [], by: () => sql`coalesce(sh.seconds, 0)` },
  utilisationPercent: { needs: ['job_seconds'], by: () => sql`g.job_seconds / nullif(sh.seconds, 0)` },
  offerAcceptancePercent: { needs: [], by: () => sql`(o.offers - o.declines)::float8 / nullif(o.offers, 0)` },
  revenuePerShiftHour: { needs: ['revenue'], by: () => sql`g.revenue::float8 / nullif(sh.seconds, 0)` },
};

type Input = ReportFilter & Pick<ListParams, 'page' | 'perPage' | 'sortColumn' | 'sortType' | 'q'>;
type Row = Raw & {
  id: number;
  name: string;
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

/** What every step of one report shares: the filter made SQL. */
interface Plan {
  scope: Scope;
  d: DimensionSql;
  where: SQL;
  isDriver: boolean;
  withShifts: boolean;
  named: SQL;
  term: string;
}

/**
 * Rows ranked and paged in SQL. For the many-row reports (drivers, passengers) in three steps, so the
 * figures are summed once per row shown rather than once per row ranked: the rows ranked by the sort
 * alone (its own sums, the names, the count); the totals row summed over the bookings at the same time,
 * on another connection; then every figure of the rows on the page. A month of passengers is 20,000
 * rows of which a page shows 25 (docs/reports.md#the-per-row-reports).
 */
async function report<T>(ctx: Ctx, dimension: Dimension, input: Input, shapeRow: (r: Row) => T) {
  const scope = await scopeOf(ctx, input);
  const d = dimensions[dimension];
  const isDriver = dimension === 'driver';
  const term = input.q.trim();
  const plan: Plan = {
    scope,
    d,
    where: bookingWhere(scope),
    isDriver,
    withShifts: isDriver && shiftsApply(input),
    named: term ? sql`and ${d.name} ilike ${containing(term)}` : sql``,
    term,
  };
  const sort = sorts[input.sortColumn ?? 'revenue'];
  if (!sort) throw fieldError('sortColumn', `must be one of: ${Object.keys(sorts).join(', ')}`);
  const descending =
    (input.sortType ?? (input.sortColumn && input.sortColumn !== 'revenue' ? 'asc' : 'desc')) === 'desc';
  const rank = (limit: number, offset: number) => ranked(ctx, plan, sort, descending, limit, offset);
  const [first, totalsAhead] = await Promise.all([
    rank(ALL_DATA_LIMIT + 1, 0),
    d.manyRows ? totalsOf(ctx, plan) : null,
  ]);
  const count = first.count;
  // A one-pass ranking holding every row totals them itself.
  const totals = totalsAhead ?? (count <= first.rows.length ? addedUp(first.rows) : await totalsOf(ctx, plan));
  const rowsOf = async (r: Ranked, from: number, to: number) =>
    (d.manyRows ? await figuresOf(ctx, plan, r.ids.slice(from, to)) : r.rows.slice(from, to)).map(shapeRow);
  const { page, perPage } = input;
  let answer: { data: T[]; allData: T[]; total: number; count: number };
  if (count === 0) answer = { data: [], allData: [], total: 0, count };
  else if (perPage === 0) {
    const all = await rowsOf(first, 0, ALL_DATA_LIMIT);
    answer = { data: all, allData: all, total: 1, count };
  } else if (count <= ALL_DATA_LIMIT) {
    const all = await rowsOf(first, 0, count);
    answer = {
      data: all.slice(page * perPage, (page + 1) * perPage),
      allData: all,
      total: Math.ceil(count / perPage),
      count,
    };
  } else {
    // The first ranking holds the first 501 rows: a page inside them is not ranked again.
    const from = page * perPage;
    const data =
      from + perPage <= first.ids.length
        ? await rowsOf(first, from, from + perPage)
        : await rowsOf(await rank(perPage, from), 0, perPage);
    answer = { data, allData: data, total: Math.ceil(count / perPage), count };
  }
  return { ...answer, totals };
}

const noShifts = sql`select null::int as id, null::float8 as seconds where false`;
const noOffers = sql`select null::int as driver_id, 0 as offers, 0 as declines where false`;

const shiftsOf = (scope: Scope, extra: SQL = sql``) =>
  sql`select s.driver_id as id, sum(${shiftSeconds(scope)})::float8 as seconds from driver_shifts s where ${shiftWhere(scope)} ${extra} group by 1`;

/** The rows' ids in the sort's order from `offset` (with every figure for a one-pass report) and their count. */
interface Ranked {
  ids: number[];
  /** Every figure of the ranked rows; empty for a many-row report, whose page is summed afterwards. */
  rows: Row[];
  count: number;
}

async function ranked(
  ctx: Ctx,
  { scope, d, where, isDriver, withShifts, named }: Plan,
  sort: Sort,
  descending: boolean,
  limit: number,
  offset: number,
): Promise<Ranked> {
  const needs = measures.filter((m) => sort.needs.includes(m.key));
  const sums = !d.manyRows
    ? aggregates
    : needs.length
      ? sql.join(
          needs.map((m) => sql`${m.sum}::${sql.raw(m.cast)} as ${sql.identifier(m.key)}`),
          sql`, `,
        )
      : sql`0 as none`;
  const offersNeeded = isDriver && sort === sorts.offerAcceptancePercent;
  const direction = descending ? sql`desc` : sql`asc`;
  // A driver who only worked shifts is a row too (g full join sh); otherwise the grouped bookings are
  // the rows. Only a driver report names shifts and offers.
  const rowsFrom = withShifts
    ? sql`g full join sh on sh.id = g.id
      join ${d.table} e on e.company_id = ${scope.companyId} and e.id = coalesce(g.id, sh.id) ${named}
      left join o on o.driver_id = e.id`
    : isDriver
      ? sql`g join ${d.table} e on e.company_id = ${scope.companyId} and e.id = g.id ${named}
      left join sh on sh.id = g.id left join o on o.driver_id = g.id`
      : sql`g join ${d.table} e on e.company_id = ${scope.companyId} and e.id = g.id ${named}`;
  // A driver report is a many-row one: only clients and vehicle types are ranked with their figures.
  const columns = d.manyRows
    ? sql`e.id`
    : sql`g.*, e.id, ${d.name} as name, null::float8 as seconds, null::int as offers, null::int as declines`;
  const driverCtes = isDriver
    ? sql`, sh as (${withShifts ? shiftsOf(scope) : noShifts}),
      o as (${offersNeeded ? offerCounts(where, true) : noOffers})`
    : sql``;
  const found = await ctx.db.execute<Row & { full_count: number }>(sql`
    with g as (select ${d.column} as id, ${sums} from bookings b where ${where} and ${d.column} is not null group by 1)
    ${driverCtes}
    select ${columns}, count(*) over () as full_count
    from ${rowsFrom}
    order by ${sort.by(d.name)} ${direction} nulls last, e.id ${direction}
    limit ${limit} offset ${offset}`);
  return {
    ids: found.rows.map((r) => r.id),
    rows: d.manyRows ? [] : found.rows,
    count: Number(found.rows[0]?.full_count ?? 0),
  };
}

/** Every figure of the rows of these ids, in the order of the ids. */
async function figuresOf(ctx: Ctx, { scope, d, where, isDriver, withShifts }: Plan, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const these = idArray(ids);
  const found = await ctx.db.execute<Row>(sql`
    with g as (select ${d.column} as id, ${aggregates} from bookings b where ${where} and ${d.column} = any(${these}) group by 1),
    sh as (${withShifts ? shiftsOf(scope, sql`and s.driver_id = any(${these})`) : noShifts}),
    o as (${isDriver ? offerCounts(where, true, ids) : noOffers})
    select g.*, e.id, ${d.name} as name, sh.seconds, o.offers, o.declines
    from ${d.table} e left join g on g.id = e.id left join sh on sh.id = e.id left join o on o.driver_id = e.id
    where e.company_id = ${scope.companyId} and e.id = any(${these})`);
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const rawOf = (r: Row): Raw => (r.bookings === null ? emptyRaw : r);

function baseRow(r: Row) {
  const raw = rawOf(r);
  return { id: r.id, name: r.name, ...counts(raw), ...pickup(raw) };
}

/** The totals row of a one-pass report from its rows (clients and vehicle types: no shifts or offers). */
function addedUp(rows: Row[]) {
  const r = rows.map(rawOf).reduce(addRaw, emptyRaw);
  return { ...counts(r), ...pickup(r) };
}

/**
 * The table's totals row: every row of the report summed, from the bookings of its rows (a search
 * narrows it like the rows), with the driver's shift hours and offers.
 */
async function totalsOf(ctx: Ctx, plan: Plan) {
  const { scope, d, where, isDriver, withShifts, named, term } = plan;
  // Without a search every non-empty reference is a row of the report: no per-booking look-up.
  const entity = term
    ? sql`exists (select 1 from ${d.table} e where e.company_id = b.company_id and e.id = ${d.column} ${named})`
    : sql`${d.column} is not null`;
  const shiftEntity = term
    ? sql`and exists (select 1 from drivers e where e.company_id = s.company_id and e.id = s.driver_id ${named})`
    : sql``;
  const [r, seconds, offers] = await Promise.all([
    sumsOfRows(ctx, plan, entity),
    withShifts
      ? ctx.db.execute<{ seconds: number | null }>(
          sql`select sum(sh.seconds)::float8 as seconds from (${shiftsOf(scope, shiftEntity)}) sh`,
        )
      : null,
    isDriver
      ? ctx.db.execute<{ offers: number; declines: number }>(
          offerCounts(sql`${where} and ${entity}`, false, scope.input.driverID),
        )
      : null,
  ]);
  const base = { ...counts(r), ...pickup(r) };
  if (!isDriver) return base;
  const o = offers?.rows[0] ?? { offers: 0, declines: 0 };
  return {
    ...base,
    ...shiftKpis(r, withShifts ? Number(seconds?.rows[0]?.seconds ?? 0) : null),
    ...offerKpis(o.offers, o.declines),
    ...mileageKpis(r),
  };
}

/**
 * The measures summed over the bookings of the report's rows. On the rollup's keys and without a
 * search, the daily rollup's sums less the bookings without the entity (found by its index: an
 * unallocated job has no driver) answer without reading the period's bookings.
 */
async function sumsOfRows(ctx: Ctx, { scope, d, where, term }: Plan, entity: SQL): Promise<Raw> {
  if (!term && rollupServes(scope)) {
    const [days, without] = await Promise.all([
      rolledUpDays(ctx, scope),
      ctx.db.execute<Raw>(sql`select ${aggregates} from bookings b where ${where} and ${d.column} is null`),
    ]);
    if (days) return subtractRaw(days.reduce<Raw>(addRaw, emptyRaw), without.rows[0] ?? emptyRaw);
  }
  const found = await ctx.db.execute<Raw>(sql`select ${aggregates} from bookings b where ${where} and ${entity}`);
  return found.rows[0] ?? emptyRaw;
}

const subtractRaw = (a: Raw, b: Raw): Raw =>
  Object.fromEntries(measures.map((m) => [m.key, Number(a[m.key]) - Number(b[m.key])])) as Raw;
