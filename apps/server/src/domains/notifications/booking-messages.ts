import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';

/** The booking events a passenger or client can be told of (the client's message settings name them). */
export type BookingMessageEvent =
  'confirmation' | 'assigned' | 'on_route' | 'address_change' | 'arrival' | 'completion';

/**
 * Queues the e-mails and text messages a booking event calls for (the client's choices, the
 * company's templates), in the caller's transaction; the job queue sends them after the commit.
 */
export async function queueBookingMessages(
  _ctx: CallContext<Session>,
  _bookingId: number,
  _event: BookingMessageEvent,
): Promise<void> {
  // Filled in by the notifications work.
}
