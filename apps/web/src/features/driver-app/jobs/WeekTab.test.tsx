import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ApiError } from '../../../api/errors';
import { JobsPage } from './JobsPage';
import { job, renderAt } from './test-kit';

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

const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

/**
 * A company in Berlin: 23:30 UTC on Monday is already Tuesday there, so the server puts that job on
 * Tuesday. The screen must follow the server's day, not the UTC date of the time.
 */
function berlinWeek(input: Record<string, unknown>) {
  if (input.date === '2026-11-30') {
    return { data: { fromDate: '2026-11-30', toDate: '2026-12-06', days: [] } };
  }
  const late = job(51, '2026-11-23T23:30:00Z', { pickup: 'Late street' });
  const morning = job(52, '2026-11-25T07:15:00Z', { pickup: 'Morning road', status: 'accepted' });
  const noon = job(53, '2026-11-25T11:00:00Z', { pickup: 'Noon lane', status: 'completed' });
  return {
    data: {
      fromDate: days[0],
      toDate: days[6],
      days: days.map((date) => ({
        date,
        jobs: date === '2026-11-24' ? [late] : date === '2026-11-25' ? [morning, noon] : [],
      })),
    },
  };
}

const renderWeek = (path = '/driver/jobs?tab=week') => renderAt(path, '/driver/jobs', <JobsPage />);

beforeEach(() => {
  calls.length = 0;
  answers = { 'Booking/GetTableSummaryBookingDriverAppPerWeek': berlinWeek };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Week', () => {
  it('groups jobs under the company day the server gives, with a count per day', async () => {
    renderWeek();
    const tuesday = await screen.findByTestId('week-day-2026-11-24');
    expect(within(tuesday).getByText('Late street')).toBeTruthy();
    expect(within(tuesday).getByTestId('day-count').textContent).toBe('1 job');
    const monday = screen.getByTestId('week-day-2026-11-23');
    expect(within(monday).queryByTestId('week-job')).toBeNull();
    expect(within(monday).getByTestId('day-count').textContent).toBe('0 jobs');
    const wednesday = screen.getByTestId('week-day-2026-11-25');
    expect(
      within(wednesday)
        .getAllByTestId('week-job')
        .map((j) => j.textContent),
    ).toEqual([expect.stringContaining('Morning road'), expect.stringContaining('Noon lane')]);
    expect(screen.getByText('3 jobs this week')).toBeTruthy();
    expect(screen.getAllByTestId(/^week-day-/)).toHaveLength(7);
  });

  it('highlights today and only today', async () => {
    renderWeek();
    const today = await screen.findByTestId('week-day-2026-11-25');
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(within(today).getByText('Today')).toBeTruthy();
    expect(screen.getAllByText('Today')).toHaveLength(1);
    expect(screen.getByTestId('week-day-2026-11-24').getAttribute('aria-current')).toBeNull();
  });

  it('moves to the next week with the arrow and keeps it in the address', async () => {
    renderWeek();
    await screen.findByTestId('week-day-2026-11-24');
    expect(calls[0]?.input).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(calls.at(-1)?.input).toEqual({ date: '2026-11-30' }));
    expect(screen.getByTestId('where').textContent).toBe('/driver/jobs?tab=week&week=2026-11-30');
    expect(await screen.findByText('No jobs in this week')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to this week' })).toBeTruthy();
  });
});
