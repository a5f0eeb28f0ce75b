import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { list, renderScreen, resetServer } from '../account/test-utils';
import { ExpensesPage } from './ExpensesPage';

vi.mock('../../../api/client', () => import('../account/test-utils').then((m) => m.clientMock));

const sent: { fields: Record<string, unknown>; file: File | null }[] = [];
let refuseWith: ApiError | null = null;
vi.mock('./postMultipart', () => ({
  postMultipart: async (_name: string, fields: Record<string, unknown>, file: File | null) => {
    sent.push({ fields, file });
    if (refuseWith) throw refuseWith;
    return { code: 200, message: 'Created.', data: { id: 99 } };
  },
}));

const type = (id: number, name: string, requiresReceipt = false) => ({
  id,
  name,
  taxId: null,
  taxName: null,
  taxRateBp: null,
  defaultAmountMinor: null,
  isAvailableInDriverApp: true,
  requiresReceipt,
  isActive: true,
});

const expense = (id: number, status: 'pending' | 'approved' | 'declined', extra: Record<string, unknown> = {}) => ({
  id,
  expenseTypeId: 1,
  expenseTypeName: 'Parking',
  bookingId: null,
  amountMinor: 650,
  currency: 'GBP',
  note: null,
  hasReceipt: false,
  status,
  createdAt: '2026-03-10T09:30:00Z',
  receiptUrl: null,
  decidedAt: null,
  declineReason: null,
  ...extra,
});

let expenses: ReturnType<typeof expense>[] = [];

beforeEach(() => {
  sent.length = 0;
  refuseWith = null;
  expenses = [];
  resetServer({
    'Driver/GetTableSummaryDriverExpenseDrvApp': () => list(expenses),
    'BookingExpenseType/GetExpenseTypeListDriverApp': () => list([type(1, 'Parking'), type(2, 'Fuel', true)]),
    'Booking/GetTableSummaryBookingDriverApp': () => list([]),
    'Booking/GetTableSummaryBookingDriverHistory': () => list([]),
  });
});
afterEach(cleanup);

async function openSheet() {
  renderScreen(<ExpensesPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add expense' }));
  return screen.findByRole('dialog');
}

async function pickType(sheet: HTMLElement, name: string) {
  const input = within(sheet).getByRole('combobox', { name: /Type/ }) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('the expenses screen', { timeout: 20_000 }, () => {
  it('says why it is empty', async () => {
    renderScreen(<ExpensesPage />);
    expect(await screen.findByText('No expenses yet')).toBeTruthy();
  });

  it('lists expenses with their state and the reason of a decline', async () => {
    expenses = [expense(1, 'pending'), expense(2, 'declined', { declineReason: 'No receipt' }), expense(3, 'approved')];
    renderScreen(<ExpensesPage />);
    const rows = await screen.findAllByTestId('expense-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Waiting')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('decline-reason').textContent).toBe('Declined: No receipt');
    expect(within(rows[2]!).getByText('Approved')).toBeTruthy();
  });

  it('refuses a negative amount without sending anything', async () => {
    const sheet = await openSheet();
    await pickType(sheet, 'Parking');
    fireEvent.change(within(sheet).getByRole('textbox', { name: /Amount/ }), { target: { value: '-12.50' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send to the office' }));
    expect(await within(sheet).findByText(/Enter an amount such as 12.50/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('demands a receipt for a type that requires one', async () => {
    const sheet = await openSheet();
    await pickType(sheet, 'Fuel');
    fireEvent.change(within(sheet).getByRole('textbox', { name: /Amount/ }), { target: { value: '40' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send to the office' }));
    expect(await within(sheet).findByText(/This type needs a receipt/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('refuses a receipt larger than 10 MB before sending', async () => {
    const sheet = await openSheet();
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    const input = sheet.querySelector('input[type="file"][capture="environment"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*,application/pdf');
    await act(async () => void fireEvent.change(input, { target: { files: [big] } }));
    expect(await within(sheet).findByText(/larger than 10 MB/)).toBeTruthy();
    expect(within(sheet).queryByTestId('receipt-chosen')).toBeNull();
  });

  it('sends the amount in minor units with the receipt', async () => {
    const sheet = await openSheet();
    await pickType(sheet, 'Fuel');
    fireEvent.change(within(sheet).getByRole('textbox', { name: /Amount/ }), { target: { value: '40,05' } });
    const photo = new File(['jpeg'], 'pump.jpg', { type: 'image/jpeg' });
    const input = sheet.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => void fireEvent.change(input, { target: { files: [photo] } }));
    expect(await within(sheet).findByTestId('receipt-chosen')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send to the office' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields).toMatchObject({ expenseTypeId: '2', amountMinor: 4005 });
    expect(sent[0]!.file?.name).toBe('pump.jpg');
  });

  it('puts a field the server refuses beside that field', async () => {
    refuseWith = new ApiError(400, 'bookingId must be one of your own jobs', [
      { field: 'amountMinor', message: 'must be at most 100000000' },
    ]);
    const sheet = await openSheet();
    await pickType(sheet, 'Parking');
    fireEvent.change(within(sheet).getByRole('textbox', { name: /Amount/ }), { target: { value: '5' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send to the office' }));
    expect(await within(sheet).findByText('must be at most 100000000')).toBeTruthy();
  });
});
