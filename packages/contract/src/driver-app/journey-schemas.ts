import { z } from 'zod';
import { bookingMoveNames } from '../bookings/state-machine';
import { bookingStatuses } from '../bookings/status';
import { id, isoDateTime, listInput, text, wholeNumber } from '../fields';

/** How far ahead of the server a phone's clock may run before its takenAt is refused. */
export const JOURNEY_CLOCK_SKEW_MS = 2 * 60_000;

/**
 * The driver's journey steps and the booking move each one makes: confirm accepts an offer or an
 * allocation, reject declines it (the job goes back to dispatch), board is "passenger on board".
 */
export const journeyStepMoves = {
  confirm: 'accept',
  reject: 'decline',
  start: 'start',
  arrive: 'arrive',
  board: 'board',
  complete: 'complete',
  noShow: 'noShow',
  cancel: 'cancel',
} as const;

export type JourneyStep = keyof typeof journeyStepMoves;
export const journeyStepNames = Object.keys(journeyStepMoves) as JourneyStep[];

/** Optional on every step: a key the app makes once per step (a retry repeats it) and the phone's time. */
const stepExtras = {
  idempotencyKey: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  takenAt: isoDateTime()
    .refine((v) => Date.parse(v) <= Date.now() + JOURNEY_CLOCK_SKEW_MS, 'must not be in the future')
    .optional(),
  note: text(500).optional(),
};

/** Driver/UpdateBookingStatusForJourney and the other step calls that name their step. */
export const journeyStepInput = z.object({
  id: id(),
  step: z.enum(journeyStepNames, { error: `must be one of: ${journeyStepNames.join(', ')}` }),
  ...stepExtras,
  cashCollected: wholeNumber({ min: 0, max: 100_000_000 })
    .optional()
    .describe('On "complete" of a cash job: the cash taken, in minor units; the fare when left out'),
});

/** Driver/ConfirmBooking and Driver/RejectBooking: the step is the call itself. */
export const journeyAnswerInput = z.object({ id: id(), ...stepExtras });

export const journeyStepAnswer = z.object({
  id: z.number(),
  step: z.enum(journeyStepNames),
  status: z.enum(bookingStatuses),
  statusName: z.string(),
  version: z.number(),
  /** The steps the driver can take next. */
  nextSteps: z.array(z.enum(journeyStepNames)),
  /** The moves of the state machine this booking can make now. */
  moves: z.array(z.enum(bookingMoveNames)),
  /** True when this answer repeats the one given to an earlier call with the same idempotencyKey. */
  repeated: z.boolean(),
});

/** Booking/AddLiveLocationLog and Driver/CurrentLocation. */
export const journeyPositionsAnswer = z.object({ stored: z.number(), stale: z.number() });

export const nextLocTypes = ['pickup', 'via', 'dropoff', 'none'] as const;

/** A stop of the driver's job, with when the driver got there and left. */
export const journeyStop = z.object({
  seq: z.number(),
  kind: z.enum(['pickup', 'via', 'dropoff']),
  address: z.string(),
  postcode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  arrivedAt: z.string().nullable(),
  departedAt: z.string().nullable(),
});

/** Driver/BookingNextLocTypeID: where the driver goes next; none once the job is over. */
export const nextLocationAnswer = z.object({
  bookingId: z.number(),
  status: z.enum(bookingStatuses),
  nextLocType: z.enum(nextLocTypes),
  stop: journeyStop.nullable(),
});

/** Driver/GetBookingLocations: every stop in order, and the next one. */
export const journeyLocationsAnswer = nextLocationAnswer.extend({ stops: z.array(journeyStop) });

const currentJob = z.object({ id: z.number(), status: z.enum(bookingStatuses), statusName: z.string() });

/** Booking/CheckOnJobStatus: a job is under way (on route, arrived or on board). */
export const onJobAnswer = z.object({ onJob: z.boolean(), booking: currentJob.nullable() });

/** Booking/GetDriverStatus: userStatus 1 available, 2 busy, 3 offline (the initial value), 4 on break. */
export const driverStatusAnswer = onJobAnswer.extend({
  userStatus: z.number(),
  statusName: z.string(),
  shift: z
    .object({
      id: z.number(),
      startedAt: z.string(),
      vehicleId: z.number().nullable(),
      registration: z.string().nullable(),
    })
    .nullable(),
});

/** Booking/GetBookingLiveLocationList: one job's route, paged. */
export const journeyLocationListInput = listInput({ id: id() });

export const liveLocationPoint = z.object({ lat: z.number(), lng: z.number(), recordedAt: z.string() });

/** Booking/GetBookingLiveLocationLog: the job's route so far and whether it still grows. */
export const liveLocationLogAnswer = z.object({
  bookingId: z.number(),
  status: z.enum(bookingStatuses),
  isLive: z.boolean(),
  routeMetres: z.number(),
  route: z.array(liveLocationPoint),
});
