import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardsPage } from './CardsPage';
import { callsOf, done, list, renderScreen, resetServer } from './test-utils';

vi.mock('../../../api/client', () => import('./test-utils').then((m) => m.clientMock));

const nextYear = new Date().getFullYear() + 1;
const card = (id: number, isDefault: boolean) => ({
  id,
  brand: 'Visa',
  last4: String(4240 + id),
  expMonth: 12,
  expYear: nextYear,
  holderName: null,
  isDefault,
  createdAt: '2026-03-01T10:00:00Z',
});
let rows: ReturnType<typeof card>[] = [];

beforeEach(() => {
  rows = [];
  resetServer({
    'Driver/GetTableSummaryDriverCreditCards': () => list(rows),
    'Driver/CreateCard': (input) => done({ ...card(9, true), ...input }),
    'Driver/UpdateCard': (input) => done({ ...card(Number(input.id), true) }),
    'Driver/DeleteCard': (input) => done({ id: input.id }),
  });
});
afterEach(cleanup);

async function fillCard(token: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Provider token/ }), { target: { value: token } });
  fireEvent.change(within(dialog).getByRole('combobox', { name: /Brand/ }), { target: { value: 'Visa' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Last four digits/ }), { target: { value: '4242' } });
  for (const [label, value] of [
    [/Expiry month/, '09'],
    [/Expiry year/, String(nextYear)],
  ] as const) {
    fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
    fireEvent.click(await screen.findByRole('option', { name: value, hidden: true }));
  }
  return dialog;
}

describe('saved cards', { timeout: 20_000 }, () => {
  it('say why the list is empty', async () => {
    renderScreen(<CardsPage />);
    expect(await screen.findByText('No saved cards')).toBeTruthy();
  });

  it('refuse a card number typed where the token goes, without sending it', async () => {
    renderScreen(<CardsPage />);
    const dialog = await fillCard('4242 4242 4242 4242');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(/That is a card number/)).toBeTruthy();
    expect(callsOf('Driver/CreateCard')).toHaveLength(0);
  });

  it('say a card number is one even before the other fields are filled', async () => {
    renderScreen(<CardsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Provider token/ }), {
      target: { value: '5555-5555-5555-4444' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(/That is a card number/)).toBeTruthy();
    expect(callsOf('Driver/CreateCard')).toHaveLength(0);
  });

  it('save a card by its token, brand, last four and expiry', async () => {
    renderScreen(<CardsPage />);
    const dialog = await fillCard('tok_test_abc123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(callsOf('Driver/CreateCard')).toHaveLength(1));
    expect(callsOf('Driver/CreateCard')[0]!.input).toEqual({
      providerToken: 'tok_test_abc123',
      brand: 'Visa',
      last4: '4242',
      expMonth: 9,
      expYear: nextYear,
      holderName: undefined,
      isDefault: true,
    });
  });

  it('make another card the default and delete one after asking', async () => {
    rows = [card(1, true), card(2, false)];
    renderScreen(<CardsPage />);
    const [, second] = await screen.findAllByTestId('card-row');
    expect(within(second!).queryByText('Default')).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(callsOf('Driver/UpdateCard')[0]?.input).toEqual({ id: 2, isDefault: true }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByText('Delete the card Visa ending 4242?');
    expect(callsOf('Driver/DeleteCard')).toHaveLength(0);
    fireEvent.click(within(question.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf('Driver/DeleteCard')[0]?.input).toEqual({ id: 2 }));
  });
});
