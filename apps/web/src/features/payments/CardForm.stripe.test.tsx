import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { featureWords } from '../../i18n';
import { CardForm, type CardFacts } from './CardForm';

const loaded: string[] = [];
const mounted: HTMLElement[] = [];
// Stands in for Stripe.js: the form must load it with the company's key and answer the PaymentMethod.
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async (key: string) => {
    loaded.push(key);
    const card = { mount: (el: HTMLElement) => mounted.push(el), destroy: () => {} };
    return {
      elements: () => ({ create: () => card }),
      createPaymentMethod: async () => ({
        paymentMethod: { id: 'pm_test_123', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
      }),
    };
  },
}));

afterEach(cleanup);
beforeAll(() => featureWords('en'));

describe('CardForm (Stripe)', () => {
  it("mounts Stripe's card field with the company's key and answers the PaymentMethod id", async () => {
    const seen: { token: string; card: CardFacts }[] = [];
    render(
      <MantineProvider>
        <CardForm
          provider="stripe"
          publishableKey="pk_test_abc"
          onToken={(token, card) => void seen.push({ token, card })}
        />
      </MantineProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save card' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    expect(loaded).toEqual(['pk_test_abc']);
    expect(mounted).toHaveLength(1);
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    await userEvent.setup().click(save);
    await waitFor(() =>
      expect(seen).toEqual([
        { token: 'pm_test_123', card: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 } },
      ]),
    );
  });

  it('says so in words when the company has no publishable key, and loads nothing', () => {
    render(
      <MantineProvider>
        <CardForm provider="stripe" publishableKey={null} onToken={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText(/no publishable key/)).toBeTruthy();
    expect(loaded).toEqual(['pk_test_abc']);
  });
});
