import { handlers } from '../../platform/http/context';
import { recordOwnPositions } from './journey-positions';
import {
  driverStatus,
  journeyLocations,
  liveLocationList,
  liveLocationLog,
  nextLocation,
  onJob,
} from './journey-reads';
import { takeJourneyStep } from './journey-steps';

const stepped = <A extends { statusName: string; repeated: boolean }>(answer: A) => ({
  data: answer,
  message: answer.repeated
    ? `Already done: the job is ${answer.statusName.toLowerCase()}.`
    : `Job ${answer.statusName.toLowerCase()}.`,
});

const stored = (data: { stored: number; stale: number }) => ({
  data,
  message: `${data.stored} position${data.stored === 1 ? '' : 's'} stored.`,
});

export const driverJourneyHandlers = handlers({
  'Driver/UpdateBookingStatusForJourney': async (input, ctx) => stepped(await takeJourneyStep(ctx, input)),
  'Driver/ProcessBookingEvent': async (input, ctx) => stepped(await takeJourneyStep(ctx, input)),
  'Driver/AddBookingProgress': async (input, ctx) => stepped(await takeJourneyStep(ctx, input)),
  'Booking/UpdateBookingStatusSimple': async (input, ctx) => stepped(await takeJourneyStep(ctx, input)),
  'Driver/ConfirmBooking': async (input, ctx) => stepped(await takeJourneyStep(ctx, { ...input, step: 'confirm' })),
  'Driver/RejectBooking': async (input, ctx) => stepped(await takeJourneyStep(ctx, { ...input, step: 'reject' })),
  'Driver/CurrentLocation': async (input, ctx) => stored(await recordOwnPositions(ctx, input)),
  'Booking/AddLiveLocationLog': async (input, ctx) => stored(await recordOwnPositions(ctx, input)),
  'Driver/GetBookingLocations': (input, ctx) => journeyLocations(ctx, input.id),
  'Driver/BookingNextLocTypeID': (input, ctx) => nextLocation(ctx, input.id),
  'Booking/CheckOnJobStatus': (_input, ctx) => onJob(ctx),
  'Booking/GetDriverStatus': (_input, ctx) => driverStatus(ctx),
  'Booking/GetBookingLiveLocationLog': (input, ctx) => liveLocationLog(ctx, input.id),
  'Booking/GetBookingLiveLocationList': (input, ctx) => liveLocationList(ctx, input),
});
