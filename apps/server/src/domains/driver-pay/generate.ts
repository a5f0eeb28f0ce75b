import { and, eq, inArray, sql } from 'drizzle-orm';
import { bonusFor, deductionsFor } from '@cabdesk/pay-engine';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { holdingRunLock, resumeStoppedRuns as resumeRuns, type ResumableRuns } from '../../platform/jobs/run-resume';
import type { Services } from '../../platform/services';
import { companyFacts } from '../company/facts';
import { systemContext } from '../dispatch/offer-expiry';
import { drivers } from '../drivers/schema';
import { addExpenseLines, releaseExpenses } from './expenses';
import { handWorkOn, putAdjustmentsBack } from './hand-work';
import { driverJobs, driverModels, JobPayer, onNoStatement, type PeriodInput } from './jobs';
import { driverPayRuns, driverStatementJobs, driverStatementLines, driverStatements } from './schema';
import { resetTotals } from './totals';

type Ctx = CallContext<Session>;

/*
 * Generating a period (docs/driver-pay.md#statements-and-calls): driver by driver, each under a
 * lock of its own. The period's statements not yet approved are made again; approved ones are never
 * touched: a job on one whose pay now differs gets a correction line on the new statement, so a job
 * is never paid twice and a change of pay is paid as its difference.
 */

const paidStatuses = sql`('approved', 'settled')`;

const daysOf = (p: PeriodInput) =>
  Math.round((Date.parse(`${p.toDate}T00:00:00Z`) - Date.parse(`${p.fromDate}T00:00:00Z`)) / 86_400_000) + 1;

/** The end of the period's last day as an instant (for the rules in force over the period). */
const periodEnd = (p: PeriodInput) => new Date(Date.parse(`${p.toDate}T23:59:59Z`));

