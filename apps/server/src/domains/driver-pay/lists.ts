import { sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { listPage } from '../../platform/http/list';
import { companyFacts } from '../company/facts';
import { minor, orderBy } from '../payments/finance-filters';
import { driverJobs, doneJobsWhere, driverModels, JobPayer, onNoStatement } from './jobs';

type Ctx = CallContext<Session>;
type Row = z.output<typeof schemas.statementRow>;
type Details = z.output<typeof schemas.statementDetails>;
type ListInput = z.output<typeof schemas.statementListInput>;

const iso = (v: unknown) =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();

export const driverNameOf = sql`(select trim(concat_ws(' ', d.first_name, d.last_name)) from drivers d
  where d.company_id = s.company_id and d.id = s.driver_id)`;

const rowColumns = sql`s.*, ${driverNameOf} as driver_name,
  (select count(*)::int from driver_statement_jobs j where j.company_id = s.company_id and j.statement_id = s.id) as job_count`;

export function statementRowOf(r: Record<string, unknown>): Row {
  const payTo = minor(r.pay_to_driver_minor);
  const collect = minor(r.collect_from_driver_minor);
  const settled = minor(r.settled_minor);
  const approved = r.status === 'approved' || r.status === 'settled';
  return {
    id: Number(r.id),
    statementNo: (r.statement_no as string | null) ?? null,
    status: r.status as Row['status'],
    attentionReasons: (r.attention_reasons as string[] | null) ?? [],
    driverId: Number(r.driver_id),
    driverName: String(r.driver_name ?? ''),
    periodFrom: String(r.period_from).slice(0, 10),
    periodTo: String(r.period_to).slice(0, 10),
    jobCount: Number(r.job_count ?? 0),
    earnedMinor: minor(r.earned_minor),
    cashCollectedMinor: minor(r.cash_collected_minor),
    expensesMinor: minor(r.expenses_minor),
    adjustmentsMinor: minor(r.adjustments_minor),
    bonusesMinor: minor(r.bonuses_minor),
    deductionsMinor: minor(r.deductions_minor),
    netMinor: minor(r.net_minor),
    payToDriverMinor: payTo,
    collectFromDriverMinor: collect,
    settledMinor: settled,
    dueMinor: approved ? Math.max(0, payTo + collect - settled) : payTo + collect,
    approvedAt: iso(r.approved_at),
    version: Number(r.version),
  };
}

const sortColumns: Record<string, SQL> = {
  periodFrom: sql`s.period_from`,
  driverName: driverNameOf,
  netMinor: sql`s.net_minor`,
  status: sql`s.status`,
  statementNo: sql`s.statement_no`,
};

function listWhere(ctx: Ctx, input: ListInput, only?: SQL): SQL {
  const parts: SQL[] = [sql`s.company_id = ${ctx.session.companyId}`];
  if (only) parts.push(only);
  if (input.fromDate) parts.push(sql`s.period_to >= ${input.fromDate}`);
  if (input.toDate) parts.push(sql`s.period_from <= ${input.toDate}`);
  if (input.driverID) parts.push(sql`s.driver_id = ${input.driverID}`);
  if (input.statusID) parts.push(sql`s.status = ${input.statusID}`);
  if (input.q.trim()) {
    const like = `%${input.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(${driverNameOf} ilike ${like} or s.statement_no ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/** GetGeneratedPayments and GetAttentionPayments (the latter only statements needing a person). */
export async function listStatements(ctx: Ctx, input: ListInput, only?: SQL) {
  const where = listWhere(ctx, input, only);
  const order = orderBy(input, sortColumns, 'periodFrom', sql`s.id`);
  return listPage(input, {
    count: async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from driver_statements s where ${where}`))
          .rows[0]?.n ?? 0,
      ),
    rows: async (limit, offset) =>
      (
        await ctx.db.execute(
          sql`select ${rowColumns} from driver_statements s where ${where} order by ${order} limit ${limit} offset ${offset}`,
        )
      ).rows.map(statementRowOf),
  });
}

export async function statementRowById(ctx: Ctx, id: number): Promise<Row> {
  const res = await ctx.db.execute(
    sql`select ${rowColumns} from driver_statements s where s.company_id = ${ctx.session.companyId} and s.id = ${id}`,
  );
  const r = res.rows[0];
  if (!r) throw notFound(`Driver statement ${id}`);
  return statementRowOf(r);
}

export async function statementRows(ctx: Ctx, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const res = await ctx.db.execute(
    sql`select ${rowColumns} from driver_statements s where s.company_id = ${ctx.session.companyId}
      and s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by s.id`,
  );
  return res.rows.map(statementRowOf);
}

const lineOf = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  statementId: Number(r.statement_id),
  kind: String(r.kind),
  amountMinor: minor(r.amount_minor),
  reason: String(r.reason),
  bookingId: r.booking_id === null ? null : Number(r.booking_id),
  createdAt: iso(r.created_at) as string,
});

