import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RootDb } from './db/client';
import { JOBS_SCHEMA } from './jobs/queue';

/** What /metrics reads when it is asked, not kept up to date by the code that changes it. */
export interface MetricSources {
  db: RootDb;
  /** Open live sockets of this process. */
  sockets: () => number;
}

/**
 * The figures /metrics serves in the Prometheus text format. One registry per app (tests build many
 * apps in one process; a shared registry would mix them). Counts are per process: Prometheus adds the
 * processes up.
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: MetricSources | null = null;

  readonly requests = new Counter({
    name: 'cabdesk_http_requests_total',
    help: 'Answered HTTP requests by call (the route) and status',
    labelNames: ['call', 'status'] as const,
    registers: [this.registry],
  });

  readonly duration = new Histogram({
    name: 'cabdesk_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by call',
    labelNames: ['call'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly errors = new Counter({
    name: 'cabdesk_http_errors_total',
    help: 'Answers with a 4xx or 5xx status, by status',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly positions = new Counter({
    name: 'cabdesk_positions_stored_total',
    help: "Drivers' positions stored (rate() gives positions per second)",
    registers: [this.registry],
  });

  readonly offerTimeouts = new Counter({
    name: 'cabdesk_offer_timeouts_total',
    help: 'Offers sent back to dispatch because the driver did not answer in time',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'cabdesk_' });
    const sources = () => this.sources;
    new Gauge({
      name: 'cabdesk_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting = requests waiting for one)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources()?.db.$client;
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'cabdesk_websocket_connections',
      help: 'Open live sockets (office screens and driver apps) of this process',
      registers: [this.registry],
      collect() {
        const s = sources();
        if (s) this.set(s.sockets());
      },
    });
    new Gauge({
      name: 'cabdesk_job_queue_depth',
      help: 'Jobs waiting to run (created or waiting to retry), by queue; shared by every process',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const db = sources()?.db;
        if (!db) return;
        this.reset();
        const { rows } = await db.$client.query<{ name: string; waiting: string }>(
          `select name, count(*) as waiting from ${JOBS_SCHEMA}.job where state in ('created', 'retry') group by name`,
        );
        for (const row of rows) this.set({ queue: row.name }, Number(row.waiting));
      },
    });
  }

  /** Called once the parts it reads exist (the hub is made after the services). */
  readFrom(sources: MetricSources): void {
    this.sources = sources;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
