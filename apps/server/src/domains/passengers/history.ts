import { companyFacts } from '../company/facts';
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { bookingStatusLabels, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { bookings, bookingStops } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';
import { storedPassenger } from './rows';

type Ctx = CallContext<Session>;
type Input = z.output<typeof schemas.passengerBookingHistoryInput>;

const stop = (which: 'first' | 'last') =>
  sql<string | null>`(select s.address from ${bookingStops} s
    where s.company_id = ${bookings.companyId} and s.booking_id = ${bookings.id}
    ${which === 'first' ? sql`and s.seq = 1` : sql`and s.seq > 1 order by s.seq desc limit 1`})`;

/** Passenger/GetPassengerBookingHistory: newest first unless sorted otherwise; dates on the company clock. */
export async function passengerBookingHistory(ctx: Ctx, input: Input) {
  await storedPassenger(ctx, input.id);
  const { timezone } = await companyFacts(ctx);
  const local = sql`(${bookings.pickupAt} at time zone ${timezone})`;
  const where = and(
    eq(bookings.companyId, ctx.session.companyId),
    eq(bookings.passengerId, input.id),
    input.status ? eq(bookings.status, input.status) : undefined,
    input.fromDate ? gte(local, sql`${input.fromDate}::date`) : undefined,
    input.toDate ? lt(local, sql`(${input.toDate}::date + 1)`) : undefined,
    input.q.trim()
      ? sql`(${bookings.id}::text = ${input.q.trim()} or exists (select 1 from ${bookingStops} s
          where s.company_id = ${bookings.companyId} and s.booking_id = ${bookings.id}
          and s.address ilike ${`%${input.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}))`
      : undefined,
  );
  const type = input.sortType ?? (input.sortColumn ? 'asc' : 'desc');
  const by = type === 'desc' ? desc : asc;
  const column = input.sortColumn ?? 'pickupAt';
  const order: SQL[] =
    column === 'status'
      ? [by(bookings.status), desc(bookings.pickupAt)]
      : column === 'priceMinor'
        ? [sql`${bookings.priceMinor} ${sql.raw(type)} nulls last`, desc(bookings.pickupAt)]
        : [by(bookings.pickupAt)];

  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(bookings).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const rows = await ctx.db
        .select({
          id: bookings.id,
          pickupAt: bookings.pickupAt,
          status: bookings.status,
          pickup: stop('first'),
          dropoff: stop('last'),
          priceMinor: bookings.priceMinor,
          currency: bookings.currency,
          driverName: sql<string | null>`${drivers.firstName} || ' ' || ${drivers.lastName}`,
          vehicleRegistration: vehicles.registration,
        })
        .from(bookings)
        .leftJoin(drivers, and(eq(drivers.companyId, bookings.companyId), eq(drivers.id, bookings.driverId)))
        .leftJoin(vehicles, and(eq(vehicles.companyId, bookings.companyId), eq(vehicles.id, bookings.vehicleId)))
        .where(where)
        .orderBy(...order, by(bookings.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r,
        pickupAt: r.pickupAt.toISOString(),
        statusName: bookingStatusLabels[r.status],
      }));
    },
  });
}
