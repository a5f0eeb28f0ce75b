import { sql, type SQL } from 'drizzle-orm';
import { bookingStatusLabels, type BookingStatus, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { countRows, HEAVY_ALL_DATA_LIMIT, listPage } from '../../platform/http/list';
import { statementPayOf } from '../driver-pay/statement-pay';
import { orderBy } from '../payments/finance-filters';
import { cancelSource } from './cancelled-by';
import { bookingWhere, type Ctx, scopeOf } from './filter';

type Input = z.output<typeof schemas.bookingReportInput>;
type CancelledBy = z.output<typeof schemas.bookingReportRow>['cancelledBy'];

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const clientName = sql`(select c.name from clients c where c.company_id = b.company_id and c.id = b.client_id)`;
const driverName = sql`(select concat_ws(' ', d.first_name, d.last_name) from drivers d where d.company_id = b.company_id and d.id = b.driver_id)`;
const passengerName = sql`(select concat_ws(' ', p.first_name, p.surname) from passengers p where p.company_id = b.company_id and p.id = b.passenger_id)`;
const vehicleTypeName = sql`(select t.name from vehicle_types t where t.company_id = b.company_id and t.id = b.vehicle_type_id)`;

const sortColumns: Record<string, SQL> = {
  pickupAt: sql`b.pickup_at`,
  id: sql`b.id`,
  status: sql`b.status`,
  price: sql`b.price_minor`,
  clientName,
  driverName,
  passengerName,
};

function searched(q: string): SQL[] {
  const term = q.trim().replace(/^#/, '');
  if (!term) return [];
  const like = containing(term);
  const byNumber = /^\d{1,9}$/.test(term) ? sql`b.id = ${Number(term)}` : sql`false`;
  return [
    sql`(${byNumber} or ${clientName} ilike ${like} or ${driverName} ilike ${like} or ${passengerName} ilike ${like})`,
  ];
}

type Row = {
  id: number;
  pickup_at: Date | string;
  status: BookingStatus;
  client_id: number | null;
  client_name: string | null;
  passenger_id: number | null;
  passenger_name: string | null;
  driver_id: number | null;
  driver_name: string | null;
  vehicle_type_id: number | null;
  vehicle_type_name: string | null;
  payment_method: string | null;
  price_minor: string | number | null;
  currency: string;
  cancelled_by: CancelledBy | 'unknown' | null;
};

const money = (v: string | number | null) => (v === null ? null : Number(v));

/** Reports/GetReportsDataBooking: the bookings of the filter, newest pick-up first, with totals. */
export async function bookingReport(ctx: Ctx, input: Input) {
  const scope = await scopeOf(ctx, input);
  const where = bookingWhere(scope, searched(input.q));
  const order = orderBy(input, sortColumns, 'pickupAt', sql`b.id`);
  const [page, totals] = await Promise.all([
    listPage(
      input,
      {
        count: () => countRows(ctx.db, sql`bookings b`, where),
        rows: async (limit, offset) => {
          const rows = await ctx.db.execute<Row>(sql`
            select b.id, b.pickup_at, b.status, b.client_id, ${clientName} as client_name,
              b.passenger_id, ${passengerName} as passenger_name, b.driver_id, ${driverName} as driver_name,
              b.vehicle_type_id, ${vehicleTypeName} as vehicle_type_name, b.payment_method,
              b.price_minor, b.currency,
              case when b.status = 'cancelled' then ${cancelSource} end as cancelled_by
            from (select b.id from bookings b where ${where} order by ${order} limit ${limit} offset ${offset}) page
            join bookings b on b.id = page.id
            order by ${order}`);
          const pay = await statementPays(
            ctx,
            rows.rows.map((r) => r.id),
          );
          return rows.rows.map((r) => toRow(r, pay.get(r.id) ?? null));
        },
      },
      HEAVY_ALL_DATA_LIMIT,
    ),
    ctx.db.execute<{ bookings: number; amount: string; revenue: string; driver_pay: string }>(sql`
      select count(*)::int as bookings, coalesce(sum(b.price_minor), 0)::bigint as amount,
        coalesce(sum(b.price_minor) filter (where b.status in ('completed', 'no_show')), 0)::bigint as revenue,
        (select coalesce(sum(p.amount), 0)::bigint from (${statementPayOf(
          ctx.session.companyId,
          sql`select b.id from bookings b where ${where}`,
        )}) p) as driver_pay
      from bookings b where ${where}`),
  ]);
  const t = totals.rows[0];
  return {
    ...page,
    totals: {
      bookings: t?.bookings ?? 0,
      amountMinor: Number(t?.amount ?? 0),
      revenueMinor: Number(t?.revenue ?? 0),
      driverPayMinor: Number(t?.driver_pay ?? 0),
    },
  };
}

/** The pay approved statements give each of the page's bookings (none: not on one yet). */
async function statementPays(ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await ctx.db.execute<{ booking_id: number; amount: string }>(
    statementPayOf(ctx.session.companyId, list),
  );
  return new Map(rows.rows.map((r) => [r.booking_id, Number(r.amount)]));
}

function toRow(r: Row, driverPayMinor: number | null) {
  return {
    id: r.id,
    bookingNumber: String(r.id),
    pickupAt: new Date(r.pickup_at).toISOString(),
    status: r.status,
    statusLabel: bookingStatusLabels[r.status],
    clientId: r.client_id,
    clientName: r.client_name,
    passengerId: r.passenger_id,
    passengerName: r.passenger_name,
    driverId: r.driver_id,
    driverName: r.driver_name,
    vehicleTypeId: r.vehicle_type_id,
    vehicleTypeName: r.vehicle_type_name,
    paymentMethod: r.payment_method,
    priceMinor: money(r.price_minor),
    driverPayMinor,
    currency: r.currency,
    cancelledBy: r.cancelled_by === 'unknown' ? null : r.cancelled_by,
  };
}
