import { and, eq } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';
import { bookings } from '../bookings/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Booking/GetBookingTime: a job given to another driver (or company) is "not found". */
export async function driverBookingTime(ctx: Ctx, id: number) {
  const [b] = await ctx.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        eq(bookings.driverId, signedInDriverId(ctx)),
        eq(bookings.id, id),
      ),
    );
  if (!b) throw notFound('Booking');
  return {
    id: b.id,
    status: b.status,
    pickupAt: b.pickupAt.toISOString(),
    isAsap: b.isAsap,
    offeredAt: iso(b.offeredAt),
    allocatedAt: iso(b.allocatedAt),
    acceptedAt: iso(b.acceptedAt),
    onRouteAt: iso(b.onRouteAt),
    arrivedAt: iso(b.arrivedAt),
    onBoardAt: iso(b.onBoardAt),
    completedAt: iso(b.completedAt),
    cancelledAt: iso(b.cancelledAt),
    waitingSeconds: b.waitingSeconds,
    journeyMinutes:
      b.onBoardAt && b.completedAt ? Math.round((b.completedAt.getTime() - b.onBoardAt.getTime()) / 60_000) : null,
  };
}
