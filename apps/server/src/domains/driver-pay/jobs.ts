import { sql, type SQL } from 'drizzle-orm';
import { compilePayModel, payForJob, type CompiledPayModel, type JobPay } from '@cabdesk/pay-engine';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { dayRange } from '../payments/finance-filters';
import { inForceAt, type PayModelVersion, versionsOfModel } from '../pay-rules/rules';

type Ctx = CallContext<Session>;

/*
 * Which jobs a driver is paid for (docs/driver-pay.md#statements-and-calls): done (completed or
 * no-show), validated, with a driver, picked up in the period on the company's calendar. The unique
 * index driver_statement_jobs_booking_key keeps a job on one statement whatever races.
 */

export interface PeriodInput {
  fromDate: string;
  toDate: string;
}

/** The conditions on bookings `b` of a done, validated job of a driver in the period. */
export function doneJobsWhere(companyId: number, period: PeriodInput, tz: string): SQL {
  return sql.join(
    [
      sql`b.company_id = ${companyId} and b.driver_id is not null and b.status in ('completed', 'no_show')`,
      sql`exists (select 1 from booking_validations v where v.company_id = b.company_id and v.booking_id = b.id and v.status = 'validated')`,
      ...dayRange(sql`b.pickup_at`, period, tz),
    ],
    sql` and `,
  );
}

/** A job on no statement. */
export const onNoStatement = sql`not exists (select 1 from driver_statement_jobs j where j.company_id = b.company_id and j.booking_id = b.id)`;

export interface DriverJob {
  bookingId: number;
  driverId: number;
  pickupAt: string;
  /** The validated price; null when the job has none (the statement needs a person). */
  fare: number | null;
  paymentMethod: 'cash' | 'card' | 'account';
  clientId: number | null;
  vehicleId: number | null;
  vehicleTypeId: number | null;
  distanceKm: number;
  durationMinutes: number;
  hourlyHire: boolean;
  ownCar: boolean;
}

/** A job's pay facts as `jobFactColumns` reads them. */
export interface JobRaw extends Record<string, unknown> {
  id: number;
  driver_id: number;
  pickup_at: Date | string;
  fare: string | number | null;
  payment_method: string | null;
  client_id: number | null;
  vehicle_id: number | null;
  vehicle_type_id: number | null;
  metres: number | null;
  minutes: number | null;
  hire_minutes: number | null;
  own_car: boolean | null;
}

const payMethodOf = (m: string | null): DriverJob['paymentMethod'] =>
  m === 'cash' || m === 'card' || m === 'account' ? m : m === 'card_on_file' ? 'card' : 'cash';

/**
 * What a job's pay needs, read from `b` (the booking), `v` (its validation: the accepted price and
 * the driven distance) and `veh` (its vehicle: the driver's own car or not).
 */
export const jobFactColumns = sql`b.id, b.driver_id, b.pickup_at,
  coalesce(v.accepted_minor, b.price_minor) as fare, b.payment_method, b.client_id, b.vehicle_id,
  b.vehicle_type_id, coalesce(b.driven_metres, v.driven_metres, b.distance_metres) as metres,
  floor(extract(epoch from (b.completed_at - b.on_board_at)) / 60)::int as minutes, b.hire_minutes,
  (veh.owner_driver_id = b.driver_id) as own_car`;

export function driverJobOf(r: JobRaw): DriverJob {
  return {
    bookingId: Number(r.id),
    driverId: Number(r.driver_id),
    pickupAt: (r.pickup_at instanceof Date ? r.pickup_at : new Date(r.pickup_at)).toISOString(),
    fare: r.fare === null ? null : Number(r.fare),
    paymentMethod: payMethodOf(r.payment_method),
    clientId: r.client_id === null ? null : Number(r.client_id),
    vehicleId: r.vehicle_id === null ? null : Number(r.vehicle_id),
    vehicleTypeId: r.vehicle_type_id === null ? null : Number(r.vehicle_type_id),
    distanceKm: Math.max(0, Number(r.metres ?? 0)) / 1000,
    durationMinutes: Math.max(0, Number(r.minutes ?? 0)),
    hourlyHire: r.hire_minutes !== null && Number(r.hire_minutes) > 0,
    ownCar: r.own_car === true,
  };
}

