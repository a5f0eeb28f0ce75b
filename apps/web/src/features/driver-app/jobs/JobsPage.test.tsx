import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ApiError } from '../../../api/errors';
import { JobsPage } from './JobsPage';
import { job, list, renderAt } from './test-kit';
import { rangeOf } from './time';

const calls: { name: string; input: Record<string, unknown> }[] = [];
let answers: Record<string, (input: Record<string, unknown>) => unknown> = {};

vi.mock('../../../api/client', () => ({
  callApi: async (name: string, input: Record<string, unknown>) => {
    calls.push({ name, input });
    const answer = answers[name];
    if (!answer) throw new ApiError(501, `${name} is not implemented yet.`);
    return answer(input);
  },
}));

const renderJobs = (path = '/driver/jobs') => renderAt(path, '/driver/jobs', <JobsPage />);
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

beforeEach(() => {
  calls.length = 0;
  answers = {};
});
afterEach(cleanup);

describe('Upcoming', () => {
  it('says what will show there when the driver has no coming job', async () => {
    answers['Booking/GetTableSummaryBookingDriverApp'] = () => list([]);
    renderJobs();
    expect(await screen.findByText('No jobs coming up')).toBeTruthy();
    expect(screen.getByText(/Jobs the office offers or gives you appear here/)).toBeTruthy();
    expect(calls[0]).toEqual({ name: 'Booking/GetTableSummaryBookingDriverApp', input: { perPage: 0 } });
  });

  it('shows a job with how soon, its status, route, passenger and fare, opening its details', async () => {
    answers['Booking/GetTableSummaryBookingDriverApp'] = () =>
      list([job(41, inMinutes(25), { status: 'offered', viaCount: 2, priceMinor: 3150 })]);
    renderJobs();
    const card = await screen.findByTestId('job-card');
    const text = within(card);
    expect(text.getByText('In 25 min')).toBeTruthy();
    expect(text.getByText('Offered to you')).toBeTruthy();
    expect(text.getByText('Pick-up street 41')).toBeTruthy();
    expect(text.getByText('Drop-off road 41')).toBeTruthy();
    expect(text.getByText('+2 stops on the way')).toBeTruthy();
    expect(text.getByText('Passenger 41 · Saloon')).toBeTruthy();
    expect(text.getByText('Fare £31.50')).toBeTruthy();
    fireEvent.click(card);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/driver/jobs/41'));
  });

  it('shows the driver’s pay, marked as an estimate until a statement holds it', async () => {
    answers['Booking/GetTableSummaryBookingDriverApp'] = () =>
      list([
        job(42, inMinutes(30), { priceMinor: 3150, driverPriceMinor: 2400, driverPayEstimated: true }),
        job(43, inMinutes(90), { priceMinor: 3150, driverPriceMinor: 2500, driverPayEstimated: false }),
      ]);
    renderJobs();
    const [estimated, stated] = await screen.findAllByTestId('job-card');
    expect(within(estimated!).getByText('About £24.00 for you')).toBeTruthy();
    expect(within(stated!).getByText('You get £25.00')).toBeTruthy();
  });

  it('says a failed read in words and asks again on "Try again"', async () => {
    let fail = true;
    answers['Booking/GetTableSummaryBookingDriverApp'] = () => {
      if (fail) throw new ApiError(500, 'The database is resting.');
      return list([]);
    };
    renderJobs();
    expect(await screen.findByText('The database is resting.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again|tryAgain/i }));
    expect(await screen.findByText('No jobs coming up')).toBeTruthy();
  });
});

describe('History', () => {
  it('keeps the tab in the address and asks for this week by default, a page at a time', async () => {
    answers['Booking/GetTableSummaryBookingDriverApp'] = () => list([]);
    answers['Booking/GetTableSummaryBookingDriverHistory'] = (input) => {
      const page = input.page as number;
      const rows =
        page === 0
          ? [job(1, '2026-11-20T09:00:00Z', { status: 'completed' })]
          : [job(2, '2026-11-19T09:00:00Z', { status: 'no_show' })];
      return { data: rows, allData: rows, total: 2, count: 2 };
    };
    renderJobs();
    fireEvent.click(await screen.findByText('History'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/driver/jobs?tab=history'));
    expect(await screen.findByText('Pick-up street 1')).toBeTruthy();
    const week = rangeOf('thisWeek');
    expect(calls.find((c) => c.name === 'Booking/GetTableSummaryBookingDriverHistory')?.input).toEqual({
      ...week,
      perPage: 20,
      page: 0,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Pick-up street 2')).toBeTruthy();
    expect(screen.getByText('No-show')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for last week when its chip is picked', async () => {
    answers['Booking/GetTableSummaryBookingDriverHistory'] = () => list([]);
    renderJobs('/driver/jobs?tab=history');
    expect(await screen.findByText('No finished jobs in this period')).toBeTruthy();
    fireEvent.click(screen.getByText('Last week'));
    const last = rangeOf('lastWeek');
    await waitFor(() =>
      expect(calls.at(-1)?.input).toEqual({ fromDate: last.fromDate, toDate: last.toDate, perPage: 20, page: 0 }),
    );
  });
});
