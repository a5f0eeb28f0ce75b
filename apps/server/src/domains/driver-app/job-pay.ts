import { type SQL, sql } from 'drizzle-orm';
import { doneStatuses } from '@cabdesk/contract';
import { driverJobOf, driverModels, jobFactColumns, JobPayer, type JobRaw } from '../driver-pay/jobs';
import type { Ctx } from './signed-in-driver';

/*
 * What the driver app counts as a done job's pay (docs/driver-app-lists.md#earnings): the pay of
 * the approved (or settled) statement it is on, with that statement's corrections and later ones; else
 * the pay statement generation would give it now, by the same JobPayer, marked as an estimate. The
 * booking's hand-set driver price is not read: generation does not read it either, so counting it
 * would show the driver a figure no statement will ever pay.
 */

export interface JobEarning {
  bookingId: number;
  /** The pick-up's day on the company's calendar. */
  date: string;
  payMinor: number;
  /** True while the job is on no approved statement of this driver. */
  estimated: boolean;
}

interface Row extends JobRaw {
  day: string;
  stated_by: number | null;
  stated_pay: string | number | null;
}

const paidStatuses = sql`('approved', 'settled')`;

/**
 * The signed-in driver's done jobs picked up in a period with their pay: one query for the jobs and
 * their statement pay, one for the driver's model and one per model for its versions, whatever the
 * number of jobs.
 */
export async function driverJobEarnings(
  ctx: Ctx,
  driverId: number,
  period: { fromDate: string; toDate: string },
  facts: { timezone: string; currency: string },
): Promise<JobEarning[]> {
  const local = sql`(b.pickup_at at time zone ${facts.timezone})`;
  return jobEarningsWhere(
    ctx,
    driverId,
    sql`b.status in (${sql.join(
      doneStatuses.map((s) => sql`${s}`),
      sql`, `,
    )}) and ${local} >= ${period.fromDate}::date and ${local} < (${period.toDate}::date + 1)`,
    facts,
  );
}

/**
 * The pay of some of the driver's jobs, whatever their state (a coming job is priced as generation
 * would pay it if it were done as booked): what the job lists show beside each job, so a job's figure
 * is the one the earnings and, later, the statement count.
 */
export async function driverJobPays(
  ctx: Ctx,
  driverId: number,
  bookingIds: number[],
  facts: { timezone: string; currency: string },
): Promise<Map<number, JobEarning>> {
  if (!bookingIds.length) return new Map();
  const ids = sql.join(
    bookingIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const pays = await jobEarningsWhere(ctx, driverId, sql`b.id in (${ids})`, facts);
  return new Map(pays.map((p) => [p.bookingId, p]));
}

async function jobEarningsWhere(
  ctx: Ctx,
  driverId: number,
  where: SQL,
  facts: { timezone: string; currency: string },
): Promise<JobEarning[]> {
  const companyId = ctx.session.companyId;
  const local = sql`(b.pickup_at at time zone ${facts.timezone})`;
  // Not yet validated jobs count too (the driver has done them); they are priced on the booking's
  // price, which is what a validation accepts unless the office changes it.
  const res = await ctx.db.execute<Row>(sql`
    select ${jobFactColumns}, to_char(${local}, 'YYYY-MM-DD') as day,
      st.driver_id as stated_by,
      st.pay_minor + coalesce((select sum(l.amount_minor) from driver_statement_lines l
        join driver_statements ls on ls.company_id = l.company_id and ls.id = l.statement_id
        where l.company_id = b.company_id and l.booking_id = b.id and l.kind = 'correction'
          and ls.driver_id = st.driver_id and ls.status in ${paidStatuses}), 0) as stated_pay
    from bookings b
    left join booking_validations v on v.company_id = b.company_id and v.booking_id = b.id and v.status = 'validated'
    left join vehicles veh on veh.company_id = b.company_id and veh.id = b.vehicle_id
    left join lateral (select j.pay_minor, s.driver_id from driver_statement_jobs j
      join driver_statements s on s.company_id = j.company_id and s.id = j.statement_id
      where j.company_id = b.company_id and j.booking_id = b.id and s.status in ${paidStatuses}) st on true
    where b.company_id = ${companyId} and b.driver_id = ${driverId} and ${where}
    order by b.pickup_at, b.id`);
  const open = res.rows.filter((r) => r.stated_by === null);
  const modelId = open.length ? ((await driverModels(ctx, [driverId])).get(driverId) ?? null) : null;
  const payer = new JobPayer(ctx, { timeZone: facts.timezone, currency: facts.currency });
  const out: JobEarning[] = [];
  for (const r of res.rows) {
    const bookingId = Number(r.id);
    if (r.stated_by !== null) {
      // A job on another driver's approved statement was paid to them: it earns this driver nothing.
      const mine = Number(r.stated_by) === driverId;
      out.push({ bookingId, date: r.day, payMinor: mine ? Number(r.stated_pay ?? 0) : 0, estimated: false });
      continue;
    }
    // The job is this driver's (the query asks for no other), so it is priced as theirs.
    const paid = await payer.pay(driverJobOf(r), modelId);
    out.push({ bookingId, date: r.day, payMinor: paid.pay, estimated: true });
  }
  return out;
}
