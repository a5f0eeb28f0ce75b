import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { doneStatuses, type BookingStatus, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { countRows, listPage } from '../../platform/http/list';
import { companyFacts } from '../bookings/company';
import { driverJobRowsWhere } from './job-rows';
import { bookings } from '../bookings/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

/** Jobs the driver still has to do or is doing: offered to them, given to them, under way. */
export const driverOpenStatuses: BookingStatus[] = [
  'offered',
  'allocated',
  'accepted',
  'on_route',
  'arrived',
  'on_board',
];

const mine = (ctx: Ctx) =>
  and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.driverId, signedInDriverId(ctx)));

/** Booking/GetTableSummaryBookingDriverApp */
export function listDriverJobs(ctx: Ctx, input: z.output<typeof schemas.driverJobListInput>) {
  const where = and(mine(ctx), inArray(bookings.status, driverOpenStatuses));
  const order = [asc(bookings.pickupAt), asc(bookings.id)];
  return listPage(input, {
    count: () => countRows(ctx.db, sql`${bookings}`, where),
    rows: (limit, offset) => driverJobRowsWhere(ctx, where, order, limit, offset),
  });
}

/** Booking/GetTableSummaryBookingDriverHistory */
export async function listDriverHistory(ctx: Ctx, input: z.output<typeof schemas.driverHistoryListInput>) {
  const { timezone: tz } = await companyFacts(ctx);
  const where = and(
    mine(ctx),
    inArray(bookings.status, [...doneStatuses]),
    input.fromDate ? sql`${bookings.pickupAt} >= ((${input.fromDate}::date)::timestamp at time zone ${tz})` : undefined,
    input.toDate ? sql`${bookings.pickupAt} < ((${input.toDate}::date + 1)::timestamp at time zone ${tz})` : undefined,
  );
  const order = [desc(bookings.pickupAt), desc(bookings.id)];
  return listPage(input, {
    count: () => countRows(ctx.db, sql`${bookings}`, where),
    rows: (limit, offset) => driverJobRowsWhere(ctx, where, order, limit, offset),
  });
}

/** Booking/GetDriverUpcomingBooking: a job under way comes before one waiting, then the soonest pick-up. */
export async function driverUpcoming(ctx: Ctx) {
  const where = and(mine(ctx), inArray(bookings.status, driverOpenStatuses));
  const order = [
    sql`case when ${bookings.status} in ('on_route', 'arrived', 'on_board') then 0 else 1 end`,
    asc(bookings.pickupAt),
    asc(bookings.id),
  ];
  const [row] = await driverJobRowsWhere(ctx, where, order, 1);
  return { booking: row ?? null };
}
