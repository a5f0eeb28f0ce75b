import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { checkStops, checkVehicleType } from './checks';
import { companyFacts, dayOf } from './company';
import { checkCode } from './discounts';
import { quoteJourney } from './quote';
import { placeOf } from '../places/places';

type Ctx = CallContext<Session>;

/** Booking/GetBookingQuote. */
export async function bookingQuote(ctx: Ctx, input: z.output<typeof schemas.quoteInput>) {
  checkStops(input.stops, input.hireMinutes);
  const facts = await companyFacts(ctx);
  const type = input.vehicleTypeId ? await checkVehicleType(ctx, input.vehicleTypeId, 1) : null;
  const points = await Promise.all(input.stops.map((s) => placeOf(ctx, s)));
  const unplaced = points.findIndex((p) => p === null);
  if (unplaced >= 0 && !input.hireMinutes) {
    throw fieldError(
      `stops.${unplaced}`,
      `could not be found ('${input.stops[unplaced]?.address ?? ''}'): place it on the map to get a price`,
    );
  }
  const quote = quoteJourney({
    points: unplaced >= 0 ? [] : (points as { lat: number; lng: number }[]),
    hireMinutes: input.hireMinutes,
    vehicleSeats: type?.maxPassengers,
  });
  let discountMinor = 0;
  if (input.discountCode) {
    const day = await dayOf(ctx, input.pickupAt ?? new Date(), facts.timezone);
    const check = await checkCode(ctx, { code: input.discountCode, day, priceMinor: quote.priceMinor });
    if (!check.valid) throw fieldError('discountCode', check.message.replace(/^\S+ /, ''));
    discountMinor = check.discountMinor ?? 0;
  }
  return {
    ...quote,
    priceMinor: quote.priceMinor - discountMinor,
    discountMinor,
    currency: facts.currency,
    isEstimate: true,
  };
}
