import { area, planned } from '../define';

export const bookingDriverApp = area(
  'Booking',
  { subject: 'DriverApp' },
  {
    GetDriverUpcomingBooking: planned(),
    GetTableSummaryBookingDriverApp: planned(),
    GetTableSummaryBookingDriverHistory: planned(),
    GetTableSummaryBookingDriverAppPerWeek: planned(),
    GetDriverDashboardDetails: planned(),
    AddLiveLocationLog: planned(),
    GetBookingLiveLocationList: planned(),
    GetBookingLiveLocationLog: planned(),
    UpdateBookingStatusSimple: planned(),
    CheckOnJobStatus: planned(),
    GetDriverStatus: planned(),
    GetBookingDriverHistory: planned(),
    GetDriverEarnings: planned(),
    GetBookingTime: planned(),
  },
);

export const driverDriverApp = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    UpdateBookingStatusForJourney: planned(),
    GetDriverNotifications: planned(),
    UpdateIsNotified: planned(),
    GetTableSummaryDriverDrvApp: planned(),
    UpdateDriverPersonalProfile: planned(),
    UpdateDriverAccountProfile: planned(),
    GetDriverEarnings: planned(),
    GetDriverEarningsAverage: planned(),
    GetDriverPaymentSummary: planned(),
    ConfirmBooking: planned(),
    RejectBooking: planned(),
    ProcessBookingEvent: planned(),
    GetBookingLocations: planned(),
    BookingNextLocTypeID: planned(),
    AddBookingProgress: planned(),
    CurrentLocation: planned(),
    GetChatCount: planned(),
    AddDriverExpenseFromDriverApp: planned(),
    GetTableSummaryDriverCreditCards: planned(),
    CreateCard: planned(),
    UpdateCard: planned(),
    DeleteCard: planned(),
    GetAdjustmentsData: planned(),
    CreateAdjustment: planned(),
    UpdateAdjustments: planned(),
    DeleteAdjustments: planned(),
  },
);

export const bookingExpenseTypeDriverApp = area(
  'BookingExpenseType',
  { subject: 'DriverApp' },
  {
    GetExpenseTypeListDriverApp: planned(),
  },
);
