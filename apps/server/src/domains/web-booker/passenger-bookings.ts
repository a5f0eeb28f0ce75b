import { bookingStatusLabels, type bookingStatuses, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import { lockBooking, moveBooking } from '../bookings/moves';
import { statusAnswer } from '../bookings/status';

type Ctx = CallContext<Session>;
type BookingStatus = (typeof bookingStatuses)[number];
type StatusInput = z.output<typeof schemas.bookingStatusInput>;

/** A passenger may call off their booking until a driver is on the way (docs/web-booker.md). */
export const passengerCancellable: readonly BookingStatus[] = [
  'quote',
  'pending',
  'confirmed',
  'offered',
  'allocated',
  'accepted',
];

/** The booking list of a passenger's own token: only their own bookings, whatever filter is sent. */
export function ownBookings<I extends { passengerId?: number | null | undefined; id?: number | undefined }>(
  ctx: Ctx,
  input: I,
): I {
  return ctx.session.kind === 'passenger' ? { ...input, passengerId: ctx.session.personId } : input;
}

/** Booking/UpdateBookingStatus with a passenger's token: cancelling their own booking, and nothing else. */
export async function cancelOwnBooking(ctx: Ctx, input: StatusInput) {
  const booking = await lockBooking(ctx, input.id);
  if (booking.passengerId !== ctx.session.personId) throw notFound(`Booking ${input.id}`);
  if ((input.move ?? 'cancel') !== 'cancel' || (input.status ?? 'cancelled') !== 'cancelled') {
    throw forbidden('A passenger may only cancel a booking.');
  }
  if (!passengerCancellable.includes(booking.status)) {
    throw conflict(
      `Booking ${booking.id} is ${bookingStatusLabels[booking.status].toLowerCase()}: it can no longer be cancelled here. Call the office.`,
      { currentStatus: booking.status, version: booking.version },
    );
  }
  const after = await moveBooking(ctx, booking.id, 'cancel', {
    expectVersion: input.version,
    note: input.note ?? 'Cancelled by the passenger',
    source: 'remote',
  });
  return {
    data: statusAnswer(after),
    message: `Booking ${after.id} is cancelled.`,
  };
}
