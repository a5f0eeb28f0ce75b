import type { SQL } from 'drizzle-orm';

/**
 * A table of sums per company day of pick-up, kept by the one fill-and-refresh mechanism of
 * `refresh.ts` on the one change log (docs/reports.md#daily-rollups): the reports' and the
 * client profitability's. A day is always recomputed whole, by the same SQL a report runs live
 * for a day changed since.
 */
export interface DayRollup {
  table: string;
  /** Its columns, in the order `sumsOf` answers them (company_id and day first). */
  columns: readonly string[];
  /** Its rows for the bookings b of `company` (a value or an outer column) that `where` keeps, days on `timezone`. */
  sumsOf: (company: SQL, where: SQL, timezone: SQL) => SQL;
}
