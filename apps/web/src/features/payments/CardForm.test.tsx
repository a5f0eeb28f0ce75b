import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { featureWords } from '../../i18n';
import { hasExpired, offlineToken, parseExpiry, passesLuhn } from './card-entry';
import { CardForm, type CardFacts } from './CardForm';

afterEach(cleanup);
beforeAll(() => featureWords('en'));

const nextYear = new Date().getUTCFullYear() + 1;
const yy = String(nextYear).slice(2);

describe('card entry', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
  });
  it('reads MM/YY and counts a card valid to the end of its month', () => {
    expect(parseExpiry('08/29')).toEqual({ month: 8, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('0829')).toBeNull();
    const now = new Date(Date.UTC(2026, 10, 27));
    expect(hasExpired(11, 2026, now)).toBe(false);
    expect(hasExpired(10, 2026, now)).toBe(true);
  });
  it('makes the offline token from number, month and four-digit year', () => {
    const made = offlineToken({ number: '4242 4242 4242 4242', expiry: `3/${yy}`, cvc: '123' });
    expect(made).toEqual({
      ok: true,
      token: `tok_offline_4242424242424242_03_${nextYear}`,
      card: { brand: 'visa', last4: '4242', expMonth: 3, expYear: nextYear },
    });
  });
});

function renderForm() {
  const seen: { token: string; card: CardFacts }[] = [];
  render(
    <MantineProvider>
      <CardForm provider="offline" onToken={(token, card) => void seen.push({ token, card })} submitLabel="Add card" />
    </MantineProvider>,
  );
  return seen;
}

// Typing key by key is slow on a busy machine; nothing here is timed.
describe('CardForm (offline)', { timeout: 30_000 }, () => {
  it('has labelled fields with the card autocomplete names', () => {
    renderForm();
    expect(screen.getByLabelText(/Card number/)).toHaveProperty('autocomplete', 'cc-number');
    expect(screen.getByLabelText(/Expiry date/)).toHaveProperty('autocomplete', 'cc-exp');
    expect(screen.getByLabelText(/Security code/)).toHaveProperty('autocomplete', 'cc-csc');
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeTruthy();
  });
  it('says in words what is wrong and makes no token', async () => {
    const user = userEvent.setup();
    const seen = renderForm();
    await user.type(screen.getByLabelText(/Card number/), '4242424242424241');
    await user.type(screen.getByLabelText(/Expiry date/), '01/20');
    await user.type(screen.getByLabelText(/Security code/), '12');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(screen.getByText('This card number is not valid: check the digits.')).toBeTruthy();
    expect(screen.getByText('This card has expired: use a card that is still valid.')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit security code.')).toBeTruthy();
    expect(seen).toEqual([]);
  });
  it('turns a typed test card into the offline token in the browser', async () => {
    const user = userEvent.setup();
    const seen = renderForm();
    await user.type(screen.getByLabelText(/Card number/), '5555555555554444');
    expect((screen.getByLabelText(/Card number/) as HTMLInputElement).value).toBe('5555 5555 5555 4444');
    await user.type(screen.getByLabelText(/Expiry date/), `12/${yy}`);
    await user.type(screen.getByLabelText(/Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(seen).toEqual([
      {
        token: `tok_offline_5555555555554444_12_${nextYear}`,
        card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: nextYear },
      },
    ]);
  });
});
