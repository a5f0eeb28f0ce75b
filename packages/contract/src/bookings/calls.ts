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
    GetBookingEmailAddresses: planned(),
    GetBookingEmailAddressesForChangings: planned(),
    GetZoneNameDescription: planned(),
    SendSMSToDriverwithoutBID: planned(),
    GetCodeValidation: planned(),
    AddUpdatedBookingDataInHistoryLog: planned(),
    GetPassengerEmailAddress: planned(),
    IsBookingExpenseApproved: planned(),
    SendConfirmationEmail: planned(),
    SendConfirmationSMS: planned(),
    GetBookerList: planned(),
    GetBookingJourneyWaitTime: planned(),
    GetTableSummaryBookingExpense: planned(),
    GetBookingQuote: planned(),
    GetNotificationsForBookingClient: planned(),
    UpdateBookingStatus: planned(),
    GetRemoteBookingHistoryLog: planned(),
    ApproveRemoteBookingHistory: planned(),
    GetBookingStatus: planned(),
    GetBookingDetails: planned(),
    GetBookingHistoryLog: planned(),
    GetBookingClientReferencesDetails: planned(),
    GetBookingClientReferencesDetailsToUpdate: planned(),
    GetZoneID: planned(),
    AddBooker: planned(),
    UpdateBooker: planned(),
    GetTableSummaryBooker: planned(),
    GetTableSummaryRepeatBooking: planned(),
    CancelRepeatBooking: planned(),
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
