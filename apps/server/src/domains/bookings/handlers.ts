import { handlers } from '../../platform/http/context';
import { bookingFlight, flightDetails, postcodeMatches } from '../flights/lookups';
import { bookingDetails } from './details';
import { validateCode } from './discounts';
import { bookingExpenses, bookingReferences, checkBookingToken, expenseApproval, referencesToUpdate } from './extras';
import { addHistoryNote, bookingHistory, decideRemoteChange, remoteChanges } from './history';
import { listBookings } from './list';
import { bookingQuote } from './quote-call';
import { bookingStatus, journeyWaitTime, updateBookingStatus, updatePaymentStatus } from './status';
import { createBooking, updateBooking } from './write';
import { addressPlaces } from '../places/places';
import { zoneOfPoint } from './zones';
import { cancelOwnBooking, ownBookings } from '../web-booker/passenger-bookings';

export const bookingsHandlers = handlers({
  // A passenger's own token lists only their own bookings (docs/web-booker.md).
  'Booking/GetTableSummary': (input, ctx) => listBookings(ctx, ownBookings(ctx, input)),
  'Booking/GetBooking': (input, ctx) => listBookings(ctx, input),
  'Booking/GetBookingFilter': (input, ctx) => listBookings(ctx, input),
  'Booking/GetBookingFiltertestting': (input, ctx) => listBookings(ctx, input),
  'Booking/GetBookingDetails': (input, ctx) => bookingDetails(ctx, input.id),
  'Booking/Create': (input, ctx) => createBooking(ctx, input),
  'Booking/Update': (input, ctx) => updateBooking(ctx, input),
  'Booking/checkBookingToken': (input, ctx) => checkBookingToken(ctx, input.bookingToken),
  'Booking/GetBookingQuote': (input, ctx) => bookingQuote(ctx, input),
  'Booking/GetAddressPlaces': (input, ctx) => addressPlaces(ctx, input),
  'Booking/GetCodeValidation': (input, ctx) => validateCode(ctx, input),
  'Booking/GetBookingStatus': (input, ctx) => bookingStatus(ctx, input.id),
  'Booking/UpdateBookingStatus': (input, ctx) =>
    ctx.session.kind === 'passenger' ? cancelOwnBooking(ctx, input) : updateBookingStatus(ctx, input),
  'Booking/UpdatePaymentStatusOfBooking': (input, ctx) => updatePaymentStatus(ctx, input),
  'Booking/GetBookingJourneyWaitTime': (input, ctx) => journeyWaitTime(ctx, input.id),
  'Booking/GetBookingHistoryLog': (input, ctx) => bookingHistory(ctx, input),
  'Booking/AddUpdatedBookingDataInHistoryLog': (input, ctx) => addHistoryNote(ctx, input),
  'Booking/GetRemoteBookingHistoryLog': (input, ctx) => remoteChanges(ctx, input),
  'Booking/ApproveRemoteBookingHistory': (input, ctx) => decideRemoteChange(ctx, input),
  'Booking/IsBookingExpenseApproved': (input, ctx) => expenseApproval(ctx, input.id),
  'Booking/GetTableSummaryBookingExpense': (input, ctx) => bookingExpenses(ctx, input),
  'Booking/GetBookingClientReferencesDetails': (input, ctx) => bookingReferences(ctx, input.id),
  'Booking/GetBookingClientReferencesDetailsToUpdate': (input, ctx) => referencesToUpdate(ctx, input),
  'Booking/GetZoneID': (input, ctx) => zoneOfPoint(ctx, input),
  'Booking/GetZoneNameDescription': (input, ctx) => zoneOfPoint(ctx, input),

  'FlightDetails/GetFlightDetails': (input, ctx) => flightDetails(ctx, input),
  'Flight/GetFlightDetails': (input, ctx) => flightDetails(ctx, input),
  'FlightDetails/Get': (input, ctx) => bookingFlight(ctx, input.id),
  'FlightDetails/GetPostCode': (input, ctx) => postcodeMatches(ctx, input.postcode),
});
