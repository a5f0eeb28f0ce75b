import { sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';

export type Ctx = CallContext<Session>;
export type ValidationRow = z.output<typeof schemas.bookingValidationRow>;

/** The statuses of a done job: only these are validated (docs/invoicing.md#booking-validation). */
export const doneJob = sql`b.status in ('completed', 'no_show')`;

/** A job's check, one row at most (booking_validations_booking_key). */
export const validationJoin = sql`left join booking_validations v on v.company_id = b.company_id and v.booking_id = b.id`;

const extrasOf = sql`coalesce((select sum((i->>'amount')::bigint) from jsonb_array_elements(
  case when jsonb_typeof(b.price_breakdown->'items') = 'array' then b.price_breakdown->'items' else '[]'::jsonb end) i
  where i->>'code' = 'extra'), 0)::bigint`;

/** What a validation line reads of a booking: look-ups as primary-key sub-selects, as the booking list does. */
const columns = sql`b.id, b.status, b.pickup_at, b.completed_at, b.client_id, b.passenger_id, b.driver_id, b.vehicle_type_id,
  b.payment_method, b.price_minor, b.currency, b.waiting_seconds, b.distance_metres, b.driven_metres,
  ${extrasOf} as extras_minor,
  (select coalesce(sum(e.amount_minor), 0)::bigint from driver_expenses e
     where e.company_id = b.company_id and e.booking_id = b.id and e.status <> 'declined') as expenses_minor,
  (select c.name from clients c where c.id = b.client_id) as client_name,
  (select nullif(trim(concat_ws(' ', p.first_name, p.surname)), '') from passengers p where p.id = b.passenger_id) as passenger_name,
  (select nullif(trim(concat_ws(' ', d.first_name, d.last_name)), '') from drivers d where d.id = b.driver_id) as driver_name,
  (select t.name from vehicle_types t where t.id = b.vehicle_type_id) as vehicle_type_name,
  (select s.address from booking_stops s where s.company_id = b.company_id and s.booking_id = b.id and s.kind = 'pickup' order by s.seq limit 1) as pickup_address,
  (select s.address from booking_stops s where s.company_id = b.company_id and s.booking_id = b.id and s.kind = 'dropoff' order by s.seq desc limit 1) as dropoff_address,
  (select count(*)::int from booking_stops s where s.company_id = b.company_id and s.booking_id = b.id and s.kind = 'via') as via_count,
  v.status as validation_status, v.reason, v.recalculated_minor, v.accepted_minor, v.is_override, v.validated_at,
  (select u.full_name from users u where u.id = v.validated_by) as validated_by_name,
  (select l.invoice_id from invoice_lines l where l.company_id = b.company_id and l.booking_id = b.id limit 1) as invoice_id`;

interface Raw extends Record<string, unknown> {
  id: number;
  status: ValidationRow['status'];
  pickup_at: Date | string;
  completed_at: Date | string | null;
  client_id: number | null;
  passenger_id: number | null;
  driver_id: number | null;
  vehicle_type_id: number | null;
  payment_method: string | null;
  price_minor: string | number | null;
  currency: string;
  waiting_seconds: number | null;
  distance_metres: number | null;
  driven_metres: number | null;
  extras_minor: string | number;
  expenses_minor: string | number;
  client_name: string | null;
  passenger_name: string | null;
  driver_name: string | null;
  vehicle_type_name: string | null;
  pickup_address: string | null;
  dropoff_address: string | null;
  via_count: number;
  validation_status: 'validated' | 'invalid' | null;
  reason: string | null;
  recalculated_minor: string | number | null;
  accepted_minor: string | number | null;
  is_override: boolean | null;
  validated_at: Date | string | null;
  validated_by_name: string | null;
  invoice_id: number | null;
}

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

export function routeSummary(pickup: string | null, dropoff: string | null, vias: number): string {
  const ends = [pickup ?? '—', dropoff ?? (pickup ? 'as directed' : '—')].join(' → ');
  return vias > 0 ? `${ends} (${vias} stop${vias === 1 ? '' : 's'} between)` : ends;
}

function toRow(r: Raw): ValidationRow {
  return {
    id: r.id,
    bookingNumber: String(r.id),
    status: r.status,
    pickupAt: iso(r.pickup_at) as string,
    completedAt: iso(r.completed_at),
    clientId: r.client_id,
    clientName: r.client_name,
    passengerId: r.passenger_id,
    passengerName: r.passenger_name,
    driverId: r.driver_id,
    driverName: r.driver_name,
    vehicleTypeId: r.vehicle_type_id,
    vehicleTypeName: r.vehicle_type_name,
    paymentMethod: r.payment_method,
    pickupAddress: r.pickup_address,
    dropoffAddress: r.dropoff_address,
    viaCount: r.via_count,
    routeSummary: routeSummary(r.pickup_address, r.dropoff_address, r.via_count),
    priceMinor: num(r.price_minor),
    currency: r.currency,
    waitingMinutes: Math.floor((r.waiting_seconds ?? 0) / 60),
    pricedMetres: r.distance_metres,
    drivenMetres: r.driven_metres,
    extrasMinor: Number(r.extras_minor),
    expensesMinor: Number(r.expenses_minor),
    noShow: r.status === 'no_show',
    validationStatus: r.validation_status ?? 'toValidate',
    reason: r.reason,
    recalculatedMinor: num(r.recalculated_minor),
    acceptedMinor: num(r.accepted_minor),
    isOverride: r.is_override ?? false,
    validatedAt: iso(r.validated_at),
    validatedByName: r.validated_by_name,
    invoiceId: r.invoice_id,
  };
}

/** Validation lines of the bookings the condition picks, in the order given. */
export async function readRows(ctx: Ctx, where: SQL, order: SQL, limit: number, offset: number) {
  const raw = await ctx.db.execute<Raw>(
    sql`select ${columns} from bookings b ${validationJoin} where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
  return raw.rows.map(toRow);
}

/** The lines of some bookings of the caller's company, by id. */
export function rowsOf(ctx: Ctx, ids: number[]): Promise<ValidationRow[]> {
  if (!ids.length) return Promise.resolve([]);
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return readRows(ctx, sql`b.company_id = ${ctx.session.companyId} and b.id in (${list})`, sql`b.id`, ids.length, 0);
}
