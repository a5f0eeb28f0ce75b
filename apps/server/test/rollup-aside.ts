import { sql } from 'drizzle-orm';
import type { RootDb } from '../src/platform/db/client';

/**
 * What a call answers from the bookings alone: the company's rollups are set aside (their fill
 * record taken away) for that one call and put back after it.
 */
export async function asideFromRollup<T>(db: RootDb, companyId: number, read: () => Promise<T>): Promise<T> {
  const [kept] = await db
    .execute<{ timezone: string }>(sql`delete from report_rollups where company_id = ${companyId} returning timezone`)
    .then((r) => r.rows);
  try {
    return await read();
  } finally {
    if (kept) {
      await db.execute(
        sql`insert into report_rollups (company_id, timezone) values (${companyId}, ${kept.timezone}) on conflict do nothing`,
      );
    }
  }
}

/** The company days noted as changed and not summed again yet. */
export const changesNoted = async (db: RootDb, companyId: number) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from report_day_changes where company_id = ${companyId}`,
    )
  ).rows[0]?.n ?? 0;
