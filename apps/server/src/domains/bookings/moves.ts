import { paymentsOnMove } from '../payments/booking-lifecycle';
import { finalPrice } from '../pricing/final-price';
import { and, eq } from 'drizzle-orm';
import {
  type BookingMove,
  type BookingStatus,
  bookingMoves,
  bookingStatusLabels,
  canMove,
  driverHoldsStatuses,
} from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { notifyDriverOfMove } from '../driver-app/notify-driver';
import { type BookingMessageEvent, queueBookingMessages } from '../notifications/booking-messages';
import { bookings } from './schema';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;
type Patch = Partial<typeof bookings.$inferInsert>;

/** The office, a driver's app, a client or passenger from outside, or the product itself. */
export type MoveSource = 'office' | 'driver' | 'remote' | 'system';

/** What each move stamps on the booking besides its status. */
function stamps(move: BookingMove, booking: Booking, now: Date, ctx: Ctx): Patch {
  switch (move) {
    case 'offer':
      return { offeredAt: now, allocatedBy: ctx.session.userId };
    case 'allocate':
      return { allocatedAt: now, allocatedBy: ctx.session.userId };
    case 'accept':
      return { acceptedAt: now, offerExpiresAt: null };
    case 'start':
      return { onRouteAt: now };
    case 'arrive':
      return { arrivedAt: now };
    case 'board':
      return {
        onBoardAt: now,
        waitingSeconds: booking.arrivedAt
          ? Math.max(0, Math.round((now.getTime() - booking.arrivedAt.getTime()) / 1000))
          : null,
      };
    case 'complete':
      return { completedAt: now };
    case 'noShow':
      return {
        completedAt: now,
        waitingSeconds: booking.arrivedAt ? Math.round((now.getTime() - booking.arrivedAt.getTime()) / 1000) : null,
      };
    case 'cancel':
      return { cancelledAt: now, offerExpiresAt: null };
    case 'decline':
    case 'unallocate':
    case 'reset':
      // Back to dispatch: nobody holds the job and no journey step has happened.
      return {
        driverId: null,
        vehicleId: null,
        vendorId: null,
        offeredAt: null,
        offerExpiresAt: null,
        allocatedAt: null,
        allocatedBy: null,
        acceptedAt: null,
        onRouteAt: null,
        arrivedAt: null,
        onBoardAt: null,
        waitingSeconds: null,
      };
    default:
      return {};
  }
}

/** Locks a booking of the caller's company for a change; another company's booking does not exist. */
export async function lockBooking(ctx: Ctx, id: number): Promise<Booking> {
  const [booking] = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id)))
    .for('update');
  if (!booking) throw notFound(`Booking ${id}`);
  return booking;
}

export function refuseMove(booking: Booking, move: BookingMove): never {
  throw conflict(
    `Booking ${booking.id} is ${bookingStatusLabels[booking.status].toLowerCase()}; it cannot ${describe(move)} now.`,
    { currentStatus: booking.status, version: booking.version },
  );
}

const words: Record<BookingMove, string> = {
  confirm: 'be confirmed',
  offer: 'be offered to a driver',
  allocate: 'be allocated',
  accept: 'be accepted',
  decline: 'be declined',
  unallocate: 'be unallocated',
  start: 'start',
  arrive: 'be marked arrived',
  board: 'take the passenger on board',
  complete: 'be completed',
  noShow: 'be marked a no-show',
  cancel: 'be cancelled',
  reject: 'be rejected',
  reset: 'be reset',
};
const describe = (move: BookingMove) => words[move];

/** The passenger-facing message each move calls for, if any. */
const messageOf: Partial<Record<BookingMove, BookingMessageEvent>> = {
  confirm: 'confirmation',
  allocate: 'assigned',
  accept: 'assigned',
  start: 'on_route',
  arrive: 'arrival',
  complete: 'completion',
};

/**
 * Moves a booking through the state machine: the one way any call changes a booking's status. The
 * row is locked, the move checked against the current status (409 with the status otherwise) and,
 * when the caller saw a version, against that too; the change is stamped, traced in the history and
 * announced live after the commit.
 */
export async function moveBooking(
  ctx: Ctx,
  id: number,
  move: BookingMove,
  options: {
    patch?: Patch;
    expectVersion?: number;
    source?: MoveSource;
    note?: string;
    /** A cash job's completion: the cash the driver took (the fare when left out). */
    cashCollectedMinor?: number | undefined;
  } = {},
): Promise<Booking> {
  const booking = await lockBooking(ctx, id);
  if (!canMove(booking.status, move)) refuseMove(booking, move);
  if (options.expectVersion !== undefined && options.expectVersion !== booking.version) {
    throw conflict(
      `Booking ${id} changed meanwhile (now ${bookingStatusLabels[booking.status].toLowerCase()}). Look again.`,
      {
        currentStatus: booking.status,
        version: booking.version,
      },
    );
  }
  const now = new Date();
  const to: BookingStatus = bookingMoves[move].to;
  const patch: Patch = { ...stamps(move, booking, now, ctx), ...options.patch };
  // A done job is charged what it finally cost: the waiting at the pick-up on top of the agreed fare.
  if (to === 'completed') Object.assign(patch, await finalPrice(ctx, { ...booking, ...patch }));
  const [after] = await ctx.db
    .update(bookings)
    .set({ ...patch, status: to, version: booking.version + 1, updatedAt: now })
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id)))
    .returning();
  if (!after) throw notFound(`Booking ${id}`);
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: id,
    action: move,
    source: options.source ?? 'office',
    changes: {
      status: { before: booking.status, after: to },
      ...(booking.driverId !== after.driverId ? { driverId: { before: booking.driverId, after: after.driverId } } : {}),
      ...(booking.vehicleId !== after.vehicleId
        ? { vehicleId: { before: booking.vehicleId, after: after.vehicleId } }
        : {}),
      ...(options.note ? { note: { before: null, after: options.note } } : {}),
    },
  });
  // The driver who held or now holds the job hears of it in the app.
  const driverId = after.driverId ?? (driverHoldsStatuses.includes(booking.status) ? booking.driverId : null);
  const message = messageOf[move];
  if (message) await queueBookingMessages(ctx, id, message);
  await notifyDriverOfMove(ctx, move, booking, after, options.source ?? 'office');
  await paymentsOnMove(ctx, booking, after, move, { cashCollectedMinor: options.cashCollectedMinor });
  await emit(ctx, {
    type: 'booking.moved',
    payload: { id, move, from: booking.status, status: to, driverId: after.driverId, version: after.version },
    driverId,
  });
  return after;
}
