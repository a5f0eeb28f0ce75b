import { handlers } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { deleteOfficeExpense, updateOfficeExpense } from './office-decisions';
import { listOfficeExpenses, officeExpenseById } from './office-list';

const saying = { approved: 'approved', declined: 'declined', pending: 'back to pending' } as const;

/** The office's side of drivers' expenses (docs/driver-expenses.md). */
export const driverExpensesHandlers = handlers({
  'DriverBookingExpense/GetPendingBookExpenses': (input, ctx) => listOfficeExpenses(ctx, 'pending', input),
  'DriverBookingExpense/GetApprovedBookExpenses': (input, ctx) => listOfficeExpenses(ctx, 'approved', input),
  'DriverBookingExpense/GetDeclinedBookExpenses': (input, ctx) => listOfficeExpenses(ctx, 'declined', input),
  'DriverBookingExpense/Update': async (input, ctx) => {
    await updateOfficeExpense(ctx, input);
    const data = await officeExpenseById(ctx, input.id);
    if (!data) throw notFound(`Expense ${input.id}`);
    return {
      data,
      message: input.status ? `Expense ${data.id} is ${saying[data.status]}.` : `Expense ${data.id} is saved.`,
    };
  },
  'DriverBookingExpense/DeleteExpense': async (input, ctx) => {
    await deleteOfficeExpense(ctx, input.id);
    return { data: { id: input.id }, message: `Expense ${input.id} is deleted.` };
  },
});
