import { and, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ListResponse, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { moveBooking } from '../bookings/moves';
import { bookings, bookingStops, repeatBookings as r } from '../bookings/schema';
import { clients } from '../clients/schema';
import { passengers } from '../passengers/schema';

type Ctx = CallContext<Session>;
type Row = z.output<typeof schemas.repeatBookingRow>;

/** Bookings of a series that cancelling it takes back: not yet dispatched and still to come. */
const cancellableStatuses = ['pending', 'confirmed'] as const;

const source = sql`${bookings}`;
const stopOf = (which: 'first' | 'last') =>
  sql<
    string | null
  >`(select s.address from ${bookingStops} s where s.company_id = ${r.companyId} and s.booking_id = ${r.sourceBookingId}
    ${which === 'last' ? sql`and s.seq > 1` : sql``} order by s.seq ${which === 'last' ? sql`desc` : sql`asc`} limit 1)`;
const bookingCount = sql<number>`(select count(*)::int from ${source} b where b.company_id = ${r.companyId} and b.repeat_booking_id = ${r.id})`;
const upcomingCount = sql<number>`(select count(*)::int from ${source} b where b.company_id = ${r.companyId} and b.repeat_booking_id = ${r.id}
  and b.status in ('pending', 'confirmed') and b.pickup_at > now())`;
const passengerName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${passengers.firstName}, ${passengers.surname})), '')`;

const rowQuery = (ctx: Ctx) =>
  ctx.db
    .select({
      id: r.id,
      sourceBookingId: r.sourceBookingId,
      weekDays: r.weekDays,
      everyWeeks: r.everyWeeks,
      startDate: r.startDate,
      endDate: r.endDate,
      skipExclusions: r.skipExclusions,
      cancelledAt: r.cancelledAt,
      pickup: stopOf('first'),
      dropoff: stopOf('last'),
      passengerName,
      clientName: clients.name,
      bookingCount,
      upcomingCount,
      createdAt: r.createdAt,
    })
    .from(r)
    .leftJoin(bookings, and(eq(bookings.companyId, r.companyId), eq(bookings.id, r.sourceBookingId)))
    .leftJoin(passengers, and(eq(passengers.companyId, r.companyId), eq(passengers.id, bookings.passengerId)))
    .leftJoin(clients, and(eq(clients.companyId, r.companyId), eq(clients.id, bookings.clientId)))
    .$dynamic();

type Raw = Awaited<ReturnType<typeof rowQuery>>[number];
const toRow = (x: Raw): Row => ({
  ...x,
  weekDays: [...x.weekDays].sort((a, b) => a - b),
  isCancelled: x.cancelledAt !== null,
  cancelledAt: x.cancelledAt?.toISOString() ?? null,
  createdAt: x.createdAt.toISOString(),
});

export async function listRepeatBookings(
  ctx: Ctx,
  input: z.output<typeof schemas.repeatBookingListInput>,
): Promise<ListResponse<Row>> {
  const where = and(
    eq(r.companyId, ctx.session.companyId),
    input.id ? eq(r.id, input.id) : undefined,
    input.state === 'active' ? isNull(r.cancelledAt) : undefined,
    input.state === 'cancelled' ? isNotNull(r.cancelledAt) : undefined,
    input.clientId ? eq(bookings.clientId, input.clientId) : undefined,
    searchAny(input.q, [passengerName, clients.name, stopOf('first')]),
  );
  const order = orderFrom(
    input,
    {
      startDate: r.startDate,
      endDate: r.endDate,
      createdAt: r.createdAt,
      bookingCount,
      passengerName,
    },
    { column: 'createdAt', type: 'desc' },
    r.id,
  );
  return listPage(input, {
    count: async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(r)
          .leftJoin(bookings, and(eq(bookings.companyId, r.companyId), eq(bookings.id, r.sourceBookingId)))
          .leftJoin(passengers, and(eq(passengers.companyId, r.companyId), eq(passengers.id, bookings.passengerId)))
          .leftJoin(clients, and(eq(clients.companyId, r.companyId), eq(clients.id, bookings.clientId)))
          .where(where)
      )[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await rowQuery(ctx)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

/**
 * Ends a series: it is marked cancelled, and its bookings still to come that nobody has been
 * dispatched to are cancelled through the booking state machine. Dispatched, active and past
 * bookings stay as they are.
 */
export async function cancelRepeatBooking(ctx: Ctx, id: number) {
  const where = and(eq(r.companyId, ctx.session.companyId), eq(r.id, id));
  const [series] = await ctx.db.select().from(r).where(where).for('update');
  if (!series) throw notFound(`Repeat booking ${id}`);
  if (series.cancelledAt) {
    throw conflict(`Repeat booking ${id} was cancelled already.`, { cancelledAt: series.cancelledAt.toISOString() });
  }
  const now = new Date();
  const due = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        eq(bookings.repeatBookingId, id),
        inArray(bookings.status, [...cancellableStatuses]),
        gt(bookings.pickupAt, now),
      ),
    )
    .orderBy(bookings.pickupAt);
  const cancelled: number[] = [];
  for (const b of due) {
    await moveBooking(ctx, b.id, 'cancel', { note: `Repeat booking ${id} cancelled` });
    cancelled.push(b.id);
  }
  await ctx.db.update(r).set({ cancelledAt: now, updatedAt: now }).where(where);
  await recordAudit(ctx, {
    entityType: 'repeat_booking',
    entityId: id,
    action: 'cancelled',
    changes: { cancelledBookingIds: { before: null, after: cancelled } },
  });
  return {
    data: { id, cancelledAt: now.toISOString(), cancelledBookingIds: cancelled },
    message:
      cancelled.length === 1
        ? 'Repeat booking cancelled with 1 future booking.'
        : `Repeat booking cancelled with ${cancelled.length} future bookings.`,
  };
}
