import { and, asc, eq } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { users } from '../auth/schema';
import { bookingRowQuery, toBookingRow } from './rows';
import { bookers, bookings, bookingStops } from './schema';

type Ctx = CallContext<Session>;
export type BookingDetails = z.output<typeof schemas.bookingDetails>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const num = (v: string | null) => (v === null ? null : Number(v));

/** Booking/GetBookingDetails: one booking of the caller's company with everything about it. */
export async function bookingDetails(ctx: Ctx, id: number): Promise<BookingDetails> {
  const mine = and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id));
  const [raw] = await bookingRowQuery(ctx.db).where(mine);
  if (!raw) throw notFound(`Booking ${id}`);
  const [more] = await ctx.db
    .select({
      b: bookings,
      bookerName: bookers.name,
      createdByName: users.fullName,
    })
    .from(bookings)
    .leftJoin(bookers, and(eq(bookers.companyId, bookings.companyId), eq(bookers.id, bookings.bookerId)))
    .leftJoin(users, and(eq(users.companyId, bookings.companyId), eq(users.id, bookings.createdBy)))
    .where(mine);
  const stops = await ctx.db
    .select()
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, id)))
    .orderBy(asc(bookingStops.seq));
  const b = (more as NonNullable<typeof more>).b;
  return {
    ...toBookingRow(raw),
    stops: stops.map((s) => ({
      seq: s.seq,
      kind: s.kind,
      address: s.address,
      postcode: s.postcode,
      lat: num(s.lat),
      lng: num(s.lng),
      knownLocationId: s.knownLocationId,
      arrivedAt: iso(s.arrivedAt),
      departedAt: iso(s.departedAt),
    })),
    hireMinutes: b.hireMinutes,
    notesForDriver: b.notesForDriver,
    notesForOffice: b.notesForOffice,
    bookerId: b.bookerId,
    bookerName: more?.bookerName ?? null,
    clientReferences: b.clientReferences ?? [],
    discountCodeId: b.discountCodeId,
    discountMinor: b.discountMinor,
    priceBreakdown: b.priceBreakdown ?? null,
    driverPriceMinor: b.driverPriceMinor,
    distanceMetres: b.distanceMetres,
    durationSeconds: b.durationSeconds,
    drivenMetres: b.drivenMetres,
    pickupZoneId: b.pickupZoneId,
    dropoffZoneId: b.dropoffZoneId,
    repeatBookingId: b.repeatBookingId,
    offeredAt: iso(b.offeredAt),
    allocatedAt: iso(b.allocatedAt),
    acceptedAt: iso(b.acceptedAt),
    onRouteAt: iso(b.onRouteAt),
    arrivedAt: iso(b.arrivedAt),
    onBoardAt: iso(b.onBoardAt),
    completedAt: iso(b.completedAt),
    cancelledAt: iso(b.cancelledAt),
    waitingSeconds: b.waitingSeconds,
    createdByName: more?.createdByName ?? null,
    updatedAt: b.updatedAt.toISOString(),
  };
}
