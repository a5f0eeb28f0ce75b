import { area, planned } from '../define';

export const bookingDispatch = area(
  'Booking',
  { subject: 'Dispatch' },
  {
    GetBookingDispatch: planned(),
    GetTableSummaryDispatchBookingsTest: planned(),
    UpdateDataofResetBooking: planned(),
    UpdateBookingDriverAndVehicle: planned(),
    UpdateBookingDriverAndVehicleHard: planned(),
    UpdateBookingDriverAndVehicleHardSubContractor: planned(),
    ApproveDriverAllcation: planned(),
    RejectDriverAllcation: planned(),
    GetTableSummaryDriverListDocumentExpiry: planned(),
    GetTableSummaryDriverSubContractor: planned(),
    ConfirmDriverAllocationDispatch: planned(),
    UnallocateBookingDriverAndVehicle: planned(),
  },
);

export const driverDispatch = area(
  'Driver',
  { subject: 'Dispatch' },
  {
    GetTableSummaryDriverAllocation: planned(),
    UpdateDriverStatus: planned(),
    AddDriverShift: planned(),
    GetDispatchDriverDetailsSumAvailability: planned(),
    GetFindDriverDetail: planned(),
  },
);