/** GetGeneratedPaymentsViews: one statement with its jobs, lines, bonuses and deductions. */
export async function statementDetails(ctx: Ctx, id: number): Promise<Details> {
  const companyId = ctx.session.companyId;
  const row = await statementRowById(ctx, id);
  const [head] = (
    await ctx.db.execute<{ bonus_items: Record<string, unknown>[]; deduction_items: Record<string, unknown>[] }>(
      sql`select bonus_items, deduction_items from driver_statements where company_id = ${companyId} and id = ${id}`,
    )
  ).rows;
  const jobs = await ctx.db.execute(sql`
    select j.*, b.pickup_at from driver_statement_jobs j
    join bookings b on b.company_id = j.company_id and b.id = j.booking_id
    where j.company_id = ${companyId} and j.statement_id = ${id} order by b.pickup_at, j.id`);
  const lines = await ctx.db.execute(
    sql`select * from driver_statement_lines where company_id = ${companyId} and statement_id = ${id} order by id`,
  );
  return {
    ...row,
    jobs: jobs.rows.map((j) => ({
      id: Number(j.id),
      bookingId: Number(j.booking_id),
      pickupAt: iso(j.pickup_at) as string,
      fareMinor: minor(j.fare_minor),
      paymentMethod: String(j.payment_method),
      payMinor: minor(j.pay_minor),
      modelId: j.model_id === null ? null : Number(j.model_id),
      modelVersion: j.model_version === null ? null : Number(j.model_version),
      correctionReason: (j.correction_reason as string | null) ?? null,
      breakdown: (j.breakdown as Record<string, unknown> | null) ?? null,
    })),
    lines: lines.rows.map(lineOf),
    bonusItems: head?.bonus_items ?? [],
    deductionItems: head?.deduction_items ?? [],
  };
}

/** GetDriverPaymentAdjustments: a statement's lines. */
export async function listLines(ctx: Ctx, input: z.output<typeof schemas.adjustmentListInput>) {
  await statementRowById(ctx, input.statementId);
  const where = sql`company_id = ${ctx.session.companyId} and statement_id = ${input.statementId}`;
  return listPage(input, {
    count: async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from driver_statement_lines where ${where}`))
          .rows[0]?.n ?? 0,
      ),
    rows: async (limit, offset) =>
      (
        await ctx.db.execute(
          sql`select * from driver_statement_lines where ${where} order by id limit ${limit} offset ${offset}`,
        )
      ).rows.map(lineOf),
  });
}

/** GetEligibleDrivers: drivers with jobs of the period on no statement, and what they would net. */
export async function eligibleDrivers(ctx: Ctx, input: z.output<typeof schemas.eligibleDriversInput>) {
  const facts = await companyFacts(ctx);
  const period = { fromDate: input.fromDate, toDate: input.toDate };
  const counts = await ctx.db.execute<{ driver_id: number; n: number; name: string; callsign: string | null }>(sql`
    select b.driver_id, count(*)::int as n, trim(concat_ws(' ', d.first_name, d.last_name)) as name, d.callsign
    from bookings b join drivers d on d.company_id = b.company_id and d.id = b.driver_id
    where ${doneJobsWhere(ctx.session.companyId, period, facts.timezone)} and ${onNoStatement}
    group by b.driver_id, d.first_name, d.last_name, d.callsign order by d.last_name, d.first_name, b.driver_id`);
  const q = input.q.trim().toLowerCase();
  const all = counts.rows.filter(
    (r) => !q || r.name.toLowerCase().includes(q) || (r.callsign ?? '').toLowerCase().includes(q),
  );
  const estimate = async (driverId: number) => {
    const jobs = await driverJobs(ctx, period, facts.timezone, sql`b.driver_id = ${driverId} and ${onNoStatement}`);
    const modelId = (await driverModels(ctx, [driverId])).get(driverId) ?? null;
    const payer = new JobPayer(ctx, { timeZone: facts.timezone, currency: facts.currency });
    let net = 0;
    for (const job of jobs) {
      net += (await payer.pay(job, modelId)).pay - (job.paymentMethod === 'cash' ? (job.fare ?? 0) : 0);
    }
    return net;
  };
  const dates = `${input.fromDate} to ${input.toDate}`;
  return listPage(input, {
    count: async () => all.length,
    rows: async (limit, offset) =>
      Promise.all(
        all.slice(offset, offset + limit).map(async (r) => ({
          driverId: Number(r.driver_id),
          driverName: r.name,
          callsign: r.callsign,
          jobCount: Number(r.n),
          estimatedNetMinor: await estimate(Number(r.driver_id)),
          Dates: dates,
          CHECKED: true,
        })),
      ),
  });
}

/** GetTableSummaryDriverDeductions: each deduction line of an approved statement. */
export async function listDeductions(ctx: Ctx, input: z.output<typeof schemas.deductionListInput>) {
  const parts: SQL[] = [sql`s.company_id = ${ctx.session.companyId}`, sql`s.status in ('approved', 'settled')`];
  if (input.driverID) parts.push(sql`s.driver_id = ${input.driverID}`);
  if (input.fromDate) parts.push(sql`s.period_to >= ${input.fromDate}`);
  if (input.toDate) parts.push(sql`s.period_from <= ${input.toDate}`);
  const where = sql.join(parts, sql` and `);
  const from = sql`driver_statements s cross join lateral jsonb_array_elements(s.deduction_items) with ordinality as d(item, n)`;
  return listPage(input, {
    count: async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${where}`)).rows[0]?.n ??
          0,
      ),
    rows: async (limit, offset) =>
      (
        await ctx.db.execute(sql`select s.id, s.statement_no, s.driver_id, ${driverNameOf} as driver_name,
          s.period_from, s.period_to, d.item from ${from} where ${where}
          order by s.period_from desc, s.id desc, d.n limit ${limit} offset ${offset}`)
      ).rows.map((r) => {
        const item = (r.item ?? {}) as Record<string, unknown>;
        return {
          statementId: Number(r.id),
          statementNo: (r.statement_no as string | null) ?? null,
          driverId: Number(r.driver_id),
          driverName: String(r.driver_name ?? ''),
          periodFrom: String(r.period_from).slice(0, 10),
          periodTo: String(r.period_to).slice(0, 10),
          deductionId: typeof item.id === 'number' ? item.id : null,
          name: String(item.name ?? item.label ?? ''),
          amountMinor: minor(item.amount),
        };
      }),
  });
}
