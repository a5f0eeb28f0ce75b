import { z } from 'zod';
import { driverExpenseStatusValues } from '../driver-app/account-schemas';
import { id, isoDate, listInput, optionalRef, requiredText, wholeNumber } from '../fields';

/*
 * The office's side of drivers' expenses (docs/driver-expenses.md). Amounts are integer minor units
 * of the expense's `currency`; the expense's date is the company day the driver added it.
 */

/** The states are the driver app's (one list): pending, approved, declined. */
const driverExpenseStates = driverExpenseStatusValues;

/** Who bears an approved expense: the company (the driver's statement repays it) or the booking's client (its invoice). */
export const expensePayers = ['company', 'client'] as const;
export type ExpensePayer = (typeof expensePayers)[number];

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

export const driverExpenseSortColumns = [
  'createdAt',
  'amountMinor',
  'driverName',
  'expenseTypeName',
  'bookingId',
  'decidedAt',
] as const;

/** The three lists' filters: company days of the expense's date, a driver, a booking, a type. */
export const officeExpenseListInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  driverID: optionalRef(),
  bookingID: optionalRef(),
  expenseTypeID: optionalRef(),
  sortColumn: oneOf(driverExpenseSortColumns).optional(),
});

/** An expense as the office sees it. */
export const officeExpenseRow = z.object({
  id: z.number(),
  driverId: z.number(),
  driverName: z.string(),
  bookingId: z.number().nullable(),
  expenseTypeId: z.number(),
  expenseTypeName: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  note: z.string().nullable(),
  hasReceipt: z.boolean(),
  receiptUrl: z.string().nullable().describe('A signed address of the stored receipt, for a while'),
  status: z.enum(driverExpenseStates),
  paidBy: z.enum(expensePayers),
  declineReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  statementId: z.number().nullable().describe("The driver's statement that repays it (driver pay)"),
  invoiceId: z.number().nullable().describe("The client's invoice it is billed on"),
  invoiceNo: z.string().nullable(),
  isLocked: z.boolean().describe('On a statement or an invoice: it can no longer change or be deleted'),
  version: z.number(),
  createdAt: z.string(),
});

/**
 * DriverBookingExpense/Update: a decision (approve; decline with a reason; back to pending) and/or
 * an edit of the amount, the type or who pays. Only the fields sent change.
 */
export const officeExpenseUpdateInput = z.object({
  id: id(),
  version: wholeNumber({ min: 1 }).optional().describe('The version read; a change made meanwhile answers 409'),
  status: oneOf(driverExpenseStates).optional(),
  declineReason: requiredText(500).optional(),
  amountMinor: wholeNumber({ min: 1, max: 10_000_000 }).optional(),
  expenseTypeId: id().optional(),
  paidBy: oneOf(expensePayers).optional(),
});

export const officeExpenseDeleteInput = z.object({ id: id() });
export const officeExpenseDeleted = z.object({ id: z.number() });
