import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { featureWords } from '../../i18n';
import { calls, renderAt, resetServer } from '../../kit/test-utils';
import { PassengerCardsPanel } from './CardsPanel';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

afterEach(cleanup);
beforeAll(() => featureWords('en'));

const card = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  ownerKind: 'passenger',
  ownerId: 7,
  provider: 'offline',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  holderName: null,
  isDefault: false,
  isExpired: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('PassengerCardsPanel', { timeout: 30_000 }, () => {
  it('shows default and expired in words; an expired card offers no "Make default"', async () => {
    resetServer({
      'Passenger/GetPassengerCreditCardList': () => ({
        data: [
          card(1, { isDefault: true }),
          card(2, { brand: 'mastercard', last4: '4444' }),
          card(3, { last4: '1881', expMonth: 1, expYear: 2021, isExpired: true }),
        ],
      }),
      'PaymentTransaction/MakePassengerCardDefault': () => ({ code: 200, message: 'ok', data: card(2) }),
      'Passenger/DeleteCard': () => ({ code: 200, message: 'ok', data: { id: 2 } }),
    });
    renderAt(<PassengerCardsPanel id={7} />);
    expect(await screen.findByText('Default')).toBeTruthy();
    expect(screen.getByText('Expired: cannot be charged')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make default: Mastercard ending 4444' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make default: Visa ending 1881' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make default: Mastercard ending 4444' }));
    await waitFor(() => expect(calls.map((c) => c.name)).toContain('PaymentTransaction/MakePassengerCardDefault'));
    // Deleting asks first.
    await user.click(screen.getByRole('button', { name: 'Delete: Mastercard ending 4444' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete Mastercard ending 4444\?/)).toBeTruthy();
    expect(calls.map((c) => c.name)).not.toContain('Passenger/DeleteCard');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.name === 'Passenger/DeleteCard')?.input).toEqual({ id: 2 }));
  });

  it('adds a card through the card form, sending only the token', async () => {
    resetServer({
      'Passenger/GetPassengerCreditCardList': () => ({ data: [] }),
      'Passenger/CreateCard': () => ({ code: 200, message: 'saved', data: card(9, { isDefault: true }) }),
    });
    renderAt(<PassengerCardsPanel id={7} />);
    expect(await screen.findByText('No saved cards yet.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await user.type(await screen.findByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry date/), '12/34');
    await user.type(screen.getByLabelText(/Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'Passenger/CreateCard')?.input).toEqual({
        passengerID: 7,
        token: 'tok_offline_4242424242424242_12_2034',
      }),
    );
  });
});
