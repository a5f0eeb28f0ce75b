import type { schemas } from '@cabdesk/contract';
import type { Discount } from '@cabdesk/fare-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { placeOf } from '../places/places';
import { priceJourney, priceParts, type PricedJourney } from '../pricing/price-journey';
import { checkStops, checkVehicleType } from './checks';
import { companyFacts, dayOf } from './company';
import { checkCode } from './discounts';

type Ctx = CallContext<Session>;
type QuoteInput = z.output<typeof schemas.quoteInput>;

/** A discount code as the fare engine applies it: last, never below the minimum fare. */
export function discountOfCode(check: {
  code: string;
  discountType: 'percent' | 'amount' | null;
  percent: number | null;
  amountMinor: number | null;
}): Discount | null {
  if (check.discountType === 'percent') {
    return { kind: 'percentage', code: check.code, percent: String(check.percent ?? 0) };
  }
  if (check.discountType === 'amount') return { kind: 'fixed', code: check.code, amount: check.amountMinor ?? 0 };
  return null;
}

/** One sentence saying what priced the journey and how its distance was found. */
function noteOf(priced: PricedJourney, hourly: boolean): string {
  const by = priced.breakdown.pricedBy;
  const rule = by.id === 0 ? 'the built-in tariff' : `${by.name} (version ${by.version})`;
  const via = {
    fixedPrice: 'a fixed price',
    clientModel: "the client's pricing model",
    vehicleTypeModel: "the vehicle type's pricing model",
    companyDefault: 'the company default',
    chosenModel: 'the model asked for',
  }[by.via];
  const distance = hourly
    ? 'hourly hire'
    : priced.route.method === 'road'
      ? 'distance by road from the routing service'
      : 'distance estimated from the straight line and the road factor';
  return `Priced by ${rule}, ${via}; ${distance}.`;
}

/** Booking/GetBookingQuote: the fare engine's price of a journey, with its breakdown. */
export async function bookingQuote(ctx: Ctx, input: QuoteInput) {
  checkStops(input.stops, input.hireMinutes);
  if (input.vehicleTypeId) await checkVehicleType(ctx, input.vehicleTypeId, input.passengerCount ?? 1);
  const points = await Promise.all(input.stops.map((s) => placeOf(ctx, s)));
  const unplaced = points.findIndex((p) => p === null);
  if (unplaced >= 0 && !input.hireMinutes) {
    throw fieldError(
      `stops.${unplaced}`,
      `could not be found ('${input.stops[unplaced]?.address ?? ''}'): place it on the map to get a price`,
    );
  }
  const pickupAt = input.pickupAt ? new Date(input.pickupAt) : new Date();
  let discount: Discount | null = null;
  if (input.discountCode) {
    const { timezone } = await companyFacts(ctx);
    const check = await checkCode(ctx, { code: input.discountCode, day: await dayOf(ctx, pickupAt, timezone) });
    if (!check.valid) throw fieldError('discountCode', check.message.replace(/^\S+ /, ''));
    discount = discountOfCode(check);
  }
  const priced = await priceJourney(ctx, {
    stops: input.stops.map((s, i) => ({
      point: points[i] ?? null,
      postcode: s.postcode,
      knownLocationId: s.knownLocationId,
    })),
    pickupAt,
    clientId: input.clientId,
    vehicleTypeId: input.vehicleTypeId,
    hireMinutes: input.hireMinutes,
    passengers: input.passengerCount,
    discount,
    modelId: input.pricingModelID,
  });
  const hourly = Boolean(input.hireMinutes);
  return {
    priceMinor: priced.breakdown.price,
    currency: priced.breakdown.currency,
    ...priceParts(priced.breakdown),
    distanceMetres: unplaced >= 0 ? null : priced.route.distanceMetres,
    durationSeconds: hourly ? (input.hireMinutes as number) * 60 : unplaced >= 0 ? null : priced.route.durationSeconds,
    isEstimate: priced.route.method === 'estimate' && priced.breakdown.pricedBy.via !== 'fixedPrice',
    method: hourly ? 'hourly' : 'distance',
    note: noteOf(priced, hourly),
    breakdown: priced.breakdown,
  };
}
