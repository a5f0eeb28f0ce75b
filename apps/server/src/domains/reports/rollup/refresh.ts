import { sql } from 'drizzle-orm';
import type { Db, RootDb } from '../../../platform/db/client';
import type { DayRollup } from './day-rollup';
import { dayRollups } from './rollups';

/** The advisory lock one refresh at a time holds (two refreshers of one day would both insert it). */
const REFRESH_LOCK = sql`pg_try_advisory_xact_lock(hashtext('cabdesk:report-rollups'))`;

/** Changed days taken per transaction of `refreshChangedDays`. */
export const CHANGES_PER_PASS = 5_000;

const tableOf = (rollup: DayRollup) => sql.identifier(rollup.table);
const columnsOf = (rollup: DayRollup) => sql.raw(rollup.columns.join(', '));

/** A company whose rollup is missing or was made on another clock than the company's today. */
async function staleCompanies(db: Db): Promise<{ id: number; timezone: string }[]> {
  const found = await db.execute<{ id: number; timezone: string }>(sql`
    select c.id, c.timezone from companies c
    left join report_rollups r on r.company_id = c.id
    where r.company_id is null or r.timezone <> c.timezone
    order by c.id`);
  return found.rows;
}

/**
 * Work inside one REPEATABLE READ transaction under the refresh lock: the change rows it reads and
 * the bookings it sums are one snapshot, so a change committed after it stays in the log for the
 * next pass. Answers false when another process is refreshing.
 */
async function underLock(db: RootDb, work: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      const locked = await tx.execute<{ locked: boolean }>(sql`select ${REFRESH_LOCK} as locked`);
      if (!locked.rows[0]?.locked) return false;
      // A year of bookings is summed in one statement when a company is filled.
      await tx.execute(sql`set local statement_timeout = '15min'`);
      await work(tx);
      return true;
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * Fills the rollup of every company that has none or whose time zone changed, from all its bookings.
 * The company's changes seen by this snapshot are taken away with it; later ones stay in the log.
 */
export async function fillStaleRollups(db: RootDb): Promise<number> {
  let filled = 0;
  for (const company of await staleCompanies(db)) {
    const done = await underLock(db, async (tx) => {
      const tz = await tx.execute<{ timezone: string }>(sql`select timezone from companies where id = ${company.id}`);
      const timezone = tz.rows[0]?.timezone ?? company.timezone;
      for (const rollup of dayRollups) {
        await tx.execute(sql`delete from ${tableOf(rollup)} where company_id = ${company.id}`);
        await tx.execute(
          sql`insert into ${tableOf(rollup)} (${columnsOf(rollup)}) ${rollup.sumsOf(sql`${company.id}::int`, sql`true`, sql`${timezone}::text`)}`,
        );
      }
      await tx.execute(sql`delete from report_day_changes where company_id = ${company.id}`);
      await tx.execute(sql`
        insert into report_rollups (company_id, timezone) values (${company.id}, ${timezone})
        on conflict (company_id) do update set timezone = excluded.timezone`);
    });
    if (!done) break;
    filled += 1;
  }
  return filled;
}

/**
 * Recomputes the days noted in the change log, oldest notes first, up to `limit` notes: each day is
 * summed again whole from its bookings. Notes of a company without a current rollup are dropped (its
 * fill reads every booking anyway). Answers how many notes it took away.
 */
export async function refreshChangedDays(db: RootDb, limit = CHANGES_PER_PASS): Promise<number> {
  let taken = 0;
  await underLock(db, async (tx) => {
    const notes = await tx.execute<{ id: number }>(sql`select id from report_day_changes order by id limit ${limit}`);
    if (!notes.rows.length) return;
    const ids = notes.rows.map((r) => r.id);
    const idList = sql`(select unnest(${sql.param(ids)}::bigint[]))`;
    // The distinct days of those notes, for companies whose rollup is on their current clock.
    const days = sql`
      select distinct n.company_id, n.day, c.timezone
      from report_day_changes n
      join companies c on c.id = n.company_id
      join report_rollups r on r.company_id = n.company_id and r.timezone = c.timezone
      where n.id in ${idList}`;
    for (const rollup of dayRollups) {
      await tx.execute(sql`
        delete from ${tableOf(rollup)} d using (${days}) x where d.company_id = x.company_id and d.day = x.day`);
      await tx.execute(sql`
        insert into ${tableOf(rollup)} (${columnsOf(rollup)})
        select s.* from (${days}) x
        cross join lateral (${rollup.sumsOf(
          sql`x.company_id`,
          sql`b.pickup_at >= (x.day::timestamp at time zone x.timezone)
            and b.pickup_at < ((x.day + 1)::timestamp at time zone x.timezone)`,
          sql`x.timezone`,
        )}) s`);
    }
    await tx.execute(sql`delete from report_day_changes where id in ${idList}`);
    taken = ids.length;
  });
  return taken;
}

/** Brings every rollup up to date: fills the stale ones, then drains the change log. */
export async function refreshRollups(db: RootDb): Promise<{ filled: number; refreshed: number }> {
  const filled = await fillStaleRollups(db);
  let refreshed = 0;
  for (;;) {
    const taken = await refreshChangedDays(db);
    refreshed += taken;
    if (taken < CHANGES_PER_PASS) break;
  }
  return { filled, refreshed };
}
