import userEvent from '@testing-library/user-event';
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

/** Types a card into the card form, as a driver would. */
async function fillCard(number: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
  const dialog = await screen.findByRole('dialog');
  const type = async (name: RegExp, text: string) => {
    const field = within(dialog).getByRole('textbox', { name });
    await userEvent.click(field);
    await userEvent.keyboard(text);
  };
  await type(/Card number/, number);
  await type(/Expiry date/, `09/${String(nextYear).slice(-2)}`);
  await type(/Security code/, '123');
  return dialog;
}

describe('saved cards', { timeout: 20_000 }, () => {
  it('say why the list is empty', async () => {
    renderScreen(<CardsPage />);
    expect(await screen.findByText('No saved cards')).toBeTruthy();
  });

  it('refuse a card number that is not one, without sending anything', async () => {
    renderScreen(<CardsPage />);
    const dialog = await fillCard('4242 4242 4242 4241');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(/This card number is not valid/)).toBeTruthy();
    expect(callsOf('Driver/CreateCard')).toHaveLength(0);
  });

  it("save a card by the card form's token: the number itself is never sent", async () => {
    renderScreen(<CardsPage />);
    const dialog = await fillCard('4242424242424242');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(callsOf('Driver/CreateCard')).toHaveLength(1));
    expect(callsOf('Driver/CreateCard')[0]!.input).toEqual({
      providerToken: `tok_offline_4242424242424242_09_${nextYear}`,
      brand: 'visa',
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
