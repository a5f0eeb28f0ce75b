import { describe, expect, it } from 'vitest';
import { bookingsLink, periodProblem, quickRanges } from './periods';

describe('profitability periods', () => {
  it('gives this month, last month and this year from the company’s today', () => {
    expect(quickRanges('2026-03-15')).toEqual({
      thisMonth: { startDate: '2026-03-01', endDate: '2026-03-31' },
      lastMonth: { startDate: '2026-02-01', endDate: '2026-02-28' },
      thisYear: { startDate: '2026-01-01', endDate: '2026-12-31' },
    });
    expect(quickRanges('2026-01-10').lastMonth).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });

  it('says what is wrong with a typed period', () => {
    expect(periodProblem({ startDate: '2026-03-01', endDate: '' })).toBe('periodIncomplete');
    expect(periodProblem({ startDate: '2026-03-31', endDate: '2026-03-01' })).toBe('periodReversed');
    expect(periodProblem({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBeNull();
  });

  it('drills from a client, driver or vehicle to the bookings list, filtered', () => {
    const p = { startDate: '2026-03-01', endDate: '2026-03-31' };
    expect(bookingsLink('driver', 7, p)).toBe('/bookings?from=2026-03-01&to=2026-03-31&driver=7');
    expect(bookingsLink('client', 3, p)).toBe('/bookings?from=2026-03-01&to=2026-03-31&client=3');
    expect(bookingsLink('vehicle', 5, p)).toBe('/bookings?from=2026-03-01&to=2026-03-31&vehicle=5');
  });
});
