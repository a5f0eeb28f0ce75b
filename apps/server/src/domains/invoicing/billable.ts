import { sql, type SQL } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { dayRange } from '../payments/finance-filters';

type Ctx = CallContext<Session>;

/*
 * What is billable (docs/invoicing.md#lifecycle): a done job — completed with a price, or a no-show
 * charged (price above 0) — of a client, paid on account, validated, and on no invoice line yet. The
 * unique index invoice_lines_booking_key makes a second line for a job impossible whatever races.
 */

/** The kinds of job an invoice holds (BookingInvoice/GetInvoiceBookingType). */
export const invoiceBookingTypes = [
  { id: 1, code: 'completed', name: 'Completed account job' },
  { id: 2, code: 'no_show', name: 'No-show charged to the account' },
] as const;

/** The conditions on bookings `b` that make a job billable. */
export function billableWhere(companyId: number): SQL {
  return sql`b.company_id = ${companyId} and b.client_id is not null and b.payment_method = 'account'
    and ((b.status = 'completed' and b.price_minor is not null) or (b.status = 'no_show' and b.price_minor > 0))
    and exists (select 1 from booking_validations v
                where v.company_id = b.company_id and v.booking_id = b.id and v.status = 'validated')
    and not exists (select 1 from invoice_lines l where l.company_id = b.company_id and l.booking_id = b.id)`;
}

/*
 * Billing through a parent (docs/invoicing.md#billing-through-the-parent): a client whose invoiceGroup
 * is 'parent' is billed on its parent's invoices, and so on up while the parent is billed through its
 * own parent. The client an invoice is for is the top of that chain (the billing client).
 */

/** The clients whose jobs go on `clientId`'s invoices: itself and every child billed through it, to any depth. */
export function billedThrough(companyId: number, clientId: number): SQL {
  // `union` (not `union all`) ends the walk even if a loop ever slipped past the clients' check.
  return sql`(with recursive t(id) as (select ${clientId}::int
      union select c.id from clients c join t on c.parent_client_id = t.id
      where c.company_id = ${companyId} and c.invoice_group = 'parent')
    select id from t)`;
}

/** Each client of the company with the client that is billed for its jobs: rows (client_id, bill_to). */
export function billingMap(companyId: number): SQL {
  return sql`(with recursive m(client_id, bill_to) as (
      select id, id from clients where company_id = ${companyId} and (invoice_group <> 'parent' or parent_client_id is null)
      union select c.id, m.bill_to from clients c join m on c.parent_client_id = m.client_id
      where c.company_id = ${companyId} and c.invoice_group = 'parent')
    select client_id, bill_to from m)`;
}

/** The client billed for a client's jobs: its own id, or the ancestor it is billed through. */
export async function billingClientOf(ctx: Ctx, clientId: number): Promise<number> {
  const res = await ctx.db.execute<{ id: number }>(sql`
    with recursive up(id, parent, grp, n) as (
      select id, parent_client_id, invoice_group, 0 from clients where company_id = ${ctx.session.companyId} and id = ${clientId}
      union all
      select p.id, p.parent_client_id, p.invoice_group, up.n + 1 from clients p join up on p.id = up.parent
      where p.company_id = ${ctx.session.companyId} and up.grp = 'parent' and up.n < 100)
    select id from up order by n desc limit 1`);
  return Number(res.rows[0]?.id ?? clientId);
}

/** A job's route as a line reads it: pick-up → drop-off. */
export const routeOf = sql`(select string_agg(s.address, ' → ' order by s.seq) from booking_stops s
  where s.company_id = b.company_id and s.booking_id = b.id and s.kind in ('pickup', 'dropoff'))`;

/** The booking's client references as one text ("PO number: 42, Cost centre: B7"). */
export const referenceOf = sql`(select string_agg(concat_ws(': ', r->>'label', r->>'value'), ', ')
  from jsonb_array_elements(coalesce(b.client_references, '[]'::jsonb)) r where coalesce(r->>'value', '') <> '')`;

export const passengerNameOf = sql`(select nullif(trim(concat_ws(' ', p.first_name, p.surname)), '')
  from passengers p where p.company_id = b.company_id and p.id = b.passenger_id)`;

export interface BillableJob {
  bookingId: number;
  clientId: number;
  /** The job's own client: a child account's name tells the parent's invoice whom a line is for. */
  clientName: string | null;
  status: string;
  pickupAt: string;
  serviceDate: string;
  passengerId: number | null;
  passengerName: string | null;
  route: string | null;
  reference: string | null;
  priceMinor: number;
  currency: string;
  breakdown: Record<string, unknown> | null;
}

