import type { CallOutput } from '@cabdesk/contract';
import { amountProblem, parseAmount } from './amount';

export type ExpenseType = CallOutput<'BookingExpenseType/GetExpenseTypeListDriverApp'>;

export interface ExpenseValues {
  expenseTypeId: string | null;
  amount: string;
  bookingId: string | null;
  note: string;
  receipt: File | null;
}

export const emptyExpense: ExpenseValues = {
  expenseTypeId: null,
  amount: '',
  bookingId: null,
  note: '',
  receipt: null,
};

export const NOTE_MAX = 500;

/** What is wrong with the form, as word keys by field (driver-app.money.expense.error.*). */
export function expenseErrors(
  values: ExpenseValues,
  types: ExpenseType[],
): Partial<Record<keyof ExpenseValues, string>> {
  const errors: Partial<Record<keyof ExpenseValues, string>> = {};
  const type = types.find((t) => String(t.id) === values.expenseTypeId);
  if (!type) errors.expenseTypeId = 'typeRequired';
  const amount = amountProblem(values.amount);
  if (amount) errors.amount = `amount.${amount}`;
  if (type?.requiresReceipt && !values.receipt) errors.receipt = 'receiptRequired';
  if (values.note.trim().length > NOTE_MAX) errors.note = 'noteTooLong';
  return errors;
}

/** The call's text fields (multipart sends text; the server reads whole numbers from digits). */
export function expenseFields(values: ExpenseValues) {
  return {
    expenseTypeId: values.expenseTypeId,
    amountMinor: parseAmount(values.amount),
    bookingId: values.bookingId,
    note: values.note.trim(),
  };
}

/** A field the server names, as the form's own field. */
export function formFieldOf(serverField: string): keyof ExpenseValues | null {
  const head = serverField.split('.')[0];
  switch (head) {
    case 'expenseTypeId':
    case 'bookingId':
    case 'note':
    case 'receipt':
      return head;
    case 'amountMinor':
      return 'amount';
    default:
      return null;
  }
}
