import type { schemas } from '@cabdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { metresBetween } from '../../platform/geo';
import { recordAudit } from '../audit/record';
import { bookings, bookingStops } from '../bookings/schema';
import { companies } from '../company/schema';
import { driverLocations } from '../dispatch/schema';
import { clockTime } from '../dispatch/rules';
import { drivers } from '../drivers/schema';
import { journeyMarks } from './schema';

type Ctx = CallContext<Session>;
type Booking = typeof bookings.$inferSelect;
type MarkKind = (typeof journeyMarks.$inferInsert)['kind'];

/** "Arrived" further than this from the pick-up is marked for the office. */
export const ARRIVE_FAR_METRES = 500;
/** "Arrived" more than this before the pick-up time is marked. */
export const ARRIVE_EARLY_MINUTES = 60;
/** "Complete" sooner than this after "On board" is marked. */
export const COMPLETE_FAST_SECONDS = 60;

export interface JourneyMark {
  kind: MarkKind;
  message: string;
  details: Record<string, number | string | null>;
}

const distanceWords = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`);
const durationWords = (exactMinutes: number) => {
  const minutes = Math.round(exactMinutes);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
};

/** The driver's latest known position and the booking's pick-up point (either may be unknown). */
async function whereabouts(ctx: Ctx, bookingId: number, driverId: number) {
  const [stop] = await ctx.db
    .select({ lat: bookingStops.lat, lng: bookingStops.lng })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, bookingId)))
    .orderBy(asc(bookingStops.seq))
    .limit(1);
  const [position] = await ctx.db
    .select({ lat: driverLocations.lat, lng: driverLocations.lng, recordedAt: driverLocations.recordedAt })
    .from(driverLocations)
    .where(and(eq(driverLocations.companyId, ctx.session.companyId), eq(driverLocations.driverId, driverId)));
  const pickup = stop?.lat != null && stop.lng != null ? { lat: Number(stop.lat), lng: Number(stop.lng) } : null;
  return { pickup, position: position ?? null };
}

/**
 * "Arrived": refused when the company asks drivers to be near the pick-up (arriveWithinMetres) and
 * they are not; else marked when far from the pick-up or well before the pick-up time. Signal and
 * GPS lie, so without that setting nothing is refused.
 */
export async function arrivalMarks(ctx: Ctx, booking: Booking, driverId: number, at: Date): Promise<JourneyMark[]> {
  const [company] = await ctx.db
    .select({ within: companies.arriveWithinMetres, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  const { pickup, position } = await whereabouts(ctx, booking.id, driverId);
  const metres = pickup && position ? metresBetween(pickup, position) : null;
  const within = company?.within ?? null;
  if (within !== null && pickup) {
    if (metres === null) {
      throw new AppError(
        422,
        `"Arrived" can only be sent within ${within} m of the pick-up, and your position is not known yet; switch on location and try again.`,
      );
    }
    if (metres > within) {
      throw new AppError(
        422,
        `"Arrived" can only be sent within ${within} m of the pick-up; you are ${distanceWords(metres)} away.`,
        undefined,
        { metresFromPickup: Math.round(metres), withinMetres: within },
      );
    }
  }
  const marks: JourneyMark[] = [];
  if (metres !== null && metres > ARRIVE_FAR_METRES) {
    marks.push({
      kind: 'arrived_far',
      message: `Arrived ${distanceWords(metres)} from the pick-up (more than ${ARRIVE_FAR_METRES} m).`,
      details: {
        metresFromPickup: Math.round(metres),
        limitMetres: ARRIVE_FAR_METRES,
        positionAt: position!.recordedAt.toISOString(),
      },
    });
  }
  const minutesEarly = (booking.pickupAt.getTime() - at.getTime()) / 60_000;
  if (!booking.isAsap && minutesEarly > ARRIVE_EARLY_MINUTES) {
    const timezone = company?.timezone ?? 'UTC';
    marks.push({
      kind: 'arrived_early',
      message: `Arrived at ${clockTime(at, timezone)}, ${durationWords(minutesEarly)} before the pick-up time ${clockTime(booking.pickupAt, timezone)}.`,
      details: {
        minutesEarly: Math.round(minutesEarly),
        arrivedAt: at.toISOString(),
        pickupAt: booking.pickupAt.toISOString(),
      },
    });
  }
  return marks;
}

/** "Complete" within a minute of "On board" is marked. */
export function completionMarks(booking: Booking, at: Date): JourneyMark[] {
  if (!booking.onBoardAt) return [];
  const seconds = Math.max(0, Math.round((at.getTime() - booking.onBoardAt.getTime()) / 1000));
  if (seconds >= COMPLETE_FAST_SECONDS) return [];
  return [
    {
      kind: 'completed_fast',
      message: `Completed ${seconds} s after "Passenger on board" (under a minute).`,
      details: {
        secondsOnBoard: seconds,
        onBoardAt: booking.onBoardAt.toISOString(),
        completedAt: at.toISOString(),
      },
    },
  ];
}

/** The marks on the booking for the office, and one history row each, in the step's transaction. */
export async function recordMarks(
  ctx: Ctx,
  bookingId: number,
  driverId: number,
  step: string,
  marks: JourneyMark[],
): Promise<void> {
  for (const mark of marks) {
    await ctx.db.insert(journeyMarks).values({ companyId: ctx.session.companyId, bookingId, driverId, step, ...mark });
    await recordAudit(ctx, {
      entityType: 'booking',
      entityId: bookingId,
      action: 'journey_mark',
      source: 'driver',
      changes: { note: { before: null, after: mark.message } },
    });
  }
}

/** Booking/GetBookingJourneyMarks: the booking's marks, oldest first. */
export async function bookingJourneyMarks(
  ctx: Ctx,
  input: z.output<typeof schemas.journeyMarksInput>,
): Promise<z.output<typeof schemas.journeyMarks>> {
  const [booking] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, input.id)));
  if (!booking) throw notFound(`Booking ${input.id}`);
  const rows = await ctx.db
    .select({ mark: journeyMarks, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(journeyMarks)
    .innerJoin(drivers, and(eq(drivers.companyId, journeyMarks.companyId), eq(drivers.id, journeyMarks.driverId)))
    .where(and(eq(journeyMarks.companyId, ctx.session.companyId), eq(journeyMarks.bookingId, booking.id)))
    .orderBy(asc(journeyMarks.createdAt), asc(journeyMarks.id));
  return {
    bookingId: booking.id,
    marks: rows.map(({ mark, firstName, lastName }) => ({
      id: mark.id,
      step: mark.step,
      kind: mark.kind,
      message: mark.message,
      driverId: mark.driverId,
      driverName: `${firstName} ${lastName}`,
      details: mark.details,
      createdAt: mark.createdAt.toISOString(),
    })),
  };
}