/** Drivers with done, validated jobs of the period not on an approved statement, or on one (a correction may be due). */
export async function driversToPay(ctx: Ctx, period: PeriodInput, tz: string, only?: number[]): Promise<number[]> {
  const jobs = await driverJobs(
    ctx,
    period,
    tz,
    only?.length
      ? sql`b.driver_id in (${sql.join(
          only.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`true`,
  );
  return [...new Set(jobs.map((j) => j.driverId))];
}

async function ensureDrivers(ctx: Ctx, ids: number[]): Promise<void> {
  const found = await ctx.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), inArray(drivers.id, ids)));
  const known = new Set(found.map((d) => d.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw fieldError(`driverIDs.${index}`, `driver ${ids[index]} was not found`);
}

/** Removes statements not yet approved, with their jobs and lines (their jobs may be paid again). */
export async function removeStatements(ctx: Ctx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const companyId = ctx.session.companyId;
  await releaseExpenses(ctx, ids);
  await ctx.db
    .delete(driverStatementJobs)
    .where(and(eq(driverStatementJobs.companyId, companyId), inArray(driverStatementJobs.statementId, ids)));
  await ctx.db
    .delete(driverStatementLines)
    .where(and(eq(driverStatementLines.companyId, companyId), inArray(driverStatementLines.statementId, ids)));
  await ctx.db
    .delete(driverStatements)
    .where(and(eq(driverStatements.companyId, companyId), inArray(driverStatements.id, ids)));
}

export interface DriverOutcome {
  statementId: number | null;
  replaced: number;
}

/** One driver's statement of the period, in the caller's transaction. */
export async function generateForDriver(
  ctx: Ctx,
  period: PeriodInput,
  driverId: number,
  payer: JobPayer,
  facts: { timezone: string; currency: string },
): Promise<DriverOutcome> {
  const companyId = ctx.session.companyId;
  await ctx.db.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext(${`driver-pay:${driverId}`}))`);
  // The driver's statements of the period: those not yet approved are made again; an approved one
  // means bonuses and deductions were taken already.
  const ofPeriod = await ctx.db
    .select({ id: driverStatements.id, status: driverStatements.status })
    .from(driverStatements)
    .where(
      and(
        eq(driverStatements.companyId, companyId),
        eq(driverStatements.driverId, driverId),
        eq(driverStatements.periodFrom, period.fromDate),
        eq(driverStatements.periodTo, period.toDate),
      ),
    );
  const open = ofPeriod.filter((s) => s.status === 'generated' || s.status === 'attention');
  const approvedOfPeriod = ofPeriod.some((s) => s.status === 'approved' || s.status === 'settled');
  const handWork = await handWorkOn(
    ctx,
    open.map((s) => s.id),
  );
  await removeStatements(
    ctx,
    open.map((s) => s.id),
  );
  const modelId = (await driverModels(ctx, [driverId])).get(driverId) ?? null;
  const fresh = await driverJobs(ctx, period, facts.timezone, sql`b.driver_id = ${driverId} and ${onNoStatement}`);
  const paidBefore = await driverJobs(
    ctx,
    period,
    facts.timezone,
    sql`b.driver_id = ${driverId} and exists (select 1 from driver_statement_jobs j
      join driver_statements s on s.company_id = j.company_id and s.id = j.statement_id
      where j.company_id = b.company_id and j.booking_id = b.id and s.status in ${paidStatuses})`,
  );
  const paid = await Promise.all(fresh.map((job) => payer.pay(job, modelId)));
  const corrections = await correctionsFor(ctx, paidBefore, payer, modelId);
  if (!paid.length && !corrections.length && !handWork.adjustments.length) {
    return { statementId: null, replaced: open.length };
  }

  // Bonuses and deductions belong to the period once: not again beside an approved statement of it.
  let bonusItems: Record<string, unknown>[] = [];
  let deductionItems: Record<string, unknown>[] = [];
  const rules = modelId !== null && !approvedOfPeriod ? await payer.rulesAt(modelId, periodEnd(period)) : null;
  if (rules && paid.length) {
    const earnings = paid.reduce((t, p) => t + p.pay, 0);
    bonusItems = bonusFor(rules.rules.bonuses ?? [], { jobs: paid.length, earnings }, { currency: facts.currency })
      .filter((b) => b.amount !== 0)
      .map((b) => ({ ...b }));
    const weeks = Math.round((daysOf(period) / 7) * 10_000) / 10_000;
    const droveCompanyCar = paid.some((p) => p.job.vehicleId !== null && !p.job.ownCar);
    deductionItems = deductionsFor(
      rules.rules.deductions ?? [],
      { weeks, droveCompanyCar },
      { currency: facts.currency },
    )
      .filter((d) => d.amount !== 0)
      .map((d) => ({ ...d }));
  }

  const [statement] = await ctx.db
    .insert(driverStatements)
    .values({
      companyId,
      driverId,
      periodFrom: period.fromDate,
      periodTo: period.toDate,
      bonusItems,
      deductionItems,
      createdBy: ctx.session.userId || null,
    })
    .returning({ id: driverStatements.id });
  const statementId = statement!.id;
  if (paid.length) {
    await ctx.db.insert(driverStatementJobs).values(
      paid.map((p) => {
        const byHand = handWork.jobPay.get(p.job.bookingId);
        return {
          companyId,
          statementId,
          bookingId: p.job.bookingId,
          fareMinor: p.job.fare,
          paymentMethod: p.job.paymentMethod,
          payMinor: byHand?.payMinor ?? p.pay,
          modelId: p.modelId,
          modelVersion: p.version,
          breakdown: p.breakdown ? { ...p.breakdown } : null,
          correctionReason: byHand?.reason ?? null,
        };
      }),
    );
  }
  if (corrections.length) {
    await ctx.db.insert(driverStatementLines).values(
      corrections.map((c) => ({
        companyId,
        statementId,
        kind: 'correction' as const,
        amountMinor: c.amount,
        bookingId: c.bookingId,
        reason: `Job ${c.bookingId} paid ${c.before} before; its pay is now ${c.now}`,
        createdBy: ctx.session.userId || null,
      })),
    );
  }
  await putAdjustmentsBack(ctx, statementId, handWork);
  await addExpenseLines(ctx, driverId, statementId, periodEnd(period));
  await resetTotals(ctx, statementId);
  return { statementId, replaced: open.length };
}

