import { handlers } from '../../platform/http/context';
import { listValidations } from './list';
import { recalculateBooking } from './recalculate';
import { validateBookings } from './validate';

/** Finance → Booking validation (docs/invoicing.md#booking-validation). */
export const bookingValidationHandlers = handlers({
  'BookingValidation/GetBookingValidataion': (input, ctx) => listValidations(ctx, input),
  'BookingValidation/UpdateBookingValidate': (input, ctx) => validateBookings(ctx, input),
  'BookingValidation/UpdateBookingValidatationCalculations': (input, ctx) => recalculateBooking(ctx, input),
});
