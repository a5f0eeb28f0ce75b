import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { companyFacts } from '../bookings/company';
import { driverJobEarnings } from './job-pay';
import { signedInDriverId, type Ctx } from './signed-in-driver';

type Period = z.output<typeof schemas.driverPeriodInput>;

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The driver's pay for done jobs (completed, no-show) picked up in a period, cut into the company's
 * calendar days: a job's pay as its approved statement has it, else as generation would pay it now
 * (the estimate part). earningsMinor = onStatementMinor + estimatedMinor, per day and in total.
 */
export async function driverEarnings(ctx: Ctx, period: Period) {
  const driverId = signedInDriverId(ctx);
  const facts = await companyFacts(ctx);
  const jobs = await driverJobEarnings(ctx, driverId, period, facts);
  const byDay = new Map<string, { jobs: number; onStatementMinor: number; estimatedMinor: number }>();
  for (const j of jobs) {
    const d = byDay.get(j.date) ?? { jobs: 0, onStatementMinor: 0, estimatedMinor: 0 };
    d.jobs += 1;
    if (j.estimated) d.estimatedMinor += j.payMinor;
    else d.onStatementMinor += j.payMinor;
    byDay.set(j.date, d);
  }
  const days = daysBetween(period.fromDate, period.toDate).map((date) => {
    const d = byDay.get(date);
    const onStatementMinor = d?.onStatementMinor ?? 0;
    const estimatedMinor = d?.estimatedMinor ?? 0;
    return {
      date,
      jobs: d?.jobs ?? 0,
      earningsMinor: onStatementMinor + estimatedMinor,
      onStatementMinor,
      estimatedMinor,
    };
  });
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + pick(d), 0);
  return {
    fromDate: period.fromDate,
    toDate: period.toDate,
    currency: facts.currency,
    jobs: sum((d) => d.jobs),
    totalMinor: sum((d) => d.earningsMinor),
    onStatementMinor: sum((d) => d.onStatementMinor),
    estimatedMinor: sum((d) => d.estimatedMinor),
    estimatedJobs: jobs.filter((j) => j.estimated).length,
    days,
  };
}