interface JobRaw extends Record<string, unknown> {
  id: number;
  client_id: number;
  client_name: string | null;
  status: string;
  pickup_at: Date | string;
  service_date: string;
  passenger_id: number | null;
  passenger_name: string | null;
  route: string | null;
  reference: string | null;
  price_minor: string | number;
  currency: string;
  price_breakdown: Record<string, unknown> | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function jobFrom(r: JobRaw): BillableJob {
  return {
    bookingId: Number(r.id),
    clientId: Number(r.client_id),
    clientName: r.client_name ?? null,
    status: r.status,
    pickupAt: iso(r.pickup_at),
    serviceDate: String(r.service_date),
    passengerId: r.passenger_id === null ? null : Number(r.passenger_id),
    passengerName: r.passenger_name,
    route: r.route,
    reference: r.reference,
    priceMinor: Number(r.price_minor),
    currency: r.currency,
    breakdown: r.price_breakdown,
  };
}

export const jobColumns = (tz: string) => sql`b.id, b.client_id,
  (select c.name from clients c where c.company_id = b.company_id and c.id = b.client_id) as client_name, b.status, b.pickup_at,
  to_char((b.pickup_at at time zone ${tz})::date, 'YYYY-MM-DD') as service_date, b.passenger_id,
  ${passengerNameOf} as passenger_name, ${routeOf} as route, ${referenceOf} as reference, b.price_minor, b.currency,
  b.price_breakdown`;

export interface JobFilter {
  /** Jobs billed through this client: its own and those of its children billed through it. */
  clientId?: number | null;
  clientIds?: number[];
  bookingIds?: number[];
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export function filterWhere(ctx: Ctx, f: JobFilter, tz: string): SQL {
  const parts: SQL[] = [billableWhere(ctx.session.companyId), ...dayRange(sql`b.pickup_at`, f, tz)];
  if (f.clientId) parts.push(sql`b.client_id in ${billedThrough(ctx.session.companyId, f.clientId)}`);
  if (f.clientIds)
    parts.push(
      sql`b.client_id in (${sql.join(
        f.clientIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (f.bookingIds)
    parts.push(
      sql`b.id in (${sql.join(
        f.bookingIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` and `);
}

/** Billable jobs by filter, oldest pick-up first, at most `limit`. */
export async function billableJobs(ctx: Ctx, f: JobFilter, tz: string, limit = 5000): Promise<BillableJob[]> {
  if (f.bookingIds && f.bookingIds.length === 0) return [];
  if (f.clientIds && f.clientIds.length === 0) return [];
  const rows = await ctx.db.execute<JobRaw>(
    sql`select ${jobColumns(tz)} from bookings b where ${filterWhere(ctx, f, tz)} order by b.pickup_at, b.id limit ${limit}`,
  );
  return rows.rows.map(jobFrom);
}

/**
 * Refuses bookings that cannot go on a client's invoice, saying why for the first one: unknown (404),
 * already on an invoice, another client's, not done, not on account, not validated (409).
 */
export async function requireBillable(ctx: Ctx, clientId: number, bookingIds: number[], tz: string) {
  const wanted = [...new Set(bookingIds)];
  const jobs = await billableJobs(ctx, { clientId, bookingIds: wanted }, tz);
  if (jobs.length === wanted.length) return jobs;
  const found = new Set(jobs.map((j) => j.bookingId));
  const missing = wanted.filter((id) => !found.has(id));
  const first = missing[0] as number;
  const rows = await ctx.db.execute<{
    id: number;
    client_id: number | null;
    status: string;
    payment_method: string | null;
    price_minor: string | null;
    billed_here: boolean;
    validation: string | null;
    invoice_id: number | null;
    invoice_no: string | null;
  }>(sql`select b.id, b.client_id, b.status, b.payment_method, b.price_minor,
      coalesce(b.client_id in ${billedThrough(ctx.session.companyId, clientId)}, false) as billed_here,
      (select v.status from booking_validations v where v.company_id = b.company_id and v.booking_id = b.id) as validation,
      l.invoice_id, i.invoice_no
    from bookings b
    left join invoice_lines l on l.company_id = b.company_id and l.booking_id = b.id
    left join invoices i on i.company_id = l.company_id and i.id = l.invoice_id
    where b.company_id = ${ctx.session.companyId} and b.id = ${first}`);
  const b = rows.rows[0];
  if (!b) throw notFound(`Booking ${first}`);
  const why = b.invoice_id
    ? `is already on invoice ${b.invoice_no ?? `draft #${b.invoice_id}`}: a job is billed once`
    : !b.billed_here
      ? 'is not a job of this client (nor of a child account billed through it)'
      : b.payment_method !== 'account'
        ? 'is not paid on account, so it is not invoiced'
        : !(b.status === 'completed' || (b.status === 'no_show' && Number(b.price_minor) > 0))
          ? `is ${b.status.replace('_', ' ')}: only completed jobs and charged no-shows are invoiced`
          : b.price_minor === null
            ? 'has no price yet'
            : b.validation !== 'validated'
              ? b.validation === 'invalid'
                ? 'was marked invalid: fix it in Booking validation first'
                : 'is not validated yet: validate it in Booking validation first'
              : 'cannot be invoiced';
  throw conflict(`Booking ${first} ${why}.`, { bookingId: first });
}
