import { z } from 'zod';
import { area, list } from '../define';
import { isoDate, listInput, minorUnitsFigure, optionalRef } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';

/** The longest period one profitability answer covers (issue 18: a range over 5 years is refused). */
export const PROFITABILITY_MAX_YEARS = 5;

export const profitabilitySortColumns = [
  'name',
  'bookings',
  'cmpbookings',
  'amount',
  'cmpamount',
  'invamount',
  'revenue',
  'driverPay',
  'expenses',
  'prfamount',
] as const;

const sortColumn = z
  .enum(profitabilitySortColumns, { error: `must be one of: ${profitabilitySortColumns.join(', ')}` })
  .optional();

/** The spec's filters; dates are calendar days of the company, both included. */
export const profitabilityInput = listInput({
  startDate: isoDate(),
  endDate: isoDate(),
  clientID: optionalRef(),
  driverID: optionalRef(),
  passengerID: optionalRef(),
  vehicleTypeID: optionalRef(),
  paymentMethodID: z
    .enum(codesOf('paymentType'), { error: `must be one of: ${codesOf('paymentType').join(', ')}` })
    .optional(),
  sortColumn,
});

const money = () => minorUnitsFigure().describe('Minor units of the company currency');

/** The spec's figures with its short keys, for one row or for the whole filtered set. */
const figures = {
  bookings: z.number().int().describe('totalBookings: every booking of the period except quotes'),
  invbookings: z.number().int().describe('invoiceBookings: done bookings on an issued invoice'),
  cmpbookings: z.number().int().describe('completedBookings: done bookings (completed or no-show)'),
  ftrbookings: z.number().int().describe('futureBookings: bookings still to run'),
  amount: money().describe('totalAmount: the price of done and future bookings'),
  invamount: money().describe('invoiceAmount: the price of done bookings on an issued invoice'),
  cmpamount: money().describe('completedAmount: the price of done bookings'),
  prfamount: money().describe('profitAmount: revenue − driverPay − expenses'),
  revenue: money().describe(
    'Revenue: invoiced (the price of a job on an issued invoice) and paid (card, cash, by hand)',
  ),
  driverPay: money().describe('What approved driver statements pay for these jobs (corrections included)'),
  expenses: money().describe('Approved driver expenses on these jobs that the company bears'),
};

const driverFigures = {
  dswrkd: z.number().int().describe('daysWorked: company days with at least one done job'),
  drvrcommsn: money().describe('driverCommission: the driver pay of these jobs (as driverPay)'),
};

export const clientProfitabilityRow = z.object({ id: z.number(), name: z.string(), ...figures });
export const driverProfitabilityRow = clientProfitabilityRow.extend(driverFigures);
export const vehicleProfitabilityRow = driverProfitabilityRow.extend({ vehicleType: z.string().nullable() });

const reconciledFigure = z.object({
  report: money().describe('From the bookings, invoices and payments'),
  ledger: money().describe('From the journal lines of the same bookings'),
  difference: money().describe('report − ledger'),
});

/** A booking whose revenue differs from what its journal entries say. */
export const profitabilityDifference = z.object({
  bookingId: z.number(),
  pickupAt: z.string(),
  report: money(),
  ledger: money(),
  difference: money(),
});

export const profitabilityReconciliation = z
  .object({
    agrees: z.boolean().describe('true when every booking’s revenue and the driver pay agree with the ledger'),
    revenue: reconciledFigure.describe('Revenue of the filtered bookings against their journal lines'),
    driverPay: reconciledFigure.describe(
      'Job pay on the approved statements of the filtered bookings against those statements’ driverPay postings less what was not job pay (bonuses, company-paid expenses, adjustments)',
    ),
    differing: z.number().int().describe('Bookings whose revenue differs'),
    differences: z.array(profitabilityDifference).describe('The first 100 bookings that differ'),
  })
  .describe('The report against the ledger for the same bookings (docs/reports.md#reconciliation)');

const totals = {
  ...figures,
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reconciliation: profitabilityReconciliation,
};

export const clientProfitabilityTotals = z.object(totals);
export const driverProfitabilityTotals = z.object({ ...totals, ...driverFigures });

const filtersSaid =
  'filters startDate/endDate (company days of pick-up, both required, at most 5 years), clientID, driverID, passengerID, vehicleTypeID, paymentMethodID; q searches the name. Beside the rows the answer carries the spec’s totals (bookings, invbookings, cmpbookings, ftrbookings, amount, invamount, cmpamount, prfamount) and a reconciliation with the ledger.';

export const profitabilityProfitability = area(
  'Profitability',
  { subject: 'Profitability' },
  {
    GetClientProfitability: list({
      input: profitabilityInput,
      row: clientProfitabilityRow,
      extra: clientProfitabilityTotals,
      summary: `Each client with bookings in the period: the spec's figures and revenue, driver pay, expenses and profit; ${filtersSaid}`,
    }),
    GetDriverProfitability: list({
      input: profitabilityInput,
      row: driverProfitabilityRow,
      extra: driverProfitabilityTotals,
      summary: `Each driver with bookings in the period, with days worked (dswrkd) and driver pay (drvrcommsn); ${filtersSaid}`,
    }),
    GetVehicleProfitability: list({
      input: profitabilityInput,
      row: vehicleProfitabilityRow,
      extra: driverProfitabilityTotals,
      summary: `Each vehicle with bookings in the period, with days worked (dswrkd) and driver pay (drvrcommsn); ${filtersSaid}`,
    }),
  },
);
