import { area, list, mutation, read } from '../define';
import { byId, noInput } from '../fields';
import { positionsInput } from '../tracking/schemas';
import {
  driverStatusAnswer,
  journeyAnswerInput,
  journeyLocationListInput,
  journeyLocationsAnswer,
  journeyPositionsAnswer,
  journeyStepAnswer,
  journeyStepInput,
  liveLocationLogAnswer,
  liveLocationPoint,
  nextLocationAnswer,
  onJobAnswer,
} from './journey-schemas';

const stepSummary =
  "Takes one journey step on the signed-in driver's booking through the state machine; a repeated idempotencyKey returns the first answer without moving again; a step no longer allowed answers 409 with currentStatus.";

export const bookingDriverJourney = area(
  'Booking',
  { subject: 'DriverApp' },
  {
    AddLiveLocationLog: mutation({
      verb: 'create',
      input: positionsInput,
      output: journeyPositionsAnswer,
      summary: "Stores a batch of the signed-in driver's positions (the route of the current job).",
    }),
    GetBookingLiveLocationList: list({
      input: journeyLocationListInput,
      row: liveLocationPoint,
      summary: "The route points of the signed-in driver's job, oldest first (thinned to at most 2,000).",
    }),
    GetBookingLiveLocationLog: read({
      input: byId(),
      output: liveLocationLogAnswer,
      summary: "The route of the signed-in driver's job with its length and whether it is still running.",
    }),
    UpdateBookingStatusSimple: mutation({
      verb: 'update',
      input: journeyStepInput,
      output: journeyStepAnswer,
      summary: stepSummary,
    }),
    CheckOnJobStatus: read({
      input: noInput(),
      output: onJobAnswer,
      summary: 'Whether the signed-in driver is on a job now (on route, arrived, on board), and which.',
    }),
    GetDriverStatus: read({
      input: noInput(),
      output: driverStatusAnswer,
      summary: "The signed-in driver's availability (userStatus), open shift with its vehicle, and job under way.",
    }),
  },
);

export const driverJourney = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    UpdateBookingStatusForJourney: mutation({
      verb: 'update',
      input: journeyStepInput,
      output: journeyStepAnswer,
      summary: stepSummary,
    }),
    ConfirmBooking: mutation({
      verb: 'update',
      input: journeyAnswerInput,
      output: journeyStepAnswer,
      summary: 'The signed-in driver accepts an offered or allocated job (the confirm step).',
    }),
    RejectBooking: mutation({
      verb: 'update',
      input: journeyAnswerInput,
      output: journeyStepAnswer,
      summary: 'The signed-in driver declines an offered or allocated job; it goes back to dispatch (the reject step).',
    }),
    ProcessBookingEvent: mutation({
      verb: 'update',
      input: journeyStepInput,
      output: journeyStepAnswer,
      summary: stepSummary,
    }),
    GetBookingLocations: read({
      input: byId(),
      output: journeyLocationsAnswer,
      summary:
        "The stops of the signed-in driver's job in order, with arrived/departed times and the next location type.",
    }),
    BookingNextLocTypeID: read({
      input: byId(),
      output: nextLocationAnswer,
      summary: "The next location type of the signed-in driver's job: pickup, via, dropoff, or none once it is over.",
    }),
    AddBookingProgress: mutation({
      verb: 'update',
      input: journeyStepInput,
      output: journeyStepAnswer,
      summary: stepSummary,
    }),
    CurrentLocation: mutation({
      verb: 'update',
      input: positionsInput,
      output: journeyPositionsAnswer,
      summary:
        "Stores a batch of the signed-in driver's positions (the latest becomes the driver's position on the map).",
    }),
  },
);
