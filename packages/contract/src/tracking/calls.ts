import { area, planned } from '../define';

export const bookingTracking = area(
  'Booking',
  { subject: 'Dispatch' },
  {
    GetBookingStartEndTimeApiCall: planned(),
    GetBookingTrackingDetails: planned(),
    GetDriverLocationForTracking: planned(),
  },
);

export const driverLocations = area(
  'Driver',
  { subject: 'Dispatch' },
  {
    GetTableSummaryDriverLocation: planned(),
    GetDriverLocation: planned(),
    GetAllAvailableDriverListForTracking: planned(),
  },
);
