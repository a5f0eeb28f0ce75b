import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListParams, ListResponse } from '@cabdesk/contract';
import { fieldError } from './errors';

/** `allData` is the filtered, sorted set up to this many rows; `count` tells when it is cut short. */
export const ALL_DATA_LIMIT = 1000;

/**
 * Runs a list the spec's way: page counts from 0, perPage 0 means no paging (bounded the same way),
 * `total` is the page count. Small sets take one row query; large ones a page query plus a
 * bounded allData query.
 */
export async function listPage<Row>(
  params: Pick<ListParams, 'page' | 'perPage'>,
  query: { rows: (limit: number, offset: number) => Promise<Row[]>; count: () => Promise<number> },
): Promise<ListResponse<Row>> {
  const count = await query.count();
  const { page, perPage } = params;
  if (perPage === 0) {
    const all = count ? await query.rows(ALL_DATA_LIMIT, 0) : [];
    return { data: all, allData: all, total: count ? 1 : 0, count };
  }
  const total = Math.ceil(count / perPage);
  const offset = page * perPage;
  if (count === 0 || offset >= count) {
    const allData = count ? await query.rows(ALL_DATA_LIMIT, 0) : [];
    return { data: [], allData, total, count };
  }
  if (count <= ALL_DATA_LIMIT) {
    const all = await query.rows(ALL_DATA_LIMIT, 0);
    return { data: all.slice(offset, offset + perPage), allData: all, total, count };
  }
  const [data, allData] = await Promise.all([query.rows(perPage, offset), query.rows(ALL_DATA_LIMIT, 0)]);
  return { data, allData, total, count };
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
