import type { Services } from '../services';
import { startRounds } from './rounds';

/*
 * Long runs made after a call (invoice generation, driver-pay generation) keep their progress in a
 * table of runs and are worked on by a pg-boss job. A process killed in the middle leaves its run
 * `running`, and pg-boss would retry the job only once it expired (15 minutes). So the process
 * working on a run holds the run's advisory lock on a connection of its own, which dies with the
 * process, and every server looks at start and every RUN_RESUME_INTERVAL_MS for runs still running
 * that nobody holds and no job waits for, and queues them again. One mechanism for every kind of run.
 */

/** How often runs left running by a process that stopped are looked for (one look at start too). */
export const RUN_RESUME_INTERVAL_MS = 30_000;

/** What a job of a run carries at least. */
export interface RunJob {
  companyId: number;
  runId: number;
}

/** A kind of run that can be resumed. */
export interface ResumableRuns<J extends RunJob = RunJob> {
  /** For the logs: "invoice run". */
  label: string;
  /** The runs' table: `company_id`, `id`, `status` ('running' | 'done' | 'failed'), `finished_at`, `error`, `created_by`. */
  table: 'invoice_runs' | 'driver_pay_runs';
  /** The advisory lock's name is this prefix and the run's id. */
  lockPrefix: string;
  /** The pg-boss job that works on a run. */
  jobName: string;
  /**
   * The job to queue again for a stopped run (`stopped`: its job if pg-boss still has it), or the
   * reason it cannot go on: the run is then marked failed with it.
   */
  resume(
    run: { companyId: number; id: number; createdBy: number | null },
    stopped: J | undefined,
  ): J | { fail: string };
}

const lockName = (kind: Pick<ResumableRuns, 'lockPrefix'>, runId: number) => `${kind.lockPrefix}${runId}`;

/**
 * Runs `work` holding the run's lock on a connection of its own for as long as it works, so a second
 * job for the same run (a resumed run, a retry) leaves it alone while this process lives, and a
 * process killed outright releases it with its connection. Answers false when someone else holds it.
 */
export async function holdingRunLock(
  services: Services,
  kind: Pick<ResumableRuns, 'lockPrefix'>,
  companyId: number,
  runId: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const holder = await services.db.$client.connect();
  let broken: Error | undefined;
  try {
    const lock = await holder.query<{ held: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as held', [
      companyId,
      lockName(kind, runId),
    ]);
    if (!lock.rows[0]?.held) return false;
    try {
      await work();
    } finally {
      await holder
        .query('select pg_advisory_unlock($1, hashtext($2))', [companyId, lockName(kind, runId)])
        .catch((error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        });
    }
    return true;
  } finally {
    // A connection whose unlock failed is closed, which releases the lock with it.
    holder.release(broken);
  }
}

/**
 * Queues again the runs of a kind still running that no process holds and no job waits for; answers
 * how many were queued. The run goes on from where it stopped (what was made is not made again).
 */
export async function resumeStoppedRuns<J extends RunJob>(services: Services, kind: ResumableRuns<J>): Promise<number> {
  const jobs = await services.jobs.unfinished<J>(kind.jobName);
  const waiting = new Set(jobs.filter((j) => j.state !== 'active').map((j) => Number(j.data.runId)));
  const res = await services.db.$client.query<{ company_id: number; id: number; created_by: number | null }>(
    `select r.company_id, r.id, r.created_by from ${kind.table} r
      where r.status = 'running'
        and not exists (select 1 from pg_locks l
          where l.locktype = 'advisory' and l.granted and l.objsubid = 2
            and l.database = (select oid from pg_database where datname = current_database())
            and l.classid = r.company_id::oid and l.objid = hashtext($1 || r.id)::oid)
      order by r.id`,
    [kind.lockPrefix],
  );
  let queued = 0;
  for (const row of res.rows) {
    const runId = Number(row.id);
    if (waiting.has(runId)) continue;
    const companyId = Number(row.company_id);
    const stopped = jobs.find((j) => Number(j.data.runId) === runId)?.data;
    const next = kind.resume({ companyId, id: runId, createdBy: row.created_by }, stopped);
    if ('fail' in next) {
      await services.db.$client.query(
        `update ${kind.table} set status = 'failed', finished_at = now(), error = $3
          where company_id = $1 and id = $2 and status = 'running'`,
        [companyId, runId, next.fail],
      );
      continue;
    }
    if (await services.jobs.send(kind.jobName, next)) queued++;
    services.log.warn({ runId }, `resumed a ${kind.label} left running by a stopped process`);
  }
  return queued;
}

/** Looks for stopped runs of every kind at start and every `intervalMs`; answers the stop function. */
export function startRunResume(
  services: Services,
  kinds: readonly ResumableRuns[],
  intervalMs = RUN_RESUME_INTERVAL_MS,
): () => Promise<void> {
  const round = async () => {
    for (const kind of kinds) {
      await resumeStoppedRuns(services, kind).catch((error: unknown) =>
        services.log.error({ err: error }, `${kind.label} resume failed`),
      );
    }
  };
  const first = round();
  const stop = startRounds(services, 'run resume', round, intervalMs);
  return async () => {
    await first;
    await stop();
  };
}
