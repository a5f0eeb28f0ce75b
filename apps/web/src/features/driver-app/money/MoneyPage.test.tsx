import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { callsOf, list, renderScreen, resetServer } from '../account/test-utils';
import { MoneyPage } from './MoneyPage';

vi.mock('../../../api/client', () => import('../account/test-utils').then((m) => m.clientMock));

const period = (input: Record<string, unknown>) => ({
  fromDate: input.fromDate,
  toDate: input.toDate,
  currency: 'GBP',
});
let summaryFails = false;
/** The part of the 84.50 earned on no approved statement yet. */
let estimatedMinor = 3500;

beforeEach(() => {
  summaryFails = false;
  estimatedMinor = 3500;
  resetServer({
    'Driver/GetDriverStatementsDrvApp': () => list([]),
    'Driver/GetDriverEarnings': (input) => ({
      data: {
        ...period(input),
        jobs: 3,
        totalMinor: 8450,
        onStatementMinor: 8450 - estimatedMinor,
        estimatedMinor,
        estimatedJobs: estimatedMinor ? 1 : 0,
        days: [
          {
            date: input.fromDate,
            jobs: 3,
            earningsMinor: 8450,
            onStatementMinor: 8450 - estimatedMinor,
            estimatedMinor,
          },
        ],
      },
    }),
    'Driver/GetDriverEarningsAverage': (input) => ({
      data: {
        ...period(input),
        jobs: 3,
        totalMinor: 8450,
        perJobMinor: 2817,
        perDayMinor: 8450,
        perWorkedDayMinor: 8450,
      },
    }),
    'Driver/GetDriverPaymentSummary': (input) => {
      if (summaryFails) throw new ApiError(500, 'The summary is down.');
      return {
        data: {
          ...period(input),
          jobs: 3,
          earningsMinor: 8450,
          onStatementMinor: 8450 - estimatedMinor,
          estimatedMinor,
          estimatedJobs: estimatedMinor ? 1 : 0,
          approvedExpensesMinor: 650,
          pendingExpensesMinor: 1200,
          creditsMinor: 1000,
          debitsMinor: 5000,
          netMinor: 5100,
        },
      };
    },
  });
});
afterEach(cleanup);

describe('the money screen', { timeout: 20_000 }, () => {
  it('asks for this week by default and shows the total and the net', async () => {
    renderScreen(<MoneyPage />);
    expect((await screen.findByTestId('earnings-total')).textContent).toBe('£84.50');
    const asked = callsOf('Driver/GetDriverEarnings')[0]!.input;
    expect(String(asked.toDate) >= String(asked.fromDate)).toBe(true);
    expect(new Date(`${String(asked.fromDate)}T12:00:00`).getDay()).toBe(1);
    const net = await screen.findByTestId('payment-net');
    expect(net.textContent).toContain('£51.00');
    expect(screen.getByTestId('payment-pending').textContent).toContain('£12.00');
  });

  it('labels the part of the earnings not yet on a statement as an estimate', async () => {
    renderScreen(<MoneyPage />);
    const note = await screen.findByTestId('earnings-estimate');
    expect(note.textContent).toBe(
      '£84.50 earned · £35.00 of it not yet on a statement (an estimate until the office approves it).',
    );
    expect((await screen.findByTestId('payment-estimate')).textContent).toBe('of which £35.00 not yet on a statement');
  });

  it('says all of it is an estimate when no job is on a statement yet', async () => {
    estimatedMinor = 8450;
    renderScreen(<MoneyPage />);
    expect((await screen.findByTestId('earnings-estimate')).textContent).toContain(
      '£84.50 earned, none of it on a statement yet',
    );
  });

  it('shows no estimate once every job is on an approved statement', async () => {
    estimatedMinor = 0;
    renderScreen(<MoneyPage />);
    await screen.findByTestId('payment-net');
    expect(screen.queryByTestId('earnings-estimate')).toBeNull();
    expect(screen.queryByTestId('payment-estimate')).toBeNull();
  });

  it('asks again for today when the period changes', async () => {
    renderScreen(<MoneyPage />);
    await screen.findByTestId('earnings-total');
    fireEvent.click(screen.getByText('Today'));
    await waitFor(() => {
      const last = callsOf('Driver/GetDriverEarnings').at(-1)!.input;
      expect(last.fromDate).toBe(last.toDate);
    });
  });

  it('says in words when the summary fails and asks again on Try again', async () => {
    summaryFails = true;
    renderScreen(<MoneyPage />);
    const section = await screen.findByTestId('payment-summary');
    expect(await within(section).findByText('The summary is down.')).toBeTruthy();
    const before = callsOf('Driver/GetDriverPaymentSummary').length;
    summaryFails = false;
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByTestId('payment-net')).toBeTruthy();
    expect(callsOf('Driver/GetDriverPaymentSummary').length).toBeGreaterThan(before);
  });
});
