import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { holdingRunLock, resumeStoppedRuns as resumeRuns, type ResumableRuns } from '../../platform/jobs/run-resume';
import type { Services } from '../../platform/services';
import { companies } from '../../platform/tenancy/companies';
import { systemContext } from '../dispatch/offer-expiry';
import { defineDocumentJobs } from './documents/issue-job';
import { billableJobs, billingMap, filterWhere, type BillableJob } from './billable';
import { addJobLines, invoiceClient, invoiceCompany, newDraft, type InvoiceClient } from './drafts';
import { invoiceRuns } from './schema';

type Ctx = CallContext<Session>;
type Run = typeof invoiceRuns.$inferSelect;
type InvoicePeriod = InvoiceClient['invoicePeriod'];

export const INVOICE_GENERATION_JOB = 'invoice-auto-generate';
export const INVOICE_SCHEDULE_JOB = 'invoice-auto-generate-schedule';

/*
 * Auto-generation (docs/invoicing.md#generation): a run for a period makes drafts client by client,
 * each client's invoices in their own transaction with the run's progress, so a crash leaves every
 * invoice whole or absent; the next run of the period finds only the jobs still billable and finishes
 * it. Running it twice makes nothing new: a job already on an invoice is not billable.
 */

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** A Monday long ago: weeks and fortnights count from it. */
const EPOCH_MONDAY = '1970-01-05';

