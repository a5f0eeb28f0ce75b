import { area, planned } from '../define';

export const driverBookingExpenseDriverExpense = area(
  'DriverBookingExpense',
  { subject: 'DriverExpense' },
  {
    Update: planned(),
    DeleteExpense: planned(),
    GetDeclinedBookExpenses: planned(),
    GetApprovedBookExpenses: planned(),
    GetPendingBookExpenses: planned(),
  },
);
