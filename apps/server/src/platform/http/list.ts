import { and, asc, desc, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ListParams, ListResponse } from '@cabdesk/contract';
import { fieldError } from './errors';

/**
 * `allData` is the whole filtered, sorted set when it has at most this many rows; a larger set
 * answers its current page there instead (`count` always tells the size). A list call therefore
 * never ships more than this many rows, however large the table.
 */
export const ALL_DATA_LIMIT = 500;

/**
 * The whole set in `allData` of a list whose rows are dear to read (a booking line joins seven
 * tables and reads its stops): at most this many, so a page turn over a few hundred bookings
 * reads its page, not every row of the set (docs/api-conventions.md).
 */
export const HEAVY_ALL_DATA_LIMIT = 100;

/**
 * Runs a list the spec's way: page counts from 0, perPage 0 means no paging (bounded by
 * ALL_DATA_LIMIT), `total` is the page count. A set that fits the bound is read once and sliced;
 * `allDataLimit` lowers the bound for a list of heavy rows.
 */
export async function listPage<Row>(
  params: Pick<ListParams, 'page' | 'perPage'>,
  query: { rows: (limit: number, offset: number) => Promise<Row[]>; count: () => Promise<number> },
  allDataLimit = ALL_DATA_LIMIT,
): Promise<ListResponse<Row>> {
  const count = await query.count();
  const { page, perPage } = params;
  if (count === 0) return { data: [], allData: [], total: 0, count };
  if (perPage === 0) {
    const all = await query.rows(ALL_DATA_LIMIT, 0);
    return { data: all, allData: all, total: 1, count };
  }
  const total = Math.ceil(count / perPage);
  const offset = page * perPage;
  if (count <= allDataLimit) {
    const all = await query.rows(allDataLimit, 0);
    return { data: all.slice(offset, offset + perPage), allData: all, total, count };
  }
  const data = offset < count ? await query.rows(perPage, offset) : [];
  return { data, allData: data, total, count };
}

/**
 * ORDER BY from the list's sortColumn/sortType, limited to the columns the list allows. The row id
 * always breaks ties, so paging is stable.
 */
export function orderFrom<C extends Record<string, AnyColumn | SQL>>(
  params: { sortColumn?: string | undefined; sortType?: 'asc' | 'desc' | undefined },
  columns: C,
  fallback: { column: keyof C & string; type: 'asc' | 'desc' },
  tieBreaker: AnyColumn,
): SQL[] {
  const key = params.sortColumn ?? fallback.column;
  const column = columns[key];
  if (!column) {
    throw fieldError('sortColumn', `must be one of: ${Object.keys(columns).join(', ')}`);
  }
  const direction = params.sortType ?? (params.sortColumn ? 'asc' : fallback.type);
  const by = direction === 'desc' ? desc : asc;
  return [by(column), by(tieBreaker)];
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" over several columns; undefined when there is nothing to search. */
export function searchAny(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = containing(term);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/**
 * Case-insensitive search word by word, for what people look up by a few words (known places,
 * registers, passengers): every word typed is in one of the columns, in any order — "Heathrow
 * Terminal 5" finds "Heathrow Airport Terminal 5", "Passenger Pat" finds Pat Passenger.
 */
export function searchWords(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const words = q?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (!words.length) return undefined;
  return and(...words.map((word) => or(...columns.map((c) => ilike(c, containing(word))))));
}

/** Counted exactly up to here; beyond, PostgreSQL's estimate (see countRows). */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The size of a filtered set of a large table (bookings, positions): exact while it is at most
 * EXACT_COUNT_LIMIT rows, the planner's estimate beyond. Counting a year of a busy company's
 * bookings reads hundreds of thousands of index entries on every page turn, and nobody pages to
 * the end of "about 180,000 bookings" — they narrow the filter, which makes the count exact again.
 */
export async function countRows(
  db: Pick<Db, 'execute'>,
  from: SQL,
  where: SQL | undefined,
  limit = EXACT_COUNT_LIMIT,
): Promise<number> {
  const filter = where ? sql` where ${where}` : sql``;
  const [capped] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${from}${filter} limit ${limit + 1}) c`,
    )
  ).rows;
  const n = capped?.n ?? 0;
  if (n <= limit) return n;
  const [plan] = (
    await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      sql`explain (format json) select 1 from ${from}${filter}`,
    )
  ).rows;
  return Math.max(n, Math.round(plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? n));
}
