import { drivenMetres } from '../pricing/track';
import { and, eq, sql } from 'drizzle-orm';
import { type BookingStatus, bookingStatusLabels, canMove, movesFrom, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { conflict, notFound } from '../../platform/http/errors';
import { lockBooking, moveBooking } from '../bookings/moves';
import { type bookings, bookingStops } from '../bookings/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';
import { arrivalMarks, completionMarks, recordMarks } from './journey-checks';
import { journeySteps } from './schema';

const { journeyStepMoves, journeyStepNames } = schemas;

type StepInput = z.output<typeof schemas.journeyStepInput>;
type StepAnswer = z.output<typeof schemas.journeyStepAnswer>;
type JourneyStep = schemas.JourneyStep;
type Booking = typeof bookings.$inferSelect;
type Patch = Partial<typeof bookings.$inferInsert>;

/** What the driver sees on each step's button, for refusals worded for the driver. */
const stepWords: Record<JourneyStep, string> = {
  confirm: 'Accept',
  reject: 'Decline',
  start: 'Start ride',
  arrive: 'Arrived',
  board: 'Passenger on board',
  complete: 'Complete',
  noShow: 'No-show',
  cancel: 'Cancel',
};

export const nextStepsOf = (status: BookingStatus): JourneyStep[] =>
  journeyStepNames.filter((s) => canMove(status, journeyStepMoves[s]));

/**
 * A step taken offline carries the phone's time: the journey times then say when it happened, not
 * when the signal came back. The waiting time at pick-up follows the same clock.
 */
function takenAtPatch(step: JourneyStep, at: Date, booking: Booking): Patch {
  switch (step) {
    case 'confirm':
      return { acceptedAt: at };
    case 'start':
      return { onRouteAt: at };
    case 'arrive':
      return { arrivedAt: at };
    case 'board':
      return {
        onBoardAt: at,
        waitingSeconds: booking.arrivedAt
          ? Math.max(0, Math.round((at.getTime() - booking.arrivedAt.getTime()) / 1000))
          : null,
      };
    case 'complete':
    case 'noShow':
      return { completedAt: at };
    case 'cancel':
      return { cancelledAt: at };
    default:
      return {};
  }
}

/**
 * The time a step is stamped with: when the phone says it was taken, but never before the job's
 * earlier stamps. A phone whose clock lies (or a step sent late from a queue after a later one was
 * stamped by the office) would otherwise stamp "on route" after "arrived"; the phone's own time is
 * still kept as sent in journey_steps.taken_at.
 */
function stampOf(taken: Date, booking: Booking): Date {
  const earlier = [
    booking.offeredAt,
    booking.allocatedAt,
    booking.acceptedAt,
    booking.onRouteAt,
    booking.arrivedAt,
    booking.onBoardAt,
  ].filter((d): d is Date => d !== null);
  return new Date(Math.max(taken.getTime(), ...earlier.map((d) => d.getTime())));
}

/** Arrival at and departure from the stops, for the driver's list of locations. */
async function markStops(ctx: Ctx, bookingId: number, step: JourneyStep, at: Date) {
  const own = and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, bookingId));
  if (step === 'arrive') {
    await ctx.db
      .update(bookingStops)
      .set({ arrivedAt: at })
      .where(and(own, eq(bookingStops.kind, 'pickup')));
  } else if (step === 'board') {
    await ctx.db
      .update(bookingStops)
      .set({ departedAt: at })
      .where(and(own, eq(bookingStops.kind, 'pickup')));
  } else if (step === 'complete') {
    // Vias passed on the way count as visited; the drop-off is where the job ended.
    await ctx.db
      .update(bookingStops)
      .set({ arrivedAt: sql`coalesce(${bookingStops.arrivedAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(own, sql`${bookingStops.kind} in ('via', 'dropoff')`));
  }
}

function answerOf(booking: Booking, step: JourneyStep, repeated: boolean): StepAnswer {
  return {
    id: booking.id,
    step,
    status: booking.status,
    statusName: bookingStatusLabels[booking.status],
    version: booking.version,
    nextSteps: nextStepsOf(booking.status),
    moves: movesFrom(booking.status),
    repeated,
  };
}

function refuseStep(booking: Booking, step: JourneyStep): never {
  const now = bookingStatusLabels[booking.status].toLowerCase();
  const next = nextStepsOf(booking.status).map((s) => `"${stepWords[s]}"`);
  throw conflict(
    `This job is ${now} now, so "${stepWords[step]}" can no longer be sent.` +
      (next.length ? ` Next: ${next.join(' or ')}.` : ' There is no further step for it.'),
    { currentStatus: booking.status, version: booking.version },
  );
}

/**
 * One journey step by the signed-in driver on their own job. With an idempotency key, the key is
 * taken under a transaction lock first, so two copies of one step sent at once (a retry racing the
 * original) queue: the second finds the first's stored answer and returns it without moving again.
 */
export async function takeJourneyStep(ctx: Ctx, input: StepInput): Promise<StepAnswer> {
  const driverId = signedInDriverId(ctx);
  const { companyId } = ctx.session;
  const key = input.idempotencyKey;
  if (key) {
    await ctx.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`journey:${companyId}:${driverId}:${key}`}, 0))`,
    );
    const [seen] = await ctx.db
      .select()
      .from(journeySteps)
      .where(
        and(
          eq(journeySteps.companyId, companyId),
          eq(journeySteps.driverId, driverId),
          eq(journeySteps.idempotencyKey, key),
        ),
      );
    if (seen) {
      if (seen.bookingId !== input.id || seen.step !== input.step) {
        throw conflict('This idempotencyKey was already used for another step; send a new key for a new step.', {
          bookingId: seen.bookingId,
          step: seen.step,
        });
      }
      return { ...(seen.answer as StepAnswer), repeated: true };
    }
  }
  const booking = await lockBooking(ctx, input.id);
  // Another driver's job is not the caller's to see.
  if (booking.driverId !== driverId) throw notFound(`Booking ${input.id}`);
  const move = journeyStepMoves[input.step];
  if (!canMove(booking.status, move)) refuseStep(booking, input.step);
  const takenAt = input.takenAt ? new Date(input.takenAt) : null;
  const at = stampOf(takenAt ?? new Date(), booking);
  // Plausibility: a step that looks wrong is allowed but marked for the office (journey-checks.ts).
  const marks =
    input.step === 'arrive'
      ? await arrivalMarks(ctx, booking, driverId, at)
      : input.step === 'complete'
        ? completionMarks(booking, at)
        : [];
  const patch = takenAtPatch(input.step, at, booking);
  if (input.step === 'complete') patch.drivenMetres = await drivenMetres(ctx, booking.id, booking.onBoardAt, at);
  // The approach to the pick-up, for the reports' dead mileage: the track since the driver set off.
  if (input.step === 'arrive' && booking.onRouteAt) {
    patch.approachMetres = await drivenMetres(ctx, booking.id, booking.onRouteAt, at);
  }
  const after = await moveBooking(ctx, booking.id, move, {
    source: 'driver',
    note: input.note,
    patch,
    cashCollectedMinor: input.step === 'complete' ? input.cashCollected : undefined,
  });
  await markStops(ctx, booking.id, input.step, at);
  await recordMarks(ctx, booking.id, driverId, input.step, marks);
  const answer = answerOf(after, input.step, false);
  if (key) {
    await ctx.db.insert(journeySteps).values({
      companyId,
      driverId,
      idempotencyKey: key,
      bookingId: booking.id,
      step: input.step,
      answer,
      takenAt,
    });
  }
  return answer;
}
