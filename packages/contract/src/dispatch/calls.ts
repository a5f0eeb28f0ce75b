import { area, planned } from '../define';

export const bookingDispatch = area(
  'Booking',
  { subject: 'Dispatch' },
  {
    GetBookingDispatch: planned(),
    GetTableSummaryDispatchBookingsTest: planned(),
    UpdateDataofResetBooking: planned(),
    GetBookingStartEndTimeApiCall: planned(),
    GetBookingTrackingDetails: planned(),
    GetDriverLocationForTracking: planned(),
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
    GetTableSummaryDriverLocation: planned(),
    GetDriverLocation: planned(),
    GetTableSummaryDriverAllocation: planned(),
    UpdateDriverStatus: planned(),
    AddDriverShift: planned(),
    GetAllAvailableDriverListForTracking: planned(),
    GetDispatchDriverDetailsSumAvailability: planned(),
    GetFindDriverDetail: planned(),
  },
);
