import { and, asc, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { type bookings, bookingStops } from '../bookings/schema';
import type { PriceBreakdown } from './breakdown';
import { type JourneyToPrice, priceJourney } from './price-journey';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;

/**
 * A done job's final price: the booked price and its breakdown with the waiting the tariff charges
 * for the time waited at the pick-up (docs/pricing.md#final-price). The waiting item is what the
 * engine prices for this journey with and without the wait, so a tariff changed since the booking does
 * not change the agreed part. A price a person set, a discounted price or a job without waiting stays
 * as it was (null).
 */
export async function finalPrice(
  ctx: Ctx,
  booking: Booking,
): Promise<{ priceMinor: number; priceBreakdown: PriceBreakdown } | null> {
  const agreed = booking.priceBreakdown;
  if (!booking.waitingSeconds || !agreed || agreed.override || booking.discountCodeId || booking.priceMinor === null) {
    return null;
  }
  const journey = await bookedJourney(ctx, booking);
  // One after the other: inside the move's transaction the statements share one connection.
  const without = await priceJourney(ctx, journey);
  const withWait = await priceJourney(ctx, { ...journey, waitingSeconds: booking.waitingSeconds });
  const waiting = withWait.breakdown.items.find((i) => i.code === 'waiting');
  if (!waiting) return null;
  const delta = withWait.breakdown.price - without.breakdown.price;
  return {
    priceMinor: booking.priceMinor + delta,
    priceBreakdown: {
      ...agreed,
      price: agreed.price + delta,
      net: agreed.net + (withWait.breakdown.net - without.breakdown.net),
      vat: agreed.vat + (withWait.breakdown.vat - without.breakdown.vat),
      items: [...agreed.items, waiting],
    },
  };
}

/** A booking's journey as it was booked (its stops in order, time, client, vehicle type), to price again. */
export async function bookedJourney(
  ctx: Ctx,
  booking: Pick<Booking, 'id' | 'pickupAt' | 'clientId' | 'vehicleTypeId' | 'hireMinutes' | 'passengerCount'>,
): Promise<JourneyToPrice> {
  const stops = await ctx.db
    .select({
      lat: bookingStops.lat,
      lng: bookingStops.lng,
      postcode: bookingStops.postcode,
      knownLocationId: bookingStops.knownLocationId,
    })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, booking.id)))
    .orderBy(asc(bookingStops.seq));
  return {
    stops: stops.map((s) => ({
      point: s.lat !== null && s.lng !== null ? { lat: Number(s.lat), lng: Number(s.lng) } : null,
      postcode: s.postcode,
      knownLocationId: s.knownLocationId,
    })),
    pickupAt: booking.pickupAt,
    clientId: booking.clientId,
    vehicleTypeId: booking.vehicleTypeId,
    hireMinutes: booking.hireMinutes,
    passengers: booking.passengerCount,
  };
}
