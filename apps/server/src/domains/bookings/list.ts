import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { countRows, HEAVY_ALL_DATA_LIMIT, listPage, orderFrom } from '../../platform/http/list';
import { clients } from '../clients/schema';
import { drivers } from '../drivers/schema';
import { passengerNameText, passengerPhoneDigits, passengers } from '../passengers/schema';
import { companyFacts } from './company';
import { bookingRowsWhere, clientOf, driverOf, passengerOf } from './rows';
import { bookings, bookingStops } from './schema';

type Ctx = CallContext<Session>;
type Input = z.output<typeof schemas.bookingListInput>;

/** The start of a company calendar day as an instant, so the pick-up index serves the range. */
const dayStart = (day: string, tz: string) => sql`((${day}::date)::timestamp at time zone ${tz})`;
const dayAfter = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

/** More matches than this for one part of a search only narrow the list by what they hold. */
const SEARCH_MATCH_LIMIT = 5000;

/**
 * Free text. Up to nine digits (or #digits) is a booking number; digits with spaces, +, brackets or
 * dashes a phone number (by its digits); other text a passenger's name, a stop's address or
 * postcode, or a flight number. The passengers and the stop and flight matches are looked up first
 * (name and trigram indexes, migrations 0003–0005) and the bookings then narrowed by plain id lists:
 * the planner can walk the pick-up index and stop after a page, rather than collect every match.
 */
async function textSearch(ctx: Ctx, q: string): Promise<SQL | undefined> {
  const term = q.trim();
  if (!term) return undefined;
  if (/^#?\d{1,9}$/.test(term)) return eq(bookings.id, Number(term.replace('#', '')));
  const companyId = ctx.session.companyId;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, '');
  const isPhone = digits.length >= 4 && /^[\d\s()+.-]+$/.test(term);
  const ids = async (query: SQL) =>
    (await ctx.db.execute<{ id: number }>(sql`${query} limit ${SEARCH_MATCH_LIMIT}`)).rows.map((r) => r.id);
  // The two look-ups are independent: on the pool (a list reads outside a transaction) they run at once.
  const [people, trips] = await Promise.all([
    ids(
      sql`select ${passengers.id} as id from ${passengers} where ${passengers.companyId} = ${companyId} and ${
        isPhone
          ? sql`${passengerPhoneDigits(passengers)} like ${`%${digits}%`}`
          : sql`${passengerNameText(passengers)} ilike ${pattern}`
      }`,
    ),
    isPhone
      ? Promise.resolve([])
      : ids(sql`select s.booking_id as id from ${bookingStops} s where s.company_id = ${companyId}
            and (s.address ilike ${pattern} or s.postcode ilike ${pattern})
          union select f.id from ${bookings} f where f.company_id = ${companyId} and f.flight_number ilike ${pattern}`),
  ]);
  if (!people.length && !trips.length) return sql`false`;
  return or(
    people.length ? inArray(bookings.passengerId, people) : undefined,
    trips.length ? inArray(bookings.id, trips) : undefined,
  );
}

export async function bookingFilters(ctx: Ctx, input: Input, tz: string): Promise<SQL | undefined> {
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
    input.vehicleId ? eq(bookings.vehicleId, input.vehicleId) : undefined,
    input.bookerId ? eq(bookings.bookerId, input.bookerId) : undefined,
    input.source ? eq(bookings.source, input.source) : undefined,
    input.paymentStatus ? eq(bookings.paymentStatus, input.paymentStatus) : undefined,
    input.remotePending === undefined ? undefined : eq(bookings.remotePending, input.remotePending),
    input.q ? await textSearch(ctx, input.q) : undefined,
  );
}

/** Booking/GetTableSummary (and GetBooking, GetBookingFilter, GetBookingFiltertestting). */
export async function listBookings(ctx: Ctx, input: Input) {
  const { timezone } = await companyFacts(ctx);
  const where = await bookingFilters(ctx, input, timezone);
  const order = orderFrom(
    input,
    {
      pickupAt: bookings.pickupAt,
      id: bookings.id,
      status: bookings.status,
      passengerName: passengerOf(sql`lower(${passengers.surname} || ' ' || ${passengers.firstName})`),
      clientName: clientOf(sql`lower(${clients.name})`),
      driverName: driverOf(sql`lower(${drivers.lastName} || ' ' || ${drivers.firstName})`),
      priceMinor: bookings.priceMinor,
      createdAt: bookings.createdAt,
    },
    { column: 'pickupAt', type: 'desc' },
    bookings.id,
  );
  return listPage(
    input,
    {
      count: () => countRows(ctx.db, sql`${bookings}`, where),
      rows: (limit, offset) => bookingRowsWhere(ctx.db, where, order, limit, offset),
    },
    HEAVY_ALL_DATA_LIMIT,
  );
}
