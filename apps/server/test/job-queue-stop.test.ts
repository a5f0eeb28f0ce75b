import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../src/platform/jobs/queue';
import { createLogger } from '../src/platform/logger';
import { createTestApp } from './harness';

/** A queue with one handler that takes `ms`, started, with one job taken by the handler. */
async function queueWithSlowJob(pool: pg.Pool, ms: number, stopWaitMs?: number) {
  const queue = new JobQueue(pool, createLogger('silent'), stopWaitMs);
  const done: number[] = [];
  let taken!: () => void;
  const running = new Promise<void>((resolve) => (taken = resolve));
  queue.define<{ n: number }>({
    name: 'test-slow',
    handler: async ({ n }) => {
      taken();
      await new Promise((r) => setTimeout(r, ms));
      await pool.query('select 1');
      done.push(n);
    },
  });
  await queue.start();
  await queue.send('test-slow', { n: 1 });
  await running;
  return { queue, done };
}

describe('stopping the job queue', () => {
  it('waits for the running handler and records its job as completed', async () => {
    const { db } = await createTestApp();
    const { queue, done } = await queueWithSlowJob(db.$client, 1500);
    await queue.stop();
    expect(done).toEqual([1]);
    const state = await db.$client.query<{ state: string }>(
      `select state::text from pgboss.job where name = 'test-slow'`,
    );
    expect(state.rows.map((r) => r.state)).toEqual(['completed']);
  });

  it.each([
    { handlerMs: 1500, finishesBeforeStopReturns: true },
    { handlerMs: 2600, finishesBeforeStopReturns: false },
  ])(
    'with a 1 s wait and a $handlerMs ms handler, closing the pool after stop leaves nothing rejected',
    async ({ handlerMs, finishesBeforeStopReturns }) => {
      const { databaseUrl } = await createTestApp();
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
      const rejected: unknown[] = [];
      const onRejection = (reason: unknown) => rejected.push(reason);
      process.on('unhandledRejection', onRejection);
      try {
        const { queue, done } = await queueWithSlowJob(pool, handlerMs, 1000);
        await queue.stop();
        expect(done).toEqual(finishesBeforeStopReturns ? [1] : []);
        await pool.end();
        await new Promise((r) => setTimeout(r, handlerMs));
        expect(rejected).toEqual([]);
      } finally {
        process.off('unhandledRejection', onRejection);
      }
    },
  );
});
