import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { renderAt, resetServer } from '../../kit/test-utils';
import { DeductionsEditor } from './DeductionsEditor';
import { invalid, model, pick, rules, saved, sent } from './test-model';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

const server = (update: (input: Record<string, unknown>) => unknown = saved) =>
  resetServer({ 'DriverPayment/Update': update });

async function addSubscription() {
  renderAt(<DeductionsEditor model={model} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add a deduction' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'App' } });
  await pick(/^Kind/, 'Subscription');
  fireEvent.change(within(dialog).getByLabelText(/^Each week/), { target: { value: '10.00' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
  return dialog;
}

describe('the deductions editor', () => {
  beforeEach(() => server());
  afterEach(cleanup);

  it('adds a deduction through DriverPayment/Update’s deductions, the amount in minor units', async () => {
    await addSubscription();
    expect(await sent('DriverPayment/Update')).toEqual([
      {
        DriverPaymentID: 5,
        deductions: [
          ...rules.deductions,
          { id: 2, name: 'App', kind: 'subscription', weeklyAmount: 1000, companyCarOnly: false },
        ],
      },
    ]);
  });

  it('shows the server’s refusal on the weekly amount', async () => {
    server(() => {
      throw new ApiError(400, 'Check the fields.', [
        { field: 'deductions.1.weeklyAmount', message: 'must be at most 100000000' },
      ]);
    });
    const dialog = await addSubscription();
    expect(await within(dialog).findByText('must be at most 100000000')).toBeTruthy();
    expect(invalid(within(dialog).getByLabelText(/^Each week/))).toBe(true);
  });

  it('changes a deduction in its place', async () => {
    renderAt(<DeductionsEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change: Car rent' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Company car only' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as a new version' }));
    expect(await sent('DriverPayment/Update')).toEqual([
      {
        DriverPaymentID: 5,
        deductions: [{ id: 1, name: 'Car rent', kind: 'rent', weeklyAmount: 15000, companyCarOnly: false }],
      },
    ]);
  });

  it('removes a deduction: the list sent without it', async () => {
    renderAt(<DeductionsEditor model={model} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: Car rent' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await sent('DriverPayment/Update')).toEqual([{ DriverPaymentID: 5, deductions: [] }]);
  });
});
