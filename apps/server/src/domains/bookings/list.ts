import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, orderFrom } from '../../platform/http/list';
import { clients } from '../clients/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { companyFacts } from './company';
import { bookingRowsWhere } from './rows';
import { bookings, bookingStops } from './schema';

type Ctx = CallContext<Session>;
type Input = z.output<typeof schemas.bookingListInput>;

/** The start of a company calendar day as an instant, so the pick-up index serves the range. */
const dayStart = (day: string, tz: string) => sql`((${day}::date)::timestamp at time zone ${tz})`;
const dayAfter = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

/**
 * Free text. Up to nine digits (or #digits) is a booking number. Otherwise: passenger name, phone
 * (by digits, when there are at least four), stop address or postcode, flight number. Passengers are
 * found first and their bookings through the passenger index; stops through their trigram indexes
 * (migration 0003/0004), or row by row when the other filters leave few bookings — the planner picks.
 */
function textSearch(ctx: Ctx, q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  if (/^#?\d{1,9}$/.test(term)) return eq(bookings.id, Number(term.replace('#', '')));
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, '');
  const byPhone =
    digits.length >= 4
      ? sql`or regexp_replace(coalesce(p.mobile, '') || ' ' || coalesce(p.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}`
      : sql``;
  return or(
    sql`${bookings.passengerId} in (select p.id from ${passengers} p where p.company_id = ${ctx.session.companyId}
          and ((p.first_name || ' ' || p.surname) ilike ${pattern} ${byPhone}))`,
    sql`${bookings.id} in (select s.booking_id from ${bookingStops} s where s.company_id = ${ctx.session.companyId}
          and (s.address ilike ${pattern} or s.postcode ilike ${pattern}))`,
    ilike(bookings.flightNumber, pattern),
  );
}

export function bookingFilters(ctx: Ctx, input: Input, tz: string): SQL | undefined {
  const statuses = [...(input.statuses ?? []), ...(input.status ? [input.status] : [])];
  return and(
    eq(bookings.companyId, ctx.session.companyId),
    input.id ? eq(bookings.id, input.id) : undefined,
    input.fromDate ? sql`${bookings.pickupAt} >= ${dayStart(input.fromDate, tz)}` : undefined,
    input.toDate ? sql`${bookings.pickupAt} < ${dayAfter(input.toDate, tz)}` : undefined,
    statuses.length === 1 ? eq(bookings.status, statuses[0] as Input['status'] & string) : undefined,
    statuses.length > 1 ? inArray(bookings.status, statuses) : undefined,
    input.clientId ? eq(bookings.clientId, input.clientId) : undefined,
    input.driverId ? eq(bookings.driverId, input.driverId) : undefined,
    input.passengerId ? eq(bookings.passengerId, input.passengerId) : undefined,
    input.vehicleTypeId ? eq(bookings.vehicleTypeId, input.vehicleTypeId) : undefined,
    input.bookerId ? eq(bookings.bookerId, input.bookerId) : undefined,
    input.source ? eq(bookings.source, input.source) : undefined,
    input.paymentStatus ? eq(bookings.paymentStatus, input.paymentStatus) : undefined,
    input.remotePending === undefined ? undefined : eq(bookings.remotePending, input.remotePending),
    input.q ? textSearch(ctx, input.q) : undefined,
  );
}

/** Booking/GetTableSummary (and GetBooking, GetBookingFilter, GetBookingFiltertestting). */
export async function listBookings(ctx: Ctx, input: Input) {
  const { timezone } = await companyFacts(ctx);
  const where = bookingFilters(ctx, input, timezone);
  const order = orderFrom(
    input,
    {
      pickupAt: bookings.pickupAt,
      id: bookings.id,
      status: bookings.status,
      passengerName: sql`lower(${passengers.surname} || ' ' || ${passengers.firstName})`,
      clientName: sql`lower(${clients.name})`,
      driverName: sql`lower(${drivers.lastName} || ' ' || ${drivers.firstName})`,
      priceMinor: bookings.priceMinor,
      createdAt: bookings.createdAt,
    },
    { column: 'pickupAt', type: 'desc' },
    bookings.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(bookings).where(where))[0]?.n ?? 0,
    rows: (limit, offset) => bookingRowsWhere(ctx.db, where, order, limit, offset),
  });
}
