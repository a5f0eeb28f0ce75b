import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, done, list, renderScreen, resetServer } from '../account/test-utils';
import { AdjustmentsPage } from './AdjustmentsPage';

vi.mock('../../../api/client', () => import('../account/test-utils').then((m) => m.clientMock));

const adjustment = {
  id: 4,
  kind: 'debit' as const,
  amountMinor: 12000,
  currency: 'GBP',
  reason: 'Weekly car rent',
  effectiveDate: '2026-03-09',
  createdAt: '2026-03-09T08:00:00Z',
  updatedAt: '2026-03-09T08:00:00Z',
};
let rows: (typeof adjustment)[] = [];

beforeEach(() => {
  rows = [adjustment];
  resetServer({
    'Driver/GetAdjustmentsData': () => list(rows),
    'Driver/CreateAdjustment': (input) => done({ ...adjustment, ...input, id: 5 }),
    'Driver/UpdateAdjustments': (input) => done({ ...adjustment, ...input }),
    'Driver/DeleteAdjustments': (input) => {
      rows = [];
      return done({ id: input.id });
    },
  });
});
afterEach(cleanup);

describe('the adjustments screen', { timeout: 20_000 }, () => {
  it('shows a debit with its sign and amount', async () => {
    renderScreen(<AdjustmentsPage />);
    const row = await screen.findByTestId('adjustment-row');
    expect(row.textContent).toContain('Weekly car rent');
    expect(row.textContent).toContain('− £120.00');
  });

  it('deletes only after the question is answered', async () => {
    renderScreen(<AdjustmentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Weekly car rent' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete adjustment' }));
    expect(callsOf('Driver/DeleteAdjustments')).toHaveLength(0);
    const question = await screen.findByText('Delete the adjustment “Weekly car rent”?');
    const confirm = within(question.closest('section,[role="dialog"]') as HTMLElement).getByRole('button', {
      name: 'Delete',
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsOf('Driver/DeleteAdjustments')).toHaveLength(1));
    expect(callsOf('Driver/DeleteAdjustments')[0]!.input).toEqual({ id: 4 });
    expect(await screen.findByText('No adjustments')).toBeTruthy();
  });

  it('changes an adjustment with the amount in minor units', async () => {
    renderScreen(<AdjustmentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Weekly car rent' }));
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    expect((amount as HTMLInputElement).value).toBe('120.00');
    fireEvent.change(amount, { target: { value: '99.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf('Driver/UpdateAdjustments')).toHaveLength(1));
    expect(callsOf('Driver/UpdateAdjustments')[0]!.input).toMatchObject({ id: 4, amountMinor: 9990, kind: 'debit' });
  });

  it('refuses an amount of nothing', async () => {
    renderScreen(<AdjustmentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add adjustment' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount/ }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Fuel card' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The amount must be more than 0.')).toBeTruthy();
    expect(callsOf('Driver/CreateAdjustment')).toHaveLength(0);
  });
});