/** The invoice period a job's day falls in, by the client's setting: [first day, last day]. */
export function periodOf(serviceDate: string, period: InvoicePeriod): [string, string] {
  if (period === 'monthly') {
    const first = `${serviceDate.slice(0, 7)}-01`;
    const next = new Date(`${first}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    return [first, addDays(next.toISOString().slice(0, 10), -1)];
  }
  if (period === 'weekly' || period === 'fortnightly') {
    const length = period === 'weekly' ? 7 : 14;
    const offset = daysBetween(EPOCH_MONDAY, serviceDate);
    const start = addDays(EPOCH_MONDAY, Math.floor(offset / length) * length);
    return [start, addDays(start, length - 1)];
  }
  return [serviceDate, serviceDate];
}

export interface InvoiceGroup {
  periodFrom: string;
  periodTo: string;
  passengerId: number | null;
  splitReference: string | null;
  jobs: BillableJob[];
}

/** A client's jobs grouped into invoices: by its invoice period, then by its split. */
export function groupJobs(
  jobs: BillableJob[],
  client: Pick<InvoiceClient, 'invoicePeriod' | 'invoiceSplit'>,
  run: { from: string; to: string },
) {
  const groups = new Map<string, InvoiceGroup>();
  for (const job of jobs) {
    const [start, end] = periodOf(job.serviceDate, client.invoicePeriod);
    const periodFrom = start < run.from ? run.from : start;
    const periodTo = end > run.to ? run.to : end;
    const split =
      client.invoiceSplit === 'per_passenger'
        ? `p${job.passengerId ?? 0}`
        : client.invoiceSplit === 'per_reference'
          ? `r${job.reference ?? ''}`
          : client.invoiceSplit === 'per_booking' || client.invoicePeriod === 'per_booking'
            ? `b${job.bookingId}`
            : '';
    const key = `${periodFrom}|${split}`;
    const group = groups.get(key) ?? {
      periodFrom,
      periodTo,
      passengerId: client.invoiceSplit === 'per_passenger' ? job.passengerId : null,
      splitReference: client.invoiceSplit === 'per_reference' ? (job.reference ?? '') : null,
      jobs: [],
    };
    group.jobs.push(job);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** BookingInvoice/CreateAutoGenerate: checks there is something to make, keeps the run and queues it. */
export async function startRun(
  ctx: Ctx,
  input: { fromDate: string; toDate: string; clientID?: number | null | undefined },
  periods?: InvoicePeriod[],
): Promise<Run> {
  const company = await invoiceCompany(ctx);
  if (input.clientID) await invoiceClient(ctx, input.clientID, company);
  const clientIds = await clientsToBill(ctx, input, company.timezone, periods);
  if (!clientIds.length) {
    throw conflict(
      `There are no validated account jobs to invoice from ${input.fromDate} to ${input.toDate}${
        input.clientID ? ' for this client' : ''
      }: nothing was made.`,
    );
  }
  const [run] = await ctx.db
    .insert(invoiceRuns)
    .values({
      companyId: ctx.session.companyId,
      periodFrom: input.fromDate,
      periodTo: input.toDate,
      clientId: input.clientID ?? null,
      clientsTotal: clientIds.length,
      createdBy: ctx.session.userId || null,
    })
    .returning();
  const { companyId } = ctx.session;
  const made = run as Run;
  ctx.afterCommit(async () => {
    await ctx.services.jobs.send(
      INVOICE_GENERATION_JOB,
      { companyId, runId: made.id, periods: periods ?? null },
      { singletonKey: `${companyId}:${made.id}` },
    );
  });
  return made;
}

async function clientsToBill(
  ctx: Ctx,
  input: { fromDate: string; toDate: string; clientID?: number | null | undefined },
  tz: string,
  periods?: InvoicePeriod[],
): Promise<number[]> {
  const where = filterWhere(
    ctx,
    { clientId: input.clientID ?? null, fromDate: input.fromDate, toDate: input.toDate },
    tz,
  );
  // The clients billed: a child account billed through its parent is billed on the parent's
  // invoices, by the parent's period and split.
  const byPeriod = periods
    ? sql` and m.bill_to in (select c.id from clients c where c.company_id = ${ctx.session.companyId}
        and c.invoice_period in (${sql.join(
          periods.map((p) => sql`${p}`),
          sql`, `,
        )}))`
    : sql``;
  const res = await ctx.db.execute<{ bill_to: number }>(
    sql`select distinct m.bill_to from bookings b join ${billingMap(ctx.session.companyId)} m on m.client_id = b.client_id
      where ${where}${byPeriod} order by 1`,
  );
  return res.rows.map((r) => Number(r.bill_to));
}

/**
 * One billing client's invoices of a run, in the caller's transaction: answers how many were made.
 * Its jobs and those of its children billed through it; a run asked for one child account bills only
 * that child's jobs, on the parent's invoices.
 */
export async function generateForClient(ctx: Ctx, run: Run, clientId: number): Promise<number> {
  const company = await invoiceCompany(ctx);
  const client = await invoiceClient(ctx, clientId, company);
  // Jobs a person is putting on an invoice at this moment are skipped, not fought over.
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(${ctx.session.companyId}, hashtext(${`invoice-client:${clientId}`}))`,
  );
  const jobs = await billableJobs(
    ctx,
    { clientId: run.clientId ?? clientId, fromDate: run.periodFrom, toDate: run.periodTo },
    company.timezone,
    100_000,
  );
  const groups = groupJobs(jobs, client, { from: run.periodFrom, to: run.periodTo });
  for (const g of groups) {
    const id = await newDraft(ctx, client, company, {
      periodFrom: g.periodFrom,
      periodTo: g.periodTo,
      passengerId: g.passengerId,
      splitReference: g.splitReference,
      runId: run.id,
    });
    await addJobLines(ctx, id, g.jobs, client, company);
  }
  await ctx.db
    .update(invoiceRuns)
    .set({
      clientsDone: sql`${invoiceRuns.clientsDone} + 1`,
      invoicesMade: sql`${invoiceRuns.invoicesMade} + ${groups.length}`,
    })
    .where(and(eq(invoiceRuns.companyId, ctx.session.companyId), eq(invoiceRuns.id, run.id)));
  return groups.length;
}

const STOPPED_RUN = 'The run stopped before it finished: generate the period again to make what is missing.';

interface GenerationJob {
  companyId: number;
  runId: number;
  periods: InvoicePeriod[] | null;
}

/** Invoice runs for the shared resume (platform/jobs/run-resume.ts). */
export const invoiceRunKind: ResumableRuns<GenerationJob> = {
  label: 'invoice run',
  table: 'invoice_runs',
  lockPrefix: 'invoice-run:',
  jobName: INVOICE_GENERATION_JOB,
  // A scheduled run's periods travel in its job: the stopped job still tells them. Without it, a
  // scheduled run cannot know which clients it was for, and says so rather than bill them all.
  resume: (run, stopped) =>
    !stopped && run.createdBy === null
      ? { fail: STOPPED_RUN }
      : { companyId: run.companyId, runId: run.id, periods: stopped?.periods ?? null },
};

/**
 * The run's work (the job's body): client by client, each in its own transaction, under the run's
 * lock (a second job for a run someone works on does nothing).
 */
export async function runGeneration(
  services: Services,
  companyId: number,
  runId: number,
  periods: InvoicePeriod[] | null = null,
): Promise<void> {
  await holdingRunLock(services, invoiceRunKind, companyId, runId, () =>
    generateRun(services, companyId, runId, periods),
  );
}

async function generateRun(
  services: Services,
  companyId: number,
  runId: number,
  periods: InvoicePeriod[] | null,
): Promise<void> {
  const db = services.db;
  const [run] = await db
    .select()
    .from(invoiceRuns)
    .where(and(eq(invoiceRuns.companyId, companyId), eq(invoiceRuns.id, runId)));
  if (!run || run.status !== 'running') return;
  try {
    const clientIds = await db.transaction(async (tx) => {
      const ctx = systemContext(tx, services, companyId, [], 'invoice-generation');
      const { timezone } = await invoiceCompany(ctx);
      return clientsToBill(
        ctx,
        { fromDate: run.periodFrom, toDate: run.periodTo, clientID: run.clientId },
        timezone,
        periods ?? undefined,
      );
    });
    for (const clientId of clientIds) {
      await db.transaction(async (tx) => {
        const ctx = systemContext(tx, services, companyId, [], 'invoice-generation');
        await generateForClient(ctx, run, clientId);
      });
    }
    await db
      .update(invoiceRuns)
      .set({ status: 'done', finishedAt: new Date() })
      .where(and(eq(invoiceRuns.companyId, companyId), eq(invoiceRuns.id, runId)));
  } catch (error) {
    services.log.error({ err: error, runId }, 'invoice generation failed');
    await db
      .update(invoiceRuns)
      .set({
        status: 'failed',
        finishedAt: new Date(),
        error: error instanceof Error ? error.message.slice(0, 500) : 'The run stopped.',
      })
      .where(and(eq(invoiceRuns.companyId, companyId), eq(invoiceRuns.id, runId)));
  }
}

/** Queues again the invoice runs a stopped process left (see platform/jobs/run-resume.ts); answers how many. */
export const resumeStoppedRuns = (services: Services) => resumeRuns(services, invoiceRunKind);

/** BookingInvoice/GetAutoGenerateRun. */
export async function runById(ctx: Ctx, id: number): Promise<Run> {
  const [run] = await ctx.db
    .select()
    .from(invoiceRuns)
    .where(and(eq(invoiceRuns.companyId, ctx.session.companyId), eq(invoiceRuns.id, id)));
  if (!run) throw notFound(`Invoice run ${id}`);
  return run;
}

export const runAnswer = (r: Run) => ({
  id: r.id,
  status: r.status,
  periodFrom: r.periodFrom,
  periodTo: r.periodTo,
  clientId: r.clientId,
  clientsTotal: r.clientsTotal,
  clientsDone: r.clientsDone,
  invoicesMade: r.invoicesMade,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
});

/**
 * The schedule (a pg-boss cron, daily at 01:30 UTC): for each company, the invoice periods that
 * ended yesterday on its calendar — a month on the 1st, a week on Mondays, a fortnight on every other
 * Monday, a day for per-booking clients — each a run for the clients with that period.
 */
export async function runSchedule(services: Services, now = new Date()): Promise<number> {
  const list = await services.db.select({ id: companies.id, timezone: companies.timezone }).from(companies);
  let started = 0;
  for (const company of list) {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: company.timezone }).format(now);
    const due: { periods: InvoicePeriod[]; from: string; to: string }[] = [];
    const yesterday = addDays(today, -1);
    due.push({ periods: ['per_booking'], from: addDays(today, -7), to: yesterday });
    if (today.endsWith('-01'))
      due.push({ periods: ['monthly'], from: periodOf(yesterday, 'monthly')[0], to: yesterday });
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    if (weekday === 1) {
      due.push({ periods: ['weekly'], from: addDays(today, -7), to: yesterday });
      const [start] = periodOf(today, 'fortnightly');
      if (start === today) due.push({ periods: ['fortnightly'], from: addDays(today, -14), to: yesterday });
    }
    for (const d of due) {
      const effects: (() => unknown)[] = [];
      try {
        await services.db.transaction(async (tx) => {
          const ctx = systemContext(tx, services, company.id, effects, 'invoice-schedule');
          await startRun(ctx, { fromDate: d.from, toDate: d.to }, d.periods);
          started++;
        });
        for (const effect of effects) await effect();
      } catch {
        // Nothing to bill for that period: no run.
      }
    }
  }
  return started;
}

export function defineInvoiceJobs(services: Services): void {
  defineDocumentJobs(services);
  services.jobs.define<{ companyId: number; runId: number; periods: InvoicePeriod[] | null }>({
    name: INVOICE_GENERATION_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    handler: (data) => runGeneration(services, Number(data.companyId), Number(data.runId), data.periods ?? null),
  });
  services.jobs.define({
    name: INVOICE_SCHEDULE_JOB,
    cron: '30 1 * * *',
    handler: async () => {
      await runSchedule(services);
    },
  });
}
