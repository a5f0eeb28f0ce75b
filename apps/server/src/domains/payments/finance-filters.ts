import { sql, type SQL } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';

type Ctx = CallContext<Session>;

/** The start of a company calendar day as an instant, so a time index serves the range. */
export const dayStart = (day: string, tz: string) => sql`((${day}::date)::timestamp at time zone ${tz})`;
export const dayAfter = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

/** A from–to pair of company days on a time column; a range that ends before it starts names toDate. */
export function dayRange(
  column: SQL,
  input: { fromDate?: string | undefined; toDate?: string | undefined },
  tz: string,
): SQL[] {
  if (input.fromDate && input.toDate && input.toDate < input.fromDate) {
    throw fieldError('toDate', 'must not be before fromDate');
  }
  return [
    ...(input.fromDate ? [sql`${column} >= ${dayStart(input.fromDate, tz)}`] : []),
    ...(input.toDate ? [sql`${column} < ${dayAfter(input.toDate, tz)}`] : []),
  ];
}

export const joinAnd = (parts: SQL[]): SQL => sql.join(parts, sql` and `);

/**
 * ORDER BY from a fixed map of sort columns (the contract has already checked the name). No NULLS
 * LAST: it would stop the pick-up index from giving a page in order without sorting the whole set.
 */
export function orderBy(
  input: { sortColumn?: string | undefined; sortType?: 'asc' | 'desc' | undefined },
  columns: Record<string, SQL>,
  fallback: string,
  tieBreaker: SQL,
): SQL {
  const key = input.sortColumn ?? fallback;
  const column = columns[key];
  if (!column) throw fieldError('sortColumn', `must be one of: ${Object.keys(columns).join(', ')}`);
  const direction = (input.sortType ?? (input.sortColumn ? 'asc' : 'desc')) === 'desc' ? sql`desc` : sql`asc`;
  return sql`${column} ${direction}, ${tieBreaker} ${direction}`;
}

/** A bigint sum from PostgreSQL (a string on the wire) as a number of minor units. */
export const minor = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export const cardLabel = (brand: string | null, last4: string | null) =>
  last4 ? `${brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card'} •••• ${last4}` : null;

export type { Ctx };