/** Jobs on approved statements whose pay now differs from what was paid for them (with corrections). */
async function correctionsFor(
  ctx: Ctx,
  jobs: Awaited<ReturnType<typeof driverJobs>>,
  payer: JobPayer,
  modelId: number | null,
) {
  if (!jobs.length) return [];
  const ids = jobs.map((j) => j.bookingId);
  const res = await ctx.db.execute<{ booking_id: number; paid: string }>(sql`
    select x.booking_id, sum(x.amount)::bigint as paid from (
      select j.booking_id, j.pay_minor as amount from driver_statement_jobs j
        join driver_statements s on s.company_id = j.company_id and s.id = j.statement_id
        where j.company_id = ${ctx.session.companyId} and s.status in ${paidStatuses}
      union all
      select l.booking_id, l.amount_minor from driver_statement_lines l
        join driver_statements s on s.company_id = l.company_id and s.id = l.statement_id
        where l.company_id = ${ctx.session.companyId} and l.kind = 'correction' and s.status in ${paidStatuses}
    ) x where x.booking_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) group by x.booking_id`);
  const paidSoFar = new Map(res.rows.map((r) => [Number(r.booking_id), Number(r.paid)]));
  const out: { bookingId: number; amount: number; before: number; now: number }[] = [];
  for (const job of jobs) {
    const now = (await payer.pay(job, modelId)).pay;
    const before = paidSoFar.get(job.bookingId) ?? 0;
    if (now !== before) out.push({ bookingId: job.bookingId, amount: now - before, before, now });
  }
  return out;
}

/** Up to this many drivers are made in the call; more in a run after it. */
export const GENERATE_IN_CALL_LIMIT = 500;
export const DRIVER_PAY_GENERATION_JOB = 'driver-pay-generate';

type Run = typeof driverPayRuns.$inferSelect;

export interface Generated {
  made: number[];
  replaced: number;
  run: Run | null;
}

const nothingToPay = (input: PeriodInput & { driverIDs?: number[] | undefined }) =>
  conflict(
    `There are no validated jobs to pay from ${input.fromDate} to ${input.toDate}${
      input.driverIDs?.length ? ' for these drivers' : ''
    }: nothing was made.`,
  );

/**
 * DrvrPayment/GeneratePayment: every driver of the period (or those named), one after another in
 * the call's transaction (whole statements or none); beyond `inCallLimit` drivers, a run queued
 * after the commit makes them, each driver in its own transaction.
 */
export async function generatePeriod(
  ctx: Ctx,
  input: PeriodInput & { driverIDs?: number[] | undefined },
  inCallLimit = GENERATE_IN_CALL_LIMIT,
): Promise<Generated> {
  const facts = await companyFacts(ctx);
  if (input.driverIDs?.length) await ensureDrivers(ctx, input.driverIDs);
  const driverIds = await driversToPay(ctx, input, facts.timezone, input.driverIDs);
  if (!driverIds.length) throw nothingToPay(input);
  if (driverIds.length > inCallLimit) return { made: [], replaced: 0, run: await startRun(ctx, input, driverIds) };
  const payer = new JobPayer(ctx, { timeZone: facts.timezone, currency: facts.currency });
  const made: number[] = [];
  let replaced = 0;
  for (const driverId of driverIds) {
    const outcome = await generateForDriver(ctx, input, driverId, payer, facts);
    replaced += outcome.replaced;
    if (outcome.statementId !== null) made.push(outcome.statementId);
  }
  if (!made.length) throw nothingToPay(input);
  return { made, replaced, run: null };
}

async function startRun(ctx: Ctx, input: PeriodInput, driverIds: number[]): Promise<Run> {
  const [run] = await ctx.db
    .insert(driverPayRuns)
    .values({
      companyId: ctx.session.companyId,
      periodFrom: input.fromDate,
      periodTo: input.toDate,
      driverIds,
      createdBy: ctx.session.userId || null,
    })
    .returning();
  const made = run as Run;
  const { companyId } = ctx.session;
  ctx.afterCommit(async () => {
    await ctx.services.jobs.send(
      DRIVER_PAY_GENERATION_JOB,
      { companyId, runId: made.id },
      { singletonKey: `${companyId}:${made.id}` },
    );
  });
  return made;
}

