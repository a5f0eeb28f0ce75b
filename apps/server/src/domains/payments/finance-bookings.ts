import { sql, type SQL } from 'drizzle-orm';
import { doneStatuses, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { countRows, HEAVY_ALL_DATA_LIMIT, listPage } from '../../platform/http/list';
import { companyFacts } from '../company/facts';
import { cardLabel, dayRange, joinAnd, minor, orderBy, type Ctx } from './finance-filters';

type CardInput = z.output<typeof schemas.cardBookingListInput>;
type CashInput = z.output<typeof schemas.cashBookingListInput>;
type Method = 'card' | 'cash';

const done = sql.join(
  doneStatuses.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The bookings of a Finance list: paid by the method, not cancelled or rejected, the list's filters.
 * The pick-up range and the method meet the bookings_finance_idx index (migration 0028).
 */
function financeWhere(ctx: Ctx, method: Method, input: CardInput | CashInput, tz: string): SQL {
  const parts: SQL[] = [
    sql`b.company_id = ${ctx.session.companyId}`,
    sql`b.payment_method = ${method}`,
    sql`b.status not in ('cancelled', 'rejected')`,
    ...dayRange(sql`b.pickup_at`, input, tz),
  ];
  if (input.clientID) parts.push(sql`b.client_id = ${input.clientID}`);
  if (input.driverID) parts.push(sql`b.driver_id = ${input.driverID}`);
  if (input.vehicleTypeID) parts.push(sql`b.vehicle_type_id = ${input.vehicleTypeID}`);
  if (input.paymentStatus) parts.push(sql`b.payment_status = ${input.paymentStatus}`);
  const q = input.q.trim().replace(/^#/, '');
  if (q) {
    const byNumber = /^\d{1,9}$/.test(q) ? sql`b.id = ${Number(q)}` : sql`false`;
    const byCard =
      method === 'card' && /^\d{4}$/.test(q)
        ? sql`b.id = any(array(select c.booking_id from card_payments c
            where c.company_id = ${ctx.session.companyId} and c.last4 = ${q} and c.booking_id is not null))`
        : sql`false`;
    // Both by the bookings' primary key (the card's bookings found first by card_payments_last4_idx), not
    // a look at every booking of the period.
    parts.push(sql`(${byNumber} or ${byCard})`);
  }
  return joinAnd(parts);
}

const cardSums = sql`coalesce(sum(c.amount_minor) filter (where c.status = 'requires_capture'), 0)::bigint as authorised,
         coalesce(sum(c.captured_minor), 0)::bigint as captured,
         coalesce(sum(c.refunded_minor), 0)::bigint as refunded`;

/** What a booking's card payments took and its latest card, one row per booking (index probes, not a join). */
const cardMoney = sql`left join lateral (
  select ${cardSums},
         (array_agg(c.brand order by c.id desc) filter (where c.last4 is not null))[1] as brand,
         (array_agg(c.last4 order by c.id desc) filter (where c.last4 is not null))[1] as last4
  from card_payments c where c.company_id = b.company_id and c.booking_id = b.id) m on true`;

/** The cash a booking's driver collected and who collected it. */
const cashMoney = sql`left join lateral (
  select coalesce(sum(t.amount_minor), 0)::bigint as collected,
         (array_agg(t.driver_id order by t.id desc))[1] as collector
  from payment_transactions t
  where t.company_id = b.company_id and t.booking_id = b.id and t.kind = 'cashCollection') m on true`;

const people = sql`
  (select nullif(trim(concat_ws(' ', p.first_name, p.surname)), '') from passengers p where p.id = b.passenger_id) as passenger_name,
  (select c.name from clients c where c.id = b.client_id) as client_name,
  (select nullif(trim(concat_ws(' ', d.first_name, d.last_name)), '') from drivers d where d.id = b.driver_id) as driver_name,
  (select v.name from vehicle_types v where v.id = b.vehicle_type_id) as vehicle_type_name`;

interface BaseRaw extends Record<string, unknown> {
  id: number;
  status: string;
  pickup_at: Date | string;
  price_minor: string | number | null;
  currency: string;
  payment_status: z.output<typeof schemas.cardBookingRow>['paymentStatus'];
  passenger_id: number | null;
  passenger_name: string | null;
  client_id: number | null;
  client_name: string | null;
  driver_id: number | null;
  driver_name: string | null;
  vehicle_type_id: number | null;
  vehicle_type_name: string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const baseRow = (r: BaseRaw) => ({
  id: r.id,
  status: r.status,
  pickupAt: iso(r.pickup_at),
  price: r.price_minor === null ? null : minor(r.price_minor),
  currency: r.currency,
  paymentStatus: r.payment_status,
  passengerId: r.passenger_id,
  passengerName: r.passenger_name,
  clientId: r.client_id,
  clientName: r.client_name,
  driverId: r.driver_id,
  driverName: r.driver_name,
  vehicleTypeId: r.vehicle_type_id,
  vehicleTypeName: r.vehicle_type_name,
});

const baseColumns = sql`b.id, b.status, b.pickup_at, b.price_minor, b.currency, b.payment_status, b.passenger_id,
  b.client_id, b.driver_id, b.vehicle_type_id`;

/** Booking/GetTableSummaryCreditCardsBooking. */
export async function listCardBookings(ctx: Ctx, input: CardInput) {
  const { timezone } = await companyFacts(ctx);
  const where = financeWhere(ctx, 'card', input, timezone);
  const order = orderBy(
    input,
    {
      pickupAt: sql`b.pickup_at`,
      id: sql`b.id`,
      price: sql`b.price_minor`,
      captured: sql`m.captured`,
      paymentStatus: sql`b.payment_status`,
    },
    'pickupAt',
    sql`b.id`,
  );
  return listPage(
    input,
    {
      count: () => countRows(ctx.db, sql`bookings b`, where),
      rows: async (limit, offset) => {
        const raw = await ctx.db.execute<
          BaseRaw & {
            authorised: string;
            captured: string;
            refunded: string;
            brand: string | null;
            last4: string | null;
          }
        >(sql`select ${baseColumns}, m.*, ${people} from bookings b ${cardMoney}
              where ${where} order by ${order} limit ${limit} offset ${offset}`);
        return raw.rows.map((r) => ({
          ...baseRow(r),
          authorised: minor(r.authorised),
          captured: minor(r.captured),
          refunded: minor(r.refunded),
          card: cardLabel(r.brand, r.last4),
        }));
      },
    },
    HEAVY_ALL_DATA_LIMIT,
  );
}

/** Booking/GetTableSummaryCashBooking. */
export async function listCashBookings(ctx: Ctx, input: CashInput) {
  const { timezone } = await companyFacts(ctx);
  const where = financeWhere(ctx, 'cash', input, timezone);
  const difference = sql`(case when b.status in (${done}) or m.collected > 0 then m.collected - coalesce(b.price_minor, 0) else 0 end)`;
  const order = orderBy(
    input,
    {
      pickupAt: sql`b.pickup_at`,
      id: sql`b.id`,
      price: sql`b.price_minor`,
      cashCollected: sql`m.collected`,
      difference,
    },
    'pickupAt',
    sql`b.id`,
  );
  return listPage(
    input,
    {
      count: () => countRows(ctx.db, sql`bookings b`, where),
      rows: async (limit, offset) => {
        const raw = await ctx.db.execute<
          BaseRaw & { collected: string; collected_by: string | null; difference: string }
        >(sql`select ${baseColumns}, m.collected, ${difference}::bigint as difference,
                (select nullif(trim(concat_ws(' ', d.first_name, d.last_name)), '') from drivers d where d.id = m.collector) as collected_by,
                ${people}
              from bookings b ${cashMoney}
              where ${where} order by ${order} limit ${limit} offset ${offset}`);
        return raw.rows.map((r) => ({
          ...baseRow(r),
          cashCollected: minor(r.collected),
          collectedBy: r.collected_by,
          difference: minor(r.difference),
        }));
      },
    },
    HEAVY_ALL_DATA_LIMIT,
  );
}

/**
 * A set's bookings summed per company day: the figures each booking's row keeps of its payments
 * (settleBookingStatus), so the sums read bookings_finance_idx alone — no booking's payments are
 * looked at (docs/payments.md#lists-and-reconciliation).
 */
const perDay = (tz: string, sums: SQL, where: SQL) =>
  sql`select to_char(d.on_day, 'YYYY-MM-DD') as day, d.* from (
        select (b.pickup_at at time zone ${tz})::date as on_day, count(*)::int as n, ${sums}
        from bookings b where ${where} group by 1) d
      order by d.on_day`;

/** Booking/GetCCBookingsTotalAndRevenue: the list's set summed, and its revenue per day. */
export async function cardBookingTotals(
  ctx: Ctx,
  input: CardInput,
): Promise<z.output<typeof schemas.cardBookingTotals>> {
  const { timezone, currency } = await companyFacts(ctx);
  const where = financeWhere(ctx, 'card', input, timezone);
  const raw = await ctx.db.execute<{
    day: string;
    n: number;
    authorised: string;
    captured: string;
    refunded: string;
  }>(
    perDay(
      timezone,
      sql`sum(b.card_authorised_minor)::bigint as authorised, sum(b.card_captured_minor)::bigint as captured,
          sum(b.card_refunded_minor)::bigint as refunded`,
      where,
    ),
  );
  const totals = { totalBookings: 0, revenue: 0, authorised: 0, captured: 0, refunded: 0, currency };
  const byDay = raw.rows.map((r) => {
    const captured = minor(r.captured);
    const refunded = minor(r.refunded);
    totals.totalBookings += r.n;
    totals.authorised += minor(r.authorised);
    totals.captured += captured;
    totals.refunded += refunded;
    return { day: r.day, revenue: captured - refunded, bookings: r.n };
  });
  totals.revenue = totals.captured - totals.refunded;
  return { ...totals, byDay };
}

/** Booking/GetCashBookingsTotalAndRevenue: the fares, the cash collected, and what the drivers still hold. */
export async function cashBookingTotals(
  ctx: Ctx,
  input: CashInput,
): Promise<z.output<typeof schemas.cashBookingTotals>> {
  const { timezone, currency } = await companyFacts(ctx);
  const where = financeWhere(ctx, 'cash', input, timezone);
  const [raw, held] = await Promise.all([
    ctx.db.execute<{ day: string; n: number; fares: string; collected: string }>(
      perDay(
        timezone,
        sql`coalesce(sum(b.price_minor), 0)::bigint as fares, sum(b.cash_collected_minor)::bigint as collected`,
        where,
      ),
    ),
    ctx.db.execute<{ held: string | null }>(
      sql`select sum(a.balance_minor)::bigint as held from ledger_accounts a
          where a.company_id = ${ctx.session.companyId} and a.kind = 'driverCash'
            and a.owner_id in (select distinct b.driver_id from bookings b where ${where} and b.driver_id is not null)`,
    ),
  ]);
  const totals = { totalBookings: 0, totalFares: 0, cashCollected: 0 };
  const byDay = raw.rows.map((r) => {
    totals.totalBookings += r.n;
    totals.totalFares += minor(r.fares);
    totals.cashCollected += minor(r.collected);
    return { day: r.day, revenue: minor(r.collected), bookings: r.n };
  });
  return { ...totals, cashWithDrivers: minor(held.rows[0]?.held), currency, byDay };
}
