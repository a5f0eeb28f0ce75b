import { z } from 'zod';
import { bookingStatuses } from '../bookings/status';
import { isoDate, listInput, optionalRef } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

/** The longest period a report covers: five years of company days. */
export const REPORT_MAX_DAYS = 5 * 366;

/**
 * The one filter every Reports call takes (spec 001: fromDate, toDate, clientID, driverID,
 * passengerID, vehicletypeID, categoryID, paymentMethodID, statusID, q, paging and sorting).
 * startDate/endDate — the names the spec gives Profitability — are read as fromDate/toDate when
 * those are not sent, so one filter bar can serve both screens. Dates are company days of pick-up.
 */
export const reportShape = {
  fromDate: isoDate().optional().describe('First company day of pick-up (alias: startDate)'),
  toDate: isoDate().optional().describe('Last company day of pick-up (alias: endDate)'),
  startDate: isoDate().optional().describe('Alias of fromDate'),
  endDate: isoDate().optional().describe('Alias of toDate'),
  clientID: optionalRef(),
  driverID: optionalRef(),
  passengerID: optionalRef(),
  vehicletypeID: optionalRef(),
  categoryID: optionalRef().describe("The client's type (Client types register)"),
  paymentMethodID: oneOf(codesOf('paymentType')).optional(),
  statusID: oneOf(bookingStatuses).optional(),
};

export const reportSortColumns = {
  booking: ['pickupAt', 'id', 'status', 'price', 'clientName', 'driverName', 'passengerName'] as const,
  entity: ['name', 'bookings', 'done', 'lost', 'revenue', 'averageFare', 'onTimePercent'] as const,
  driver: [
    'name',
    'bookings',
    'done',
    'lost',
    'revenue',
    'averageFare',
    'onTimePercent',
    'shiftHours',
    'utilisationPercent',
    'offerAcceptancePercent',
    'revenuePerShiftHour',
  ] as const,
};

export const reportFilterInput = listInput({ ...reportShape });
export const bookingReportInput = listInput({
  ...reportShape,
  sortColumn: oneOf(reportSortColumns.booking).optional(),
});
export const entityReportInput = listInput({ ...reportShape, sortColumn: oneOf(reportSortColumns.entity).optional() });
export const driverReportInput = listInput({ ...reportShape, sortColumn: oneOf(reportSortColumns.driver).optional() });

export type ReportFilter = z.output<typeof reportFilterInput>;
