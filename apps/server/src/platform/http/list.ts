import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListParams, ListResponse } from '@cabdesk/contract';
import { fieldError } from './errors';

/**
 * `allData` is the whole filtered, sorted set when it has at most this many rows; a larger set
 * answers its current page there instead (`count` always tells the size). A list call therefore
 * never ships more than this many rows, however large the table.
 */
export const ALL_DATA_LIMIT = 500;

/**
 * Runs a list the spec's way: page counts from 0, perPage 0 means no paging (bounded by
 * ALL_DATA_LIMIT), `total` is the page count. A set that fits the bound is read once and sliced.
 */
export async function listPage<Row>(
  params: Pick<ListParams, 'page' | 'perPage'>,
  query: { rows: (limit: number, offset: number) => Promise<Row[]>; count: () => Promise<number> },
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
  if (count <= ALL_DATA_LIMIT) {
    const all = await query.rows(ALL_DATA_LIMIT, 0);
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

/** Case-insensitive "contains" over several columns; undefined when there is nothing to search. */
export function searchAny(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}
