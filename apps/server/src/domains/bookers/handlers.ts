import { handlers } from '../../platform/http/context';
import { addBooker, bookerLookup, listBookers, updateBooker } from './bookers';
import { cancelRepeatBooking, listRepeatBookings } from './repeat-bookings';

export const bookersHandlers = handlers({
  'Booking/GetBookerList': (input, ctx) => bookerLookup(ctx, input),
  'Booking/AddBooker': (input, ctx) => addBooker(ctx, input),
  'Booking/UpdateBooker': (input, ctx) => updateBooker(ctx, input),
  'Booking/GetTableSummaryBooker': (input, ctx) => listBookers(ctx, input),
  'Booking/GetTableSummaryRepeatBooking': (input, ctx) => listRepeatBookings(ctx, input),
  'Booking/CancelRepeatBooking': (input, ctx) => cancelRepeatBooking(ctx, input.id),
});