/** The done, validated jobs of the period matching `extra`, with what their pay needs. */
export async function driverJobs(ctx: Ctx, period: PeriodInput, tz: string, extra: SQL): Promise<DriverJob[]> {
  const res = await ctx.db.execute<JobRaw>(sql`
    select ${jobFactColumns}
    from bookings b
    join booking_validations v on v.company_id = b.company_id and v.booking_id = b.id
    left join vehicles veh on veh.company_id = b.company_id and veh.id = b.vehicle_id
    where ${doneJobsWhere(ctx.session.companyId, period, tz)} and ${extra}
    order by b.driver_id, b.pickup_at, b.id`);
  return res.rows.map(driverJobOf);
}

/** The pay model of each driver: their own, else their driver type's default. */
export async function driverModels(ctx: Ctx, driverIds: number[]): Promise<Map<number, number | null>> {
  if (!driverIds.length) return new Map();
  const res = await ctx.db.execute<{ id: number; model_id: number | null }>(sql`
    select d.id, coalesce(d.default_payment_model_id, t.default_payment_model_id) as model_id
    from drivers d left join driver_types t on t.company_id = d.company_id and t.id = d.driver_type_id
    where d.company_id = ${ctx.session.companyId} and d.id in (${sql.join(
      driverIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(res.rows.map((r) => [Number(r.id), r.model_id === null ? null : Number(r.model_id)]));
}

export interface PaidJob {
  job: DriverJob;
  pay: number;
  modelId: number | null;
  version: number | null;
  breakdown: JobPay | null;
}

/**
 * Pays jobs by the version of the model in force at each pick-up; one compiled model per version,
 * so a week of jobs compiles a model once.
 */
export class JobPayer {
  private readonly compiled = new Map<string, CompiledPayModel>();
  /** Each model's versions, read once for all the jobs this payer pays (not once a job). */
  private readonly versions = new Map<number, Promise<PayModelVersion[]>>();

  constructor(
    private readonly ctx: Ctx,
    private readonly options: { timeZone: string; currency: string },
  ) {}

  private versionsOf(modelId: number): Promise<PayModelVersion[]> {
    let versions = this.versions.get(modelId);
    if (!versions) {
      versions = versionsOfModel(this.ctx, modelId);
      this.versions.set(modelId, versions);
    }
    return versions;
  }

  /** The version in force at an instant (rulesInForceAt), from the versions this payer read once. */
  async rulesAt(modelId: number, at: Date): Promise<PayModelVersion | null> {
    return inForceAt(await this.versionsOf(modelId), at);
  }

  async pay(job: DriverJob, modelId: number | null): Promise<PaidJob> {
    if (modelId === null) return { job, pay: 0, modelId: null, version: null, breakdown: null };
    const rules = inForceAt(await this.versionsOf(modelId), new Date(job.pickupAt));
    if (!rules) return { job, pay: 0, modelId, version: null, breakdown: null };
    const key = `${modelId}:${rules.version}`;
    let model = this.compiled.get(key);
    if (!model) {
      model = compilePayModel(rules.rules);
      this.compiled.set(key, model);
    }
    const breakdown = payForJob(
      {
        bookingId: job.bookingId,
        fare: job.fare ?? 0,
        paymentMethod: job.paymentMethod,
        pickupAt: job.pickupAt,
        distanceKm: job.distanceKm,
        durationMinutes: job.durationMinutes,
        hourlyHire: job.hourlyHire,
        vehicleId: job.vehicleId,
        vehicleTypeId: job.vehicleTypeId,
        ownCar: job.ownCar,
        clientId: job.clientId,
      },
      model,
      { timeZone: this.options.timeZone, currency: this.options.currency },
    );
    return { job, pay: breakdown.amount, modelId, version: rules.version, breakdown };
  }
}
