import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from '../logger';

/** One kind of job: its handler, how it is retried and, for periodic work, its cron schedule. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T) => Promise<void>;
  /** Further tries after the first failure; each waits longer than the last (backoff). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Five-field cron (UTC): the job is sent on that schedule, once for every process sharing the database. */
  cron?: string;
  /**
   * How long a taken job may run before it counts as dead and is tried again (pg-boss: 15 minutes). A
   * job whose process was killed stays taken until then: short work (a message) sets it short.
   */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** A job with the same key still waiting is not queued twice. */
  singletonKey?: string;
}

/** pg-boss keeps its tables in this schema of the product's own database. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Background jobs on the product's own PostgreSQL (pg-boss, through the app's pool): side effects such
 * as mail and text messages run here, never inside a request. Work is defined before start().
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly workers = new Map<string, string>();
  /** What the queue has under way on the pool: handlers running and pg-boss's own statements. */
  private readonly underWay = new Set<Promise<unknown>>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    /** How long stopping waits for work under way (the longest handler, such as a document run's step). */
    private readonly stopWaitMs = 30_000,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.execute(text, values) },
      schema: JOBS_SCHEMA,
      // A job waits at most this long for a free worker before the poll finds it (send() wakes it at once).
      pollingIntervalSeconds: 2,
      // Expired jobs (their process died) are tried again at the next maintenance: every 30 s, not 2 min.
      maintenanceIntervalSeconds: 30,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`Job ${definition.name} must be defined before the queue starts`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  get isStarted(): boolean {
    return this.started;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.stopped = false;
    await this.boss.start();
    for (const def of this.definitions.values()) {
      const retry = {
        retryLimit: def.retryLimit ?? 0,
        retryDelay: def.retryDelaySeconds ?? 0,
        retryBackoff: (def.retryLimit ?? 0) > 0,
        ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
      };
      await this.boss.createQueue(def.name, { name: def.name, ...retry });
      await this.boss.updateQueue(def.name, { name: def.name, ...retry });
      const workerId = await this.boss.work<object>(def.name, { batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await this.track(def.handler(job.data));
      });
      this.workers.set(def.name, workerId);
      if (def.cron) await this.boss.schedule(def.name, def.cron);
    }
    this.started = true;
  }

  /**
   * Queues a job. Before start (or after stop) nothing is sent: callers keep a durable record of
   * their own (the outbox) that a periodic sweep queues again.
   */
  async send(name: string, data: object, options: SendOptions = {}): Promise<boolean> {
    if (!this.started) return false;
    const id = await this.boss.send(name, data, options.singletonKey ? { singletonKey: options.singletonKey } : {});
    const workerId = this.workers.get(name);
    // The worker in this process need not wait for its next poll.
    if (workerId) this.boss.notifyWorker(workerId);
    return id !== null;
  }

  /**
   * The jobs of `name` not finished yet — queued, waiting to retry, or taken by a worker (which may
   * have died with its process) — with their data, read from pg-boss's table: a sweep that queues
   * work again asks first whether it is queued already.
   */
  async unfinished<T extends object>(name: string): Promise<{ state: 'created' | 'retry' | 'active'; data: T }[]> {
    const res = await this.pool.query<{ state: 'created' | 'retry' | 'active'; data: T }>(
      `select state::text as state, data from ${JOBS_SCHEMA}.job
        where name = $1 and state in ('created', 'retry', 'active') order by created_on`,
      [name],
    );
    return res.rows;
  }

  /**
   * Stops taking work and returns once nothing of the queue is under way on the pool any more (at most
   * stopWaitMs, then a little longer for what already ran past it), so the pool can be closed after it: pg-boss records a finished job without awaiting
   * the statement, and a statement refused by a closed pool would surface as an unhandled rejection.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: this.stopWaitMs, close: false });
    const deadline = Date.now() + this.stopWaitMs;
    // pg-boss records a handler's end a few ticks after the handler returns: look again after a turn.
    while ((await settledTurn()) && this.underWay.size && Date.now() < deadline) {
      await Promise.race([Promise.allSettled([...this.underWay]), delay(deadline - Date.now())]);
    }
    this.stopped = true;
  }

  private execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (this.stopped) {
      // Only a handler that outlived stop() gets here, and the pool may be closed: the statement is
      // dropped and never answers (a refusal would be unawaited in pg-boss). Its job is taken again
      // after it expires.
      this.log.warn({ statement: text.slice(0, 60) }, 'job queue statement after stop: dropped');
      return new Promise(() => undefined);
    }
    return this.track(this.pool.query(text, values));
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.underWay.add(work);
    const settled = () => this.underWay.delete(work);
    work.then(settled, settled);
    return work;
  }
}

const settledTurn = () => new Promise<true>((resolve) => setImmediate(() => resolve(true)));

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
