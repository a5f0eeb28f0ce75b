import { area, planned } from '../define';

export const bookerCalls = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetBookerList: planned(),
    AddBooker: planned(),
    UpdateBooker: planned(),
    GetTableSummaryBooker: planned(),
  },
);

export const repeatBookingCalls = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetTableSummaryRepeatBooking: planned(),
    CancelRepeatBooking: planned(),
  },
);
