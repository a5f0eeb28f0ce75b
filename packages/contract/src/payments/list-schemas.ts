import { z } from 'zod';
import { paymentStatuses } from '../bookings/status';
import { id, isoDate, listInput, optionalRef, text, wholeNumber } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';
import { cardPaymentStatuses, paymentTransactionKinds } from './status';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

const sortBy = <T extends readonly [string, ...string[]]>(columns: T) => oneOf(columns).optional();

/** The filters of the Finance booking lists and their totals: dates are calendar days of the company. */
const financeBookingFilters = {
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  clientID: optionalRef(),
  driverID: optionalRef(),
  vehicleTypeID: optionalRef(),
  paymentStatus: oneOf(paymentStatuses).optional(),
};

export const cardBookingSortColumns = ['pickupAt', 'id', 'price', 'captured', 'paymentStatus'] as const;
export const cashBookingSortColumns = ['pickupAt', 'id', 'price', 'cashCollected', 'difference'] as const;

export const cardBookingListInput = listInput({
  ...financeBookingFilters,
  sortColumn: sortBy(cardBookingSortColumns),
});

export const cashBookingListInput = listInput({
  ...financeBookingFilters,
  sortColumn: sortBy(cashBookingSortColumns),
});

/** The people and the journey of a Finance booking line. */
const financeBookingBase = {
  id: z.number(),
  status: z.string(),
  pickupAt: z.string(),
  price: z.number().nullable().describe('Minor units'),
  currency: z.string(),
  paymentStatus: oneOf(paymentStatuses),
  passengerId: z.number().nullable(),
  passengerName: z.string().nullable(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  vehicleTypeId: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
};

/** A done or upcoming booking paid by card, with what its card payments took. */
export const cardBookingRow = z.object({
  ...financeBookingBase,
  authorised: z.number().describe('Authorised and not yet captured, minor units'),
  captured: z.number(),
  refunded: z.number(),
  card: z.string().nullable().describe('Brand and last four digits, e.g. "Visa •••• 4242"'),
});

/** A cash booking with what its driver collected. */
export const cashBookingRow = z.object({
  ...financeBookingBase,
  cashCollected: z.number(),
  collectedBy: z.string().nullable().describe('The driver who collected it'),
  difference: z.number().describe('Cash collected − fare: negative when the driver took less'),
});

export const cardBookingTotals = z.object({
  totalBookings: z.number(),
  revenue: z.number().describe('Captured − refunded, minor units'),
  authorised: z.number().describe('Authorised, not yet captured'),
  captured: z.number(),
  refunded: z.number(),
  currency: z.string(),
  byDay: z
    .array(z.object({ day: z.string(), revenue: z.number(), bookings: z.number() }))
    .describe('Revenue per company day of pick-up'),
});

export const cashBookingTotals = z.object({
  totalBookings: z.number(),
  totalFares: z.number(),
  cashCollected: z.number(),
  cashWithDrivers: z.number().describe("The drivers' cash balances in the ledger, for the drivers of the result"),
  currency: z.string(),
  byDay: z.array(z.object({ day: z.string(), revenue: z.number(), bookings: z.number() })),
});

export const transactionSortColumns = ['createdAt', 'amount', 'kind', 'bookingId'] as const;

export const transactionListInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  kind: oneOf(paymentTransactionKinds).optional(),
  paymentMethodID: oneOf(codesOf('paymentType')).optional(),
  bookingId: optionalRef(),
  clientID: optionalRef(),
  passengerID: optionalRef(),
  driverID: optionalRef(),
  sortColumn: sortBy(transactionSortColumns),
});

/** A payment step with who it concerns and its card payment. */
export const transactionListRow = z.object({
  id: z.number(),
  bookingId: z.number().nullable(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  passengerId: z.number().nullable(),
  passengerName: z.string().nullable(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  cardPaymentId: z.number().nullable(),
  kind: oneOf(paymentTransactionKinds),
  kindName: z.string(),
  method: z.string(),
  amount: z.number().describe('Minor units; a refund is negative'),
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  providerRef: z.string().nullable(),
  journalEntryId: z.number().nullable(),
  createdAt: z.string(),
});

export const stripeTransactionSortColumns = ['createdAt', 'amount', 'status', 'bookingId'] as const;

export const stripeTransactionListInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  status: oneOf(cardPaymentStatuses).optional(),
  sortColumn: sortBy(stripeTransactionSortColumns),
});

export const stripeTransactionRow = z.object({
  id: z.number(),
  bookingId: z.number().nullable(),
  provider: z.string(),
  intentRef: z.string(),
  status: oneOf(cardPaymentStatuses),
  amount: z.number(),
  captured: z.number(),
  refunded: z.number(),
  currency: z.string(),
  card: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const eventLogInput = listInput({
  cardPaymentId: optionalRef(),
  intentRef: text(200).optional(),
});

/** One provider event as it reached the webhook; the payload summarised, never a secret. */
export const paymentEventRow = z.object({
  id: z.number(),
  provider: z.string(),
  eventRef: z.string(),
  type: z.string(),
  objectRef: z.string().nullable(),
  outcome: z.string(),
  receivedAt: z.string(),
  summary: z.string().describe('Status and amounts the event carried'),
});

export const clientTransactionsInput = transactionListInput.extend({ clientID: id() });

/** Client/AddPaymentTransaction: money a client paid on account, not tied to one booking. */
export const clientPaymentInput = z.object({
  clientID: id(),
  amount: wholeNumber({ min: 1, max: 100_000_000 }).describe('Minor units'),
  method: z.enum(['cash', 'bank_transfer', 'cheque'], { error: 'must be cash, bank_transfer or cheque' }),
  reference: text(100).optional(),
  date: isoDate().optional().describe('The company day it was paid; today when left out'),
  note: text(300).optional(),
});

export const passengerFinanceInput = z.object({ passengerID: id() });

export const passengerFinance = z.object({
  passengerId: z.number(),
  balance: z.number().describe("The passenger's receivable in the ledger: positive is owed to the office"),
  paid: z.number().describe('Paid by card, cash and by hand, less refunds'),
  refunded: z.number(),
  currency: z.string(),
  transactions: z.array(transactionListRow).describe('The latest 200 steps, newest first'),
});

export const reconciliationInput = z.object({
  fromDate: isoDate(),
  toDate: isoDate(),
});

const reconciliationFigures = z.object({
  priced: z.number().describe('Priced done bookings (completed, no-show)'),
  card: z.number(),
  cash: z.number(),
  manual: z.number(),
  invoiced: z.number(),
  owed: z.number(),
});

export const reconciliationLine = z.object({
  bookingId: z.number(),
  pickupAt: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  price: z.number(),
  bookings: reconciliationFigures.omit({ priced: true }).describe('From the bookings and their payments'),
  ledger: reconciliationFigures.omit({ priced: true, invoiced: true }).extend({ earned: z.number() }),
  difference: z
    .number()
    .describe("How far the ledger is from the bookings: the columns' differences as absolute amounts, summed"),
});

export const reconciliation = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  bookingCount: z.number(),
  bookings: reconciliationFigures.describe('priced = card + cash + manual + invoiced + owed'),
  ledger: reconciliationFigures.describe('The same from the journal entries of those bookings'),
  balanced: z.boolean(),
  differing: z.number().describe('How many bookings differ (all of them, however many are listed)'),
  differences: z.array(reconciliationLine).describe('Every booking whose figures differ (at most 500)'),
});
