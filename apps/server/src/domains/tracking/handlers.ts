import { handlers } from '../../platform/http/context';
import { bookingDriverLocation, bookingStartEnd, bookingTracking } from './booking-tracking';
import { driverLocation, listAvailableDrivers, listDriverLocations } from './driver-map';

export const trackingHandlers = handlers({
  'Booking/GetBookingStartEndTimeApiCall': (input, ctx) => bookingStartEnd(ctx, input.id),
  'Booking/GetBookingTrackingDetails': (input, ctx) => bookingTracking(ctx, input.id),
  'Booking/GetDriverLocationForTracking': (input, ctx) => bookingDriverLocation(ctx, input.id),
  'Driver/GetTableSummaryDriverLocation': (input, ctx) => listDriverLocations(ctx, input),
  'Driver/GetDriverLocation': (input, ctx) => driverLocation(ctx, input.id),
  'Driver/GetAllAvailableDriverListForTracking': (input, ctx) => listAvailableDrivers(ctx, input),
});
