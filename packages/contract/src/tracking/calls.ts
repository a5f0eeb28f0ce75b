import { area, list, read } from '../define';
import { byId } from '../fields';
import {
  availableDriverRow,
  availableDriversInput,
  bookingDriverLocation,
  bookingStartEnd,
  bookingTracking,
  bookingTrackingInput,
  driverLocationListInput,
  driverLocationRow,
} from './schemas';

export const bookingTrackingCalls = area(
  'Booking',
  { subject: 'Dispatch' },
  {
    GetBookingStartEndTimeApiCall: read({
      input: bookingTrackingInput,
      output: bookingStartEnd,
      summary: "A booking's journey times: set off (on route), arrived, on board, ended; duration so far.",
    }),
    GetBookingTrackingDetails: read({
      input: bookingTrackingInput,
      output: bookingTracking,
      summary:
        "A booking's tracking: stops with coordinates, driver and vehicle, the driver's latest position and the route so far (the driver's positions from on route to the end).",
    }),
    GetDriverLocationForTracking: read({
      input: bookingTrackingInput,
      output: bookingDriverLocation,
      summary: "Where the booking's driver is now (null while no driver holds the job or none was seen).",
    }),
  },
);

export const driverLocationCalls = area(
  'Driver',
  { subject: 'Dispatch' },
  {
    GetTableSummaryDriverLocation: list({
      input: driverLocationListInput,
      row: driverLocationRow,
      summary:
        "The company's drivers with a known position: status, shift vehicle, current job and last seen; q searches name, callsign and registration; sortable by name, callsign, availability, lastSeen.",
    }),
    GetDriverLocation: read({
      input: byId(),
      output: driverLocationRow,
      summary: "One driver's latest position with status, vehicle and current job (position null when never seen).",
    }),
    GetAllAvailableDriverListForTracking: list({
      input: availableDriversInput,
      row: availableDriverRow,
      summary:
        'Available drivers (status 1) with their latest position; nearest first when lat/lng or a bookingId (its pick-up) is given.',
    }),
  },
);
