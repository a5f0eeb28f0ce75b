import { area, planned } from '../define';

export const bookingBooking = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetBooking: planned(),
    GetBookingFilter: planned(),
    GetBookingFiltertestting: planned(),
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    checkBookingToken: planned(),
    UpdatePaymentStatusOfBooking: planned(),
    GetZoneNameDescription: planned(),
    GetCodeValidation: planned(),
    AddUpdatedBookingDataInHistoryLog: planned(),
    IsBookingExpenseApproved: planned(),
    GetBookingJourneyWaitTime: planned(),
    GetTableSummaryBookingExpense: planned(),
    GetBookingQuote: planned(),
    UpdateBookingStatus: planned(),
    GetRemoteBookingHistoryLog: planned(),
    ApproveRemoteBookingHistory: planned(),
    GetBookingStatus: planned(),
    GetBookingDetails: planned(),
    GetBookingHistoryLog: planned(),
    GetBookingClientReferencesDetails: planned(),
    GetBookingClientReferencesDetailsToUpdate: planned(),
    GetZoneID: planned(),
  },
);

export const flightDetailsBooking = area(
  'FlightDetails',
  { subject: 'Booking' },
  {
    GetFlightDetails: planned(),
    Get: planned(),
    GetPostCode: planned(),
  },
);

export const flightBooking = area(
  'Flight',
  { subject: 'Booking' },
  {
    GetFlightDetails: planned(),
  },
);
