import { area, planned } from '../define';

export const bookingDriverLists = area(
  'Booking',
  { subject: 'DriverApp' },
  {
    GetDriverUpcomingBooking: planned(),
    GetTableSummaryBookingDriverApp: planned(),
    GetTableSummaryBookingDriverHistory: planned(),
    GetTableSummaryBookingDriverAppPerWeek: planned(),
    GetDriverDashboardDetails: planned(),
    GetBookingDriverHistory: planned(),
    GetDriverEarnings: planned(),
    GetBookingTime: planned(),
  },
);

export const driverLists = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    GetDriverNotifications: planned(),
    UpdateIsNotified: planned(),
    GetDriverEarnings: planned(),
    GetDriverEarningsAverage: planned(),
    GetDriverPaymentSummary: planned(),
    GetChatCount: planned(),
  },
);
