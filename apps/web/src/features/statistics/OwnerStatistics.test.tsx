import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { renderAt, resetServer } from '../../kit/test-utils';
import { OwnerStatistics } from './OwnerStatistics';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

const refused = () => {
  throw new ApiError(500, 'Statistics are being rebuilt.');
};
const counts = { total: 9, today: 1, thisWeek: 2, thisMonth: 3, thisYear: 9, upcoming: 0 };

afterEach(cleanup);

describe('OwnerStatistics', () => {
  it('says in words when the figures cannot be loaded, and never waits for them for ever', async () => {
    // The owners whose panels used to show a skeleton for ever on a failed call.
    for (const [owner, prefix] of [
      ['driver', 'Driver/GetDriver'],
      ['vehicle', 'Vehicle/GetVehicle'],
    ] as const) {
      resetServer({
        [`${prefix}Statistics`]: refused,
        [`${prefix}BookingCount`]: () => ({ data: counts }),
        [`${prefix}WeekDays`]: refused,
        'Driver/GetDriverBookingTrends': () => ({ data: [] }),
        'Vehicle/GetvehicleBookingTrends': () => ({ data: [] }),
      });
      renderAt(<OwnerStatistics owner={owner} id={3} />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('The figures cannot be shown');
      expect(alert.textContent).toContain('Statistics are being rebuilt.');
      const cards = screen.getByTestId('statistics-cards');
      expect(within(cards).getAllByText('—')).toHaveLength(4);
      expect(cards.querySelector('.mantine-Skeleton-root')).toBeNull();
      expect(await screen.findByText('Not available.')).toBeTruthy();
      // What did load is shown.
      expect(within(screen.getByTestId('booking-count')).getAllByText('9')).toHaveLength(2);
      cleanup();
    }
  });

  it('reads a staff member’s counts from their statistics, and says when that failed', async () => {
    resetServer({ 'Staff/GetStaffStatistics': refused });
    renderAt(<OwnerStatistics owner="staff" id={3} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Statistics are being rebuilt.');
    expect(within(screen.getByTestId('booking-count')).getAllByText('—')).toHaveLength(5);
  });
});
