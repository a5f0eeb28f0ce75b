import { area, planned } from '../define';

export const bookingDriverJourney = area(
  'Booking',
  { subject: 'DriverApp' },
  {
    AddLiveLocationLog: planned(),
    GetBookingLiveLocationList: planned(),
    GetBookingLiveLocationLog: planned(),
    UpdateBookingStatusSimple: planned(),
    CheckOnJobStatus: planned(),
    GetDriverStatus: planned(),
  },
);

export const driverJourney = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    UpdateBookingStatusForJourney: planned(),
    ConfirmBooking: planned(),
    RejectBooking: planned(),
    ProcessBookingEvent: planned(),
    GetBookingLocations: planned(),
    BookingNextLocTypeID: planned(),
    AddBookingProgress: planned(),
    CurrentLocation: planned(),
  },
);