interface GenerationJob {
  companyId: number;
  runId: number;
}

/**
 * Driver-pay runs for the shared resume (platform/jobs/run-resume.ts): a run knows its drivers and
 * how many are done, so a stopped one always goes on from the next driver.
 */
export const driverPayRunKind: ResumableRuns<GenerationJob> = {
  label: 'driver pay run',
  table: 'driver_pay_runs',
  lockPrefix: 'driver-pay-run:',
  jobName: DRIVER_PAY_GENERATION_JOB,
  resume: (run) => ({ companyId: run.companyId, runId: run.id }),
};

/** Queues again the driver-pay runs a stopped process left; answers how many. */
export const resumeStoppedRuns = (services: Services) => resumeRuns(services, driverPayRunKind);

/**
 * The run's work (the job's body), under the run's lock: a second job for a run someone works on
 * does nothing, and a killed process's run is resumed by another.
 */
export async function runGeneration(services: Services, companyId: number, runId: number): Promise<void> {
  await holdingRunLock(services, driverPayRunKind, companyId, runId, () => generateRun(services, companyId, runId));
}

/** Driver by driver from where it stopped, each in its own transaction. */
async function generateRun(services: Services, companyId: number, runId: number): Promise<void> {
  const where = and(eq(driverPayRuns.companyId, companyId), eq(driverPayRuns.id, runId));
  const [run] = await services.db.select().from(driverPayRuns).where(where);
  if (!run || run.status !== 'running') return;
  try {
    // The company's facts and the models' versions are read once for the run, not once a driver:
    // they are the same for every driver, and a run of thousands of drivers felt each query.
    const reader = systemContext(services.db, services, companyId, [], 'driver-pay-generation');
    const facts = await companyFacts(reader);
    const payer = new JobPayer(reader, { timeZone: facts.timezone, currency: facts.currency });
    const period = { fromDate: run.periodFrom, toDate: run.periodTo };
    for (let i = run.driversDone; i < run.driverIds.length; i++) {
      await services.db.transaction(async (tx) => {
        const ctx = systemContext(tx, services, companyId, [], 'driver-pay-generation');
        const outcome = await generateForDriver(ctx, period, run.driverIds[i]!, payer, facts);
        await tx
          .update(driverPayRuns)
          .set({
            driversDone: i + 1,
            statementsMade: sql`${driverPayRuns.statementsMade} + ${outcome.statementId === null ? 0 : 1}`,
            replaced: sql`${driverPayRuns.replaced} + ${outcome.replaced}`,
          })
          .where(where);
      });
    }
    await services.db.update(driverPayRuns).set({ status: 'done', finishedAt: new Date() }).where(where);
  } catch (error) {
    services.log.error({ err: error, runId }, 'driver pay generation failed');
    await services.db
      .update(driverPayRuns)
      .set({
        status: 'failed',
        finishedAt: new Date(),
        error: error instanceof Error ? error.message.slice(0, 500) : 'The run stopped.',
      })
      .where(where);
  }
}

/** DrvrPayment/GetGeneratePaymentRun. */
export async function runById(ctx: Ctx, id: number): Promise<Run> {
  const [run] = await ctx.db
    .select()
    .from(driverPayRuns)
    .where(and(eq(driverPayRuns.companyId, ctx.session.companyId), eq(driverPayRuns.id, id)));
  if (!run) throw notFound(`Driver pay run ${id}`);
  return run;
}

export const runAnswer = (r: Run) => ({
  id: r.id,
  status: r.status,
  periodFrom: r.periodFrom,
  periodTo: r.periodTo,
  driversTotal: r.driverIds.length,
  driversDone: r.driversDone,
  statementsMade: r.statementsMade,
  replaced: r.replaced,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
});

export function defineDriverPayJobs(services: Services): void {
  services.jobs.define<GenerationJob>({
    name: DRIVER_PAY_GENERATION_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    handler: (data) => runGeneration(services, Number(data.companyId), Number(data.runId)),
  });
}
