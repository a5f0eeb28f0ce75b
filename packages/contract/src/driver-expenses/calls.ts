import { area, list, mutation } from '../define';
import * as s from './schemas';

const listSummary = (which: string) =>
  `${which} expenses of the company's drivers, newest first: filters fromDate/toDate (company days of the expense's date), driverID, bookingID, expenseTypeID; q searches the driver, the type and the note; "#123" finds the expenses of booking 123.`;

/** The office's side of what drivers spend on jobs (docs/driver-expenses.md). */
export const driverBookingExpenseDriverExpense = area(
  'DriverBookingExpense',
  { subject: 'DriverExpense' },
  {
    Update: mutation({
      verb: 'update',
      input: s.officeExpenseUpdateInput,
      output: s.officeExpenseRow,
      summary:
        "Approves (with paidBy: company, or the booking's client), declines (declineReason required) or takes back a decision, and/or edits amountMinor, expenseTypeId or paidBy. `version` refuses a change made meanwhile (409). An expense on a driver statement or an invoice cannot change (409). The driver is told of an approval or a decline.",
    }),
    DeleteExpense: mutation({
      verb: 'delete',
      input: s.officeExpenseDeleteInput,
      output: s.officeExpenseDeleted,
      summary:
        'Deletes a pending or declined expense and its receipt. An approved one, or one on a statement or an invoice, is a 409.',
    }),
    GetDeclinedBookExpenses: list({
      input: s.officeExpenseListInput,
      row: s.officeExpenseRow,
      summary: listSummary('Declined'),
    }),
    GetApprovedBookExpenses: list({
      input: s.officeExpenseListInput,
      row: s.officeExpenseRow,
      summary: listSummary('Approved'),
    }),
    GetPendingBookExpenses: list({
      input: s.officeExpenseListInput,
      row: s.officeExpenseRow,
      summary: listSummary('Pending'),
    }),
  },
);
