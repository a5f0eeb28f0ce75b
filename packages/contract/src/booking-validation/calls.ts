import { area, list, mutation } from '../define';
import {
  bookingRecalculateInput,
  bookingRecalculation,
  bookingValidateAnswer,
  bookingValidateInput,
  bookingValidationListInput,
  bookingValidationRow,
} from './schemas';

export const bookingValidationBookingValidation = area(
  'BookingValidation',
  { subject: 'BookingValidation' },
  {
    GetBookingValidataion: list({
      input: bookingValidationListInput,
      row: bookingValidationRow,
      summary:
        'Done jobs (completed, no-show) on one tab — toValidate (no check yet), validated, invalid — with the priced fare beside what happened: waiting, the priced and the driven distance, extras, the driver’s expenses, no-show; filters fromDate/toDate (company days of pick-up), clientID, driverID, vehicletypeID, paymentMethodID; q searches the booking number, client, passenger and driver.',
    }),
    UpdateBookingValidate: mutation({
      verb: 'update',
      input: bookingValidateInput,
      output: bookingValidateAnswer,
      summary:
        'Validates or invalidates one or many done jobs (a reason is required to invalidate and to bill at another price, acceptedMinor); validating again updates the check; status toValidate takes the check back. A job not done, or already on an invoice, is a 409. A validated job’s price is locked until it is taken back.',
    }),
    UpdateBookingValidatationCalculations: mutation({
      verb: 'update',
      input: bookingRecalculateInput,
      output: bookingRecalculation,
      summary:
        'Prices a done job again through the fare engine with what happened (waiting, the distance driven, extras) and answers both breakdowns side by side; with accept the job is billed at the new price and validated, its price and breakdown changed and the difference posted to the ledger as an adjustment of the fare earned.',
    }),
  },
);
