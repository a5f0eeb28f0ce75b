import { area, planned } from '../define';

export const bookingValidationBookingValidation = area(
  'BookingValidation',
  { subject: 'BookingValidation' },
  {
    GetBookingValidataion: planned(),
    UpdateBookingValidate: planned(),
    UpdateBookingValidatationCalculations: planned(),
  },
);
