import { handlers } from '../../platform/http/context';
import {
  allocateBooking,
  allocateToSubcontractor,
  approveAllocation,
  confirmAllocation,
  offerBooking,
  rejectAllocation,
  resetBooking,
  unallocateBooking,
} from './allocation';
import { bookingJourneyMarks } from '../driver-app/journey-checks';
import { dispatchBoard, listDispatchTab } from './board';
import { driverChoices } from './choices';
import { listDriverAllocation } from './driver-board';
import { addDriverShift, availabilitySums, findDriverDetail, updateDriverStatus } from './driver-status';
import { listDocumentExpiry, listSubcontractorDrivers } from './papers';
import { suggestDrivers } from './suggestions';

export const dispatchHandlers = handlers({
  'Booking/GetBookingDispatch': (input, ctx) => dispatchBoard(ctx, input),
  'Booking/GetTableSummaryDispatchBookingsTest': (input, ctx) => listDispatchTab(ctx, input),
  'Booking/UpdateDataofResetBooking': (input, ctx) => resetBooking(ctx, input),
  'Booking/UpdateBookingDriverAndVehicle': (input, ctx) => offerBooking(ctx, input),
  'Booking/UpdateBookingDriverAndVehicleHard': (input, ctx) => allocateBooking(ctx, input),
  'Booking/UpdateBookingDriverAndVehicleHardSubContractor': (input, ctx) => allocateToSubcontractor(ctx, input),
  'Booking/ApproveDriverAllcation': (input, ctx) => approveAllocation(ctx, input),
  'Booking/RejectDriverAllcation': (input, ctx) => rejectAllocation(ctx, input),
  'Booking/ConfirmDriverAllocationDispatch': (input, ctx) => confirmAllocation(ctx, input),
  'Booking/UnallocateBookingDriverAndVehicle': (input, ctx) => unallocateBooking(ctx, input),
  'Booking/GetTableSummaryDriverListDocumentExpiry': (input, ctx) => listDocumentExpiry(ctx, input),
  'Booking/GetTableSummaryDriverSubContractor': (input, ctx) => listSubcontractorDrivers(ctx, input),
  'Booking/GetSuggestedDrivers': (input, ctx) => suggestDrivers(ctx, input),
  'Booking/GetDriverChoices': (input, ctx) => driverChoices(ctx, input),
  'Booking/GetBookingJourneyMarks': (input, ctx) => bookingJourneyMarks(ctx, input),

  'Driver/GetTableSummaryDriverAllocation': (input, ctx) => listDriverAllocation(ctx, input),
  'Driver/UpdateDriverStatus': (input, ctx) => updateDriverStatus(ctx, input),
  'Driver/AddDriverShift': (input, ctx) => addDriverShift(ctx, input),
  'Driver/GetDispatchDriverDetailsSumAvailability': (_input, ctx) => availabilitySums(ctx),
  'Driver/GetFindDriverDetail': (input, ctx) => findDriverDetail(ctx, input),
});
