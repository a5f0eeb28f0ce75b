import { describe, expect, it } from 'vitest';
import { filtersInput, goalPercent, initialFilters, localToday, presetRange } from './range';

describe('dashboard range presets', () => {
  it('turns presets into dates, both ends counted', () => {
    expect(presetRange('today', '2026-03-10')).toEqual({ fromDate: '2026-03-10', toDate: '2026-03-10' });
    expect(presetRange('7d', '2026-03-10')).toEqual({ fromDate: '2026-03-04', toDate: '2026-03-10' });
    expect(presetRange('30d', '2026-03-10')).toEqual({ fromDate: '2026-02-09', toDate: '2026-03-10' });
    expect(presetRange('month', '2026-03-10')).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-10' });
  });

  it('reads today on the local clock', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('sends only the filters that are set', () => {
    const f = initialFilters('2026-03-10');
    expect(filtersInput(f)).toEqual({ fromDate: '2026-02-09', toDate: '2026-03-10' });
    expect(filtersInput({ ...f, driverId: 4, source: 'web' })).toEqual({
      fromDate: '2026-02-09',
      toDate: '2026-03-10',
      driverId: 4,
      source: 'web',
    });
  });

  it('measures a goal, capped for the ring', () => {
    expect(goalPercent(45, 90)).toBe(50);
    expect(goalPercent(138, 100)).toBe(138);
    expect(goalPercent(5, null)).toBeNull();
    expect(goalPercent(5, 0)).toBeNull();
  });
});
