import { poster } from '../load';
import type { DriverPayGenerateSeed } from '../operations/seed-driver-pay-generate';
import type { BenchContext } from './context';

interface Run {
  id: number;
  status: string;
  driversTotal: number;
  driversDone: number;
  statementsMade: number;
  error: string | null;
}

/**
 * DrvrPayment/GeneratePayment for the seeded week (every driver of it: beyond 500 a run), timed from
 * the call until GetGeneratePaymentRun says the run is done (polled every 200 ms).
 */
export async function driverPayGenerate(ctx: BenchContext, seed: DriverPayGenerateSeed) {
  const post = poster(ctx.appUrl, ctx.officeToken);
  const started = performance.now();
  const made = await post('/DrvrPayment/GeneratePayment', { fromDate: seed.fromDate, toDate: seed.toDate });
  if (!made.ok) throw new Error(`GeneratePayment answered ${made.status}: ${JSON.stringify(made.json)}`);
  const answerMs = Math.round(performance.now() - started);
  let run = (made.json as { data: { run: Run | null } }).data.run;
  if (!run) throw new Error('GeneratePayment made the statements in the call: the scenario wants a run');
  while (run.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    const res = await post('/DrvrPayment/GetGeneratePaymentRun', { id: run.id });
    if (!res.ok) throw new Error(`GetGeneratePaymentRun answered ${res.status}`);
    run = (res.json as { data: Run }).data;
  }
  const totalMs = Math.round(performance.now() - started);
  return {
    drivers: run.driversTotal,
    driversDone: run.driversDone,
    jobs: seed.jobs,
    statementsMade: run.statementsMade,
    status: run.status,
    error: run.error,
    answerMs,
    totalMs,
    msPerDriver: Math.round((totalMs / Math.max(run.driversDone, 1)) * 10) / 10,
  };
}
