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
  private started = false;

  constructor(
    pool: pg.Pool,
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: JOBS_SCHEMA,
      // A job waits at most this long for a free worker before the poll finds it (send() wakes it at once).
      pollingIntervalSeconds: 2,
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
    await this.boss.start();
    for (const def of this.definitions.values()) {
      const retry = {
        retryLimit: def.retryLimit ?? 0,
        retryDelay: def.retryDelaySeconds ?? 0,
        retryBackoff: (def.retryLimit ?? 0) > 0,
      };
      await this.boss.createQueue(def.name, { name: def.name, ...retry });
      await this.boss.updateQueue(def.name, { name: def.name, ...retry });
      const workerId = await this.boss.work<object>(def.name, { batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await def.handler(job.data);
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

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
  }
}
