import { describe, expect, it } from 'vitest';
import { datesProblem, initialFilter, quickOf, quickRange, reportInput, topAndBottom } from './filter';

describe('report filter', () => {
  it('turns quick ranges into company days, both ends counted', () => {
    expect(quickRange('thisMonth', '2026-02-10')).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-28' });
    expect(quickRange('lastMonth', '2026-01-15')).toEqual({ fromDate: '2025-12-01', toDate: '2025-12-31' });
    expect(quickRange('last30', '2026-03-30')).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-30' });
    expect(quickRange('lastYear', '2026-06-01')).toEqual({ fromDate: '2025-01-01', toDate: '2025-12-31' });
    expect(quickOf({ fromDate: '2026-01-01', toDate: '2026-12-31' }, '2026-06-01')).toBe('thisYear');
    expect(quickOf({ fromDate: '2026-01-02', toDate: '2026-12-31' }, '2026-06-01')).toBeNull();
  });

  it('sends only the filters that are set', () => {
    const f = { ...initialFilter('2026-03-05'), driverID: 7, paymentMethodID: 'cash' };
    expect(reportInput(f)).toEqual({
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      driverID: 7,
      paymentMethodID: 'cash',
    });
  });

  it('names what is wrong with typed dates', () => {
    expect(datesProblem({ fromDate: '2026-03-01', toDate: '2026-03-31' })).toBeNull();
    expect(datesProblem({ fromDate: '2026-3-1', toDate: '2026-03-31' })).toBe('fromDate');
    expect(datesProblem({ fromDate: '2026-03-02', toDate: '2026-03-01' })).toBe('reversed');
  });

  it('keeps the bottom ten apart from the top ten', () => {
    const rows = Array.from({ length: 14 }, (_, i) => ({ id: i, revenueMinor: i * 100 }));
    const { top, bottom } = topAndBottom(rows);
    expect(top.map((r) => r.id)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(bottom.map((r) => r.id)).toEqual([0, 1, 2, 3]);
  });
});
