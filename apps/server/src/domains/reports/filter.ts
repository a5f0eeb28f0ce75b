import { sql, type SQL } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { companyFacts } from '../company/facts';
import { dayAfter, dayStart } from '../payments/finance-filters';

export type Ctx = CallContext<Session>;
export type ReportFilter = schemas.ReportFilter;

/** A report's filter made whole: the period resolved on the company's clock, every id checked. */
export interface Scope {
  companyId: number;
  timezone: string;
  currency: string;
  fromDate: string;
  toDate: string;
  /** The period as instants: [start, end). */
  start: SQL;
  end: SQL;
  input: ReportFilter;
}

const ownedBy: { field: keyof ReportFilter; table: string; noun: string }[] = [
  { field: 'clientID', table: 'clients', noun: 'client' },
  { field: 'driverID', table: 'drivers', noun: 'driver' },
  { field: 'passengerID', table: 'passengers', noun: 'passenger' },
  { field: 'vehicletypeID', table: 'vehicle_types', noun: 'vehicle type' },
  { field: 'categoryID', table: 'client_types', noun: 'client type' },
];

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Today's date on the company's clock. */
function localToday(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
}

/**
 * Resolves startDate/endDate (Profitability's names) into fromDate/toDate, defaults to the current
 * company month, refuses a reversed range or one over five years, and an id the company does not own
 * (another company's client is refused like a missing one, by the field's name).
 */
export async function scopeOf(ctx: Ctx, input: ReportFilter): Promise<Scope> {
  for (const field of ['fromDate', 'toDate', 'startDate', 'endDate'] as const) {
    const day = input[field];
    const ms = day ? Date.parse(`${day}T00:00:00Z`) : 0;
    if (day && (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day)) {
      throw fieldError(field, 'must be a day of the calendar');
    }
  }
  const { timezone, currency } = await companyFacts(ctx);
  const today = localToday(timezone);
  const fromField = input.fromDate ? 'fromDate' : input.startDate ? 'startDate' : 'fromDate';
  const toField = input.toDate ? 'toDate' : input.endDate ? 'endDate' : 'toDate';
  let fromDate = input.fromDate ?? input.startDate;
  let toDate = input.toDate ?? input.endDate;
  if (!fromDate && !toDate) {
    fromDate = `${today.slice(0, 7)}-01`;
    const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0));
    toDate = last.toISOString().slice(0, 10);
  }
  fromDate ??= toDate as string;
  toDate ??= fromDate;
  if (toDate < fromDate) throw fieldError(toField, `must not be before ${fromField}`);
  if (daysBetween(fromDate, toDate) > schemas.REPORT_MAX_DAYS) {
    throw fieldError(toField, `must be at most five years after ${fromField}`);
  }
  await checkOwned(ctx, input);
  return {
    companyId: ctx.session.companyId,
    timezone,
    currency,
    fromDate,
    toDate,
    start: dayStart(fromDate, timezone),
    end: dayAfter(toDate, timezone),
    input,
  };
}

async function checkOwned(ctx: Ctx, input: ReportFilter): Promise<void> {
  const asked = ownedBy.filter((o) => typeof input[o.field] === 'number');
  if (!asked.length) return;
  const checks = asked.map(
    (o) =>
      sql`select ${String(o.field)}::text as field from ${sql.identifier(o.table)} where company_id = ${ctx.session.companyId} and id = ${input[o.field] as number}`,
  );
  const found = await ctx.db.execute<{ field: string }>(sql.join(checks, sql` union all `));
  const present = new Set(found.rows.map((r) => r.field));
  const missing = asked.find((o) => !present.has(String(o.field)));
  if (missing) throw fieldError(String(missing.field), `is not one of your ${missing.noun}s`);
}

/**
 * The bookings of the filter (alias b): the company, the period by pick-up, the ids, the payment
 * method and status. A quote is not a job: it counts only when statusID asks for quotes.
 */
export function bookingWhere(scope: Scope, extra: SQL[] = []): SQL {
  const { input } = scope;
  const parts: SQL[] = [
    sql`b.company_id = ${scope.companyId}`,
    sql`b.pickup_at >= ${scope.start}`,
    sql`b.pickup_at < ${scope.end}`,
    input.statusID ? sql`b.status = ${input.statusID}` : sql`b.status <> 'quote'`,
  ];
  if (input.clientID) parts.push(sql`b.client_id = ${input.clientID}`);
  if (input.driverID) parts.push(sql`b.driver_id = ${input.driverID}`);
  if (input.passengerID) parts.push(sql`b.passenger_id = ${input.passengerID}`);
  if (input.vehicletypeID) parts.push(sql`b.vehicle_type_id = ${input.vehicletypeID}`);
  if (input.paymentMethodID) parts.push(sql`b.payment_method = ${input.paymentMethodID}`);
  if (input.categoryID) {
    parts.push(
      sql`exists (select 1 from clients c where c.company_id = b.company_id and c.id = b.client_id and c.client_type_id = ${input.categoryID})`,
    );
  }
  return sql.join([...parts, ...extra], sql` and `);
}

/** Shifts speak for drivers and vehicles only: a filter on anything else leaves them unmeasured. */
export function shiftsApply(input: ReportFilter): boolean {
  return !input.clientID && !input.passengerID && !input.categoryID && !input.paymentMethodID && !input.statusID;
}

/** The driver shifts of the scope clipped to the period (alias s), for hours on shift. */
export function shiftWhere(scope: Scope): SQL {
  const { input } = scope;
  const parts: SQL[] = [
    sql`s.company_id = ${scope.companyId}`,
    sql`s.started_at < ${scope.end}`,
    sql`coalesce(s.ended_at, now()) > ${scope.start}`,
  ];
  if (input.driverID) parts.push(sql`s.driver_id = ${input.driverID}`);
  if (input.vehicletypeID) {
    parts.push(
      sql`exists (select 1 from vehicles v where v.company_id = s.company_id and v.id = s.vehicle_id and v.vehicle_type_id = ${input.vehicletypeID})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * Whole seconds of a shift inside the period, as a double (as the measures sum times: whole numbers
 * add up exactly in any order, and a double sums at a third of the cost of `extract`'s numeric).
 */
export const shiftSeconds = (scope: Scope) =>
  sql`greatest(0, round(date_part('epoch', least(coalesce(s.ended_at, now()), ${scope.end}) - greatest(s.started_at, ${scope.start}))))`;
