import { and, eq } from 'drizzle-orm';
import {
  type BookingMove,
  type BookingStatus,
  type PaymentStatus,
  bookingMoveNames,
  bookingMoves,
  bookingStatusLabels,
  canMove,
  movesFrom,
  type schemas,
} from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { lockBooking, moveBooking, refuseMove } from './moves';
import { bookings } from './schema';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;
type StatusAnswer = z.output<typeof schemas.bookingStatusAnswer>;

export function statusAnswer(b: Booking): StatusAnswer {
  return {
    id: b.id,
    status: b.status,
    statusName: bookingStatusLabels[b.status],
    paymentStatus: b.paymentStatus,
    version: b.version,
    remotePending: b.remotePending,
    moves: movesFrom(b.status),
    updatedAt: b.updatedAt.toISOString(),
  };
}

async function bookingOf(ctx: Ctx, id: number): Promise<Booking> {
  const [row] = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id)));
  if (!row) throw notFound(`Booking ${id}`);
  return row;
}

/** Booking/GetBookingStatus. */
export async function bookingStatus(ctx: Ctx, id: number) {
  return statusAnswer(await bookingOf(ctx, id));
}

/** Offering and allocating need a driver: dispatch's allocation calls make those moves. */
const dispatchMoves: readonly BookingMove[] = ['offer', 'allocate'];

/** The move that takes a booking in `from` to `to`, preferring the plain forward step. */
function moveTo(from: BookingStatus, to: BookingStatus): BookingMove | null {
  const preferred: BookingMove[] = [
    'confirm',
    'accept',
    'start',
    'arrive',
    'board',
    'complete',
    'noShow',
    'cancel',
    'reject',
    'unallocate',
    'reset',
    'decline',
  ];
  const candidates = [...preferred, ...bookingMoveNames.filter((m) => !preferred.includes(m))];
  return candidates.find((m) => bookingMoves[m].to === to && canMove(from, m) && !dispatchMoves.includes(m)) ?? null;
}

/**
 * Booking/UpdateBookingStatus: a move by name, or the status to reach (mapped to the move that
 * leads there from the current status). Everything else is moveBooking's: the lock, the 409, stamps,
 * history and the live event.
 */
export async function updateBookingStatus(ctx: Ctx, input: z.output<typeof schemas.bookingStatusInput>) {
  const current = await lockBooking(ctx, input.id);
  let move = input.move ?? null;
  if (!move && input.status) {
    move = moveTo(current.status, input.status);
    if (!move) {
      throw conflict(
        `Booking ${current.id} is ${bookingStatusLabels[current.status].toLowerCase()}; it cannot become ${bookingStatusLabels[input.status].toLowerCase()} from here.`,
        { currentStatus: current.status, version: current.version },
      );
    }
  }
  if (!move) throw fieldError('move', 'is required (or status)');
  if (dispatchMoves.includes(move)) {
    throw fieldError(
      'move',
      'is made by allocating a driver on the dispatch board (Booking/UpdateBookingDriverAndVehicle…)',
    );
  }
  if (!canMove(current.status, move)) refuseMove(current, move);
  const after = await moveBooking(ctx, input.id, move, {
    expectVersion: input.version,
    note: input.note,
    source: 'office',
  });
  return {
    data: statusAnswer(after),
    message: `Booking ${after.id} is now ${bookingStatusLabels[after.status].toLowerCase()}.`,
  };
}

/** Payment statuses a booking may change to from each. */
export const paymentMoves: Record<PaymentStatus, readonly PaymentStatus[]> = {
  unpaid: ['paid', 'invoiced'],
  invoiced: ['paid', 'unpaid'],
  paid: ['refunded', 'unpaid'],
  refunded: [],
  // Card money moves only with the provider's word (docs/payments.md), never by hand.
  authorised: [],
  partlyRefunded: [],
};

/** Booking/UpdatePaymentStatusOfBooking. Setting the status it already has changes nothing. */
export async function updatePaymentStatus(ctx: Ctx, input: z.output<typeof schemas.paymentStatusInput>) {
  const booking = await lockBooking(ctx, input.id);
  if (input.version !== undefined && input.version !== booking.version) {
    throw conflict(`Booking ${booking.id} changed meanwhile; look again.`, {
      currentStatus: booking.status,
      paymentStatus: booking.paymentStatus,
      version: booking.version,
    });
  }
  if (booking.paymentStatus === input.paymentStatus) {
    return { data: statusAnswer(booking), message: `Booking ${booking.id} is already ${input.paymentStatus}.` };
  }
  if (!paymentMoves[booking.paymentStatus].includes(input.paymentStatus)) {
    throw conflict(`Booking ${booking.id} is ${booking.paymentStatus}; it cannot become ${input.paymentStatus}.`, {
      currentStatus: booking.status,
      paymentStatus: booking.paymentStatus,
      version: booking.version,
    });
  }
  const [after] = await ctx.db
    .update(bookings)
    .set({ paymentStatus: input.paymentStatus, version: booking.version + 1, updatedAt: new Date() })
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, booking.id)))
    .returning();
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: booking.id,
    action: 'payment_status',
    changes: {
      paymentStatus: { before: booking.paymentStatus, after: input.paymentStatus },
      ...(input.note ? { note: { before: null, after: input.note } } : {}),
    },
  });
  await emit(ctx, {
    type: 'booking.updated',
    payload: { id: booking.id, paymentStatus: input.paymentStatus, version: booking.version + 1 },
    officeOnly: true,
  });
  const row = after as Booking;
  return { data: statusAnswer(row), message: `Booking ${row.id} marked ${input.paymentStatus}.` };
}

/** Booking/GetBookingJourneyWaitTime: live while the driver waits, stored once the passenger boards. */
export async function journeyWaitTime(ctx: Ctx, id: number, now = new Date()) {
  const b = await bookingOf(ctx, id);
  const isWaiting = b.status === 'arrived' && b.arrivedAt !== null && b.onBoardAt === null;
  const waitingSeconds = isWaiting
    ? Math.max(0, Math.round((now.getTime() - (b.arrivedAt as Date).getTime()) / 1000))
    : b.waitingSeconds;
  return {
    id: b.id,
    status: b.status,
    arrivedAt: b.arrivedAt?.toISOString() ?? null,
    onBoardAt: b.onBoardAt?.toISOString() ?? null,
    waitingSeconds,
    isWaiting,
  };
}
