import { and, asc, eq } from 'drizzle-orm';
import { driverHoldsStatuses, type BookingMove } from '@cabdesk/contract';
import { amount, format } from '@cabdesk/money';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import type { MoveSource } from '../bookings/moves';
import { bookingStops, bookings as bookingsTable, type bookings } from '../bookings/schema';
import { companyFacts } from '../company/facts';
import { driverNotifications } from './schema';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;

/** What a driver is told, by kind, about job `id` whose pick-up reads "Mon 15 Jun, 14:30 at 10 High St". */
const wording = {
  job_offered: (id: number, pickup: string) => ({
    title: 'New job offered',
    body: `Pick-up ${pickup} (job ${id}). Accept or decline it in the app.`,
  }),
  job_allocated: (id: number, pickup: string) => ({ title: 'Job allocated', body: `Pick-up ${pickup} (job ${id}).` }),
  job_confirmed: (id: number, pickup: string) => ({
    title: 'Job confirmed',
    body: `The office confirmed job ${id} for you: pick-up ${pickup}.`,
  }),
  job_taken_off: (id: number, pickup: string) => ({
    title: 'Job taken off you',
    body: `Job ${id} (pick-up ${pickup}) is no longer yours.`,
  }),
  offer_expired: (id: number, pickup: string) => ({
    title: 'Offer ran out',
    body: `The offer of job ${id} (pick-up ${pickup}) ran out unanswered.`,
  }),
  job_changed: (id: number, pickup: string) => ({
    title: 'Job changed',
    body: `The office changed job ${id}: pick-up now ${pickup}. Check the stops before you set off.`,
  }),
  job_cancelled: (id: number, pickup: string) => ({
    title: 'Job cancelled',
    body: `Job ${id} (pick-up ${pickup}) was cancelled.`,
  }),
} as const;

type Kind = keyof typeof wording;

/** The kind of news for the driver who holds the job after the move. */
const forNewHolder: Partial<Record<BookingMove, Kind>> = {
  offer: 'job_offered',
  allocate: 'job_allocated',
  accept: 'job_confirmed',
};

/** The kind of news for the driver who held the job before and does not any more. */
function forFormerHolder(move: BookingMove, source: MoveSource): Kind | null {
  if (move === 'cancel') return 'job_cancelled';
  if (move === 'decline') return source === 'system' ? 'offer_expired' : 'job_taken_off';
  if (move === 'unallocate' || move === 'reset' || move === 'allocate' || move === 'offer') return 'job_taken_off';
  return null;
}

/** "Mon 15 Jun, 14:30 at 10 High St": the pick-up time in the company's time zone and the first stop. */
async function describePickup(ctx: Ctx, booking: Booking): Promise<string> {
  const { timezone } = await companyFacts(ctx);
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(booking.pickupAt);
  const [pickup] = await ctx.db
    .select({ address: bookingStops.address })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, booking.companyId), eq(bookingStops.bookingId, booking.id)))
    .orderBy(asc(bookingStops.seq))
    .limit(1);
  return pickup ? `${when} at ${pickup.address}` : when;
}

/**
 * Writes the driver-app notifications a booking move calls for, in the move's transaction: the
 * driver who now holds the job hears of an offer, an allocation or the office's confirmation; the
 * driver who held it hears that it was taken away, ran out or was cancelled. A driver's own steps
 * tell nobody: the driver already knows.
 */
export async function notifyDriverOfMove(
  ctx: Ctx,
  move: BookingMove,
  before: Booking,
  after: Booking,
  source: MoveSource,
): Promise<void> {
  if (source === 'driver' || ctx.session.kind === 'driver') return;
  const news: { driverId: number; kind: Kind }[] = [];
  const newKind = forNewHolder[move];
  if (newKind && after.driverId !== null) news.push({ driverId: after.driverId, kind: newKind });
  const formerId = driverHoldsStatuses.includes(before.status) ? before.driverId : null;
  const stillHolds = formerId !== null && formerId === after.driverId && driverHoldsStatuses.includes(after.status);
  const formerKind = forFormerHolder(move, source);
  if (formerId !== null && !stillHolds && formerKind) news.push({ driverId: formerId, kind: formerKind });
  if (news.length === 0) return;
  const pickup = await describePickup(ctx, after);
  await ctx.db.insert(driverNotifications).values(
    news.map(({ driverId, kind }) => ({
      companyId: ctx.session.companyId,
      driverId,
      kind,
      bookingId: after.id,
      ...wording[kind](after.id, pickup),
    })),
  );
}

/**
 * The office changed the pick-up time or the stops of a job a driver holds: the driver must know
 * before setting off. Other edits (notes, price) show on the job without a notice.
 */
export async function notifyDriverOfChange(
  ctx: Ctx,
  bookingId: number,
  changedFields: readonly string[],
): Promise<void> {
  if (ctx.session.kind === 'driver' || !changedFields.some((f) => f === 'pickupAt' || f === 'stops')) return;
  const [after] = await ctx.db
    .select()
    .from(bookingsTable)
    .where(and(eq(bookingsTable.companyId, ctx.session.companyId), eq(bookingsTable.id, bookingId)));
  if (!after || after.driverId === null) return;
  if (!driverHoldsStatuses.includes(after.status)) return;
  const pickup = await describePickup(ctx, after);
  await ctx.db.insert(driverNotifications).values({
    companyId: ctx.session.companyId,
    driverId: after.driverId,
    kind: 'job_changed',
    bookingId: after.id,
    ...wording.job_changed(after.id, pickup),
  });
}

/**
 * The office approved or declined a driver's expense: the driver hears it in the app (kinds
 * `expense_approved`, `expense_declined`), with the reason of a decline.
 */
export async function notifyDriverOfExpense(
  ctx: Ctx,
  e: {
    driverId: number;
    bookingId: number | null;
    expenseId: number;
    status: 'approved' | 'declined';
    amountMinor: number;
    currency: string;
    reason: string | null;
  },
): Promise<void> {
  const what = `Your expense of ${format(amount(e.amountMinor, e.currency))}${e.bookingId ? ` for job ${e.bookingId}` : ''}`;
  const news =
    e.status === 'approved'
      ? { kind: 'expense_approved', title: 'Expense approved', body: `${what} was approved.` }
      : { kind: 'expense_declined', title: 'Expense declined', body: `${what} was declined: ${e.reason ?? ''}`.trim() };
  await ctx.db.insert(driverNotifications).values({
    companyId: ctx.session.companyId,
    driverId: e.driverId,
    bookingId: e.bookingId,
    ...news,
  });
}
