import type { schemas } from '@cabdesk/contract';
import type { Discount } from '@cabdesk/fare-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import type { PriceBreakdown } from '../pricing/breakdown';
import { priceJourney, priceParts } from '../pricing/price-journey';
import { pointOf, zoneIn, zonesOf } from './zones';

type Ctx = CallContext<Session>;
type StopInput = z.output<typeof schemas.stopInput>;

/*
 * A booking's price as Create and Update keep it: the fare engine's answer for its route and parties,
 * or a person's own price with the engine's answer beside it (docs/bookings.md).
 */

/** What prices a journey: its parties, the pick-up time and the discount (resolved by the caller). */
export interface JourneyParties {
  hireMinutes: number | null;
  vehicleTypeId: number | null;
  clientId: number | null;
  passengers: number;
  pickupAt: Date;
  discount: Discount | null;
}

/** Zones and the fare engine's price of a route; no price for an unplaced route that is not an hourly hire. */
export async function journeyOf(ctx: Ctx, stops: StopInput[], parties: JourneyParties) {
  const points = await Promise.all(stops.map((s) => pointOf(ctx, s)));
  const located = points.every((p) => p !== null);
  if (!located && !parties.hireMinutes) {
    const zoneList = await zonesOf(ctx);
    return {
      priced: null,
      pickupZoneId: zoneIn(zoneList, points[0] ?? null)?.id ?? null,
      dropoffZoneId: stops.length > 1 ? (zoneIn(zoneList, points[points.length - 1] ?? null)?.id ?? null) : null,
    };
  }
  const priced = await priceJourney(ctx, {
    stops: stops.map((s, i) => ({
      point: points[i] ?? null,
      postcode: s.postcode,
      knownLocationId: s.knownLocationId,
    })),
    pickupAt: parties.pickupAt,
    clientId: parties.clientId,
    vehicleTypeId: parties.vehicleTypeId,
    hireMinutes: parties.hireMinutes,
    passengers: parties.passengers,
    discount: parties.discount,
  });
  return { priced, pickupZoneId: priced.pickupZoneId, dropoffZoneId: priced.dropoffZoneId };
}

export type Journey = Awaited<ReturnType<typeof journeyOf>>;

/** The measured distance and time of a priced route (an hourly hire's time is its hours). */
export function routeOf(journey: Journey, hireMinutes: number | null) {
  if (!journey.priced) return { distanceMetres: null, durationSeconds: hireMinutes ? hireMinutes * 60 : null };
  return {
    distanceMetres: journey.priced.route.distanceMetres || null,
    durationSeconds: hireMinutes ? hireMinutes * 60 : journey.priced.route.durationSeconds,
  };
}

/** The engine's price before the discount it took off. */
export const undiscounted = (b: PriceBreakdown) => b.price + priceParts(b).discountMinor;

/**
 * The price a booking keeps: the engine's, or the one a person set (kept with the engine's answer
 * beside it as `override`). `sent` is the price before any discount, as the form sends it.
 */
export function agreedPrice(ctx: Ctx, journey: Journey, sent: number | null | undefined) {
  const b = journey.priced?.breakdown ?? null;
  if (!b) return { breakdown: null, versionId: null };
  if (sent === undefined || sent === null || sent === undiscounted(b)) {
    return { breakdown: b, versionId: journey.priced?.versionId ?? null };
  }
  return {
    breakdown: { ...b, override: { price: sent, userId: ctx.session.userId } },
    versionId: journey.priced?.versionId ?? null,
  };
}
