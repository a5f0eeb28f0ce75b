import { z } from 'zod';
import { bookingStatuses } from '../bookings/status';
import { flag, id, isoDate, listInput, optionalRef, text, wholeNumber } from '../fields';
import { bookingValidationStatuses } from '../invoices/status';
import { priceBreakdown } from '../pricing/schemas';
import { codesOf } from '../reference-data/fixed-lists';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

/**
 * The tabs of Finance → Booking validation (docs/invoicing.md#booking-validation): done jobs not
 * checked yet, validated ones (billable, payable to the driver) and invalid ones (kept out until fixed).
 */
export const bookingValidationTabs = ['toValidate', 'validated', 'invalid'] as const;
export type BookingValidationTab = (typeof bookingValidationTabs)[number];

export const bookingValidationSortColumns = ['pickupAt', 'id', 'price', 'clientName', 'driverName'] as const;

/** BookingValidation/GetBookingValidataion: the done jobs of a period on one tab, with the usual filters. */
export const bookingValidationListInput = listInput({
  tab: oneOf(bookingValidationTabs).optional().default('toValidate'),
  fromDate: isoDate().optional().describe('First company day of pick-up'),
  toDate: isoDate().optional().describe('Last company day of pick-up'),
  clientID: optionalRef(),
  driverID: optionalRef(),
  vehicletypeID: optionalRef(),
  paymentMethodID: oneOf(codesOf('paymentType')).optional(),
  sortColumn: oneOf(bookingValidationSortColumns).optional(),
});

/** One done job: what was priced beside what happened, and its check. */
export const bookingValidationRow = z.object({
  id: z.number(),
  bookingNumber: z.string(),
  status: oneOf(bookingStatuses),
  pickupAt: z.string(),
  completedAt: z.string().nullable(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  passengerId: z.number().nullable(),
  passengerName: z.string().nullable(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  vehicleTypeId: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  pickupAddress: z.string().nullable(),
  dropoffAddress: z.string().nullable(),
  viaCount: z.number(),
  routeSummary: z.string().describe('Pick-up → drop-off, with the number of stops between'),
  priceMinor: z.number().nullable().describe('The fare as priced (the booking’s price), minor units'),
  currency: z.string(),
  waitingMinutes: z.number().describe('Waited at the pick-up, whole minutes'),
  pricedMetres: z.number().nullable().describe('The distance the fare was priced on'),
  drivenMetres: z.number().nullable().describe('The distance driven with the passenger on board, from the GPS track'),
  extrasMinor: z.number().describe('Extras in the priced fare'),
  expensesMinor: z.number().describe('Expenses the driver claimed for the job (not declined)'),
  noShow: z.boolean(),
  validationStatus: oneOf(bookingValidationTabs),
  reason: z.string().nullable(),
  recalculatedMinor: z.number().nullable(),
  acceptedMinor: z.number().nullable().describe('The price the job is billed at once validated'),
  isOverride: z.boolean(),
  validatedAt: z.string().nullable(),
  validatedByName: z.string().nullable(),
  invoiceId: z.number().nullable().describe('The invoice the job is on, if any'),
});

const reasonText = () => text(500).optional();

/** What UpdateBookingValidate sets: a check, or `toValidate` to take the check back. */
export const bookingValidateStatuses = [...bookingValidationStatuses, 'toValidate'] as const;

/**
 * BookingValidation/UpdateBookingValidate: validate or invalidate one or many done jobs; `toValidate`
 * takes the check back. A reason is required to invalidate and to override the price.
 */
export const bookingValidateInput = z
  .object({
    bookingIds: z
      .array(id(), { error: 'must be a list of booking ids' })
      .min(1, 'must name at least one booking')
      .max(200, 'must name at most 200 bookings'),
    status: oneOf(bookingValidateStatuses),
    reason: reasonText(),
    acceptedMinor: wholeNumber({ min: 0, max: 100_000_000 })
      .optional()
      .describe('Bill the job at this price instead (an override: needs a reason)'),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'invalid' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required to mark a job invalid' });
    }
    if (v.acceptedMinor !== undefined && v.status !== 'validated') {
      ctx.addIssue({ code: 'custom', path: ['acceptedMinor'], message: 'is only for validating' });
    }
    if (v.acceptedMinor !== undefined && v.bookingIds.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['acceptedMinor'], message: 'is for one booking at a time' });
    }
  });

export const bookingValidateAnswer = z.object({
  status: oneOf(bookingValidateStatuses),
  bookingIds: z.array(z.number()),
  rows: z.array(bookingValidationRow),
  ledgerEntryIds: z.array(z.number()).describe('Adjustments of the fare earned posted for a changed price'),
});

export const validationExtra = z.object({
  expenseTypeId: id(),
  quantity: wholeNumber({ min: 1, max: 100 }),
});

/**
 * BookingValidation/UpdateBookingValidatationCalculations: the fare engine's price for what happened
 * (waiting, the distance driven, extras) beside the priced fare; `accept` bills the job at it.
 */
export const bookingRecalculateInput = z
  .object({
    bookingId: id(),
    waitingMinutes: wholeNumber({ min: 0, max: 1440 })
      .optional()
      .describe('Waited at the pick-up; the job’s own waiting when left out'),
    drivenMetres: wholeNumber({ min: 0, max: 5_000_000 })
      .optional()
      .describe('The distance to price; the GPS track’s when left out, else the priced distance'),
    extras: z.array(validationExtra).max(20, 'must have at most 20 extras').optional(),
    accept: flag().optional().default(false).describe('Store it as the accepted price and validate the job'),
    reason: reasonText(),
  })
  .strip();

export const fareSide = z.object({
  priceMinor: z.number().nullable(),
  breakdown: priceBreakdown.nullable(),
  metres: z.number().nullable(),
  waitingMinutes: z.number(),
});

export const bookingRecalculation = z.object({
  bookingId: z.number(),
  currency: z.string(),
  priced: fareSide.describe('As the job was priced'),
  recalculated: fareSide.describe('The fare engine’s price for what happened'),
  differenceMinor: z.number().describe('Recalculated − priced'),
  distanceSource: oneOf(['given', 'track', 'priced']),
  accepted: z.boolean(),
  ledgerEntryId: z.number().nullable().describe('The adjustment of the fare earned, when accepted at another price'),
  row: bookingValidationRow.nullable().describe('The job on the list after accepting'),
});
