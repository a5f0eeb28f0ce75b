import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { drivenMetres } from '../pricing/track';
import { priceJourney } from '../pricing/price-journey';
import { bookedJourney } from '../pricing/final-price';
import type { PriceBreakdown } from '../pricing/breakdown';
import { type Ctx, rowsOf } from './rows';
import {
  type Booking,
  changePrice,
  happened,
  lockDoneBookings,
  refuseInvoiced,
  refuseLockedPrice,
  saveCheck,
  validationsOf,
} from './validate';

type RecalculateInput = z.output<typeof schemas.bookingRecalculateInput>;

/** The distance to price a done job on: the one given, else its GPS track's, else the priced one. */
async function distanceOf(ctx: Ctx, booking: Booking, given: number | undefined) {
  if (given !== undefined) return { metres: given, source: 'given' as const };
  const tracked =
    booking.drivenMetres ??
    (booking.completedAt ? await drivenMetres(ctx, booking.id, booking.onBoardAt, booking.completedAt) : null);
  if (tracked !== null && tracked > 0) return { metres: tracked, source: 'track' as const };
  return { metres: null, source: 'priced' as const };
}

/**
 * BookingValidation/UpdateBookingValidatationCalculations: the fare engine's price for what happened
 * beside the priced fare; with `accept` the job is billed at it (price, breakdown, ledger) and validated.
 */
export async function recalculateBooking(ctx: Ctx, input: RecalculateInput) {
  const byId = await lockDoneBookings(ctx, [input.bookingId]);
  const booking = byId.get(input.bookingId) as Booking;
  const journey = await bookedJourney(ctx, booking);
  const waitingSeconds = input.waitingMinutes !== undefined ? input.waitingMinutes * 60 : (booking.waitingSeconds ?? 0);
  const distance = await distanceOf(ctx, booking, input.drivenMetres);
  const priced = await priceJourney(ctx, {
    ...journey,
    waitingSeconds,
    distanceMetres: distance.metres,
    extras: input.extras,
  });
  const recalculated: PriceBreakdown = priced.breakdown;
  const before = booking.priceMinor;
  let ledgerEntryId: number | null = null;

  if (input.accept) {
    await refuseInvoiced(ctx, [booking.id]);
    const check = (await validationsOf(ctx, [booking.id])).get(booking.id);
    const changes = recalculated.price !== before;
    if (changes) {
      refuseLockedPrice(booking, check);
      ledgerEntryId = await changePrice(
        ctx,
        booking,
        recalculated.price,
        recalculated,
        priced.versionId,
        input.reason?.trim() || 'recalculated with what happened',
      );
    }
    await saveCheck(ctx, {
      bookingId: booking.id,
      status: 'validated',
      reason: input.reason?.trim() || null,
      ...happened(booking),
      waitingMinutes: Math.floor(waitingSeconds / 60),
      drivenMetres: distance.metres ?? booking.drivenMetres,
      extrasMinor: recalculated.items.filter((i) => i.code === 'extra').reduce((s, i) => s + i.amount, 0),
      recalculatedMinor: recalculated.price,
      recalculation: recalculated as unknown as Record<string, unknown>,
      acceptedMinor: recalculated.price,
      isOverride: false,
    });
  }

  return {
    data: {
      bookingId: booking.id,
      currency: booking.currency,
      priced: {
        priceMinor: before,
        breakdown: booking.priceBreakdown ?? null,
        metres: booking.distanceMetres,
        waitingMinutes: Math.floor((booking.waitingSeconds ?? 0) / 60),
      },
      recalculated: {
        priceMinor: recalculated.price,
        breakdown: recalculated,
        metres: distance.metres ?? priced.route.distanceMetres,
        waitingMinutes: Math.floor(waitingSeconds / 60),
      },
      differenceMinor: recalculated.price - (before ?? 0),
      distanceSource: distance.source,
      accepted: input.accept,
      ledgerEntryId,
      row: input.accept ? ((await rowsOf(ctx, [booking.id]))[0] ?? null) : null,
    },
    message: input.accept
      ? 'The recalculated fare is accepted and the job validated.'
      : 'The fare is recalculated with what happened.',
  };
}
