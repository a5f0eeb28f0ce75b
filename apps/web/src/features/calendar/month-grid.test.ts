import { describe, expect, it } from 'vitest';
import { allDayRange, lastDayOf, monthWeeks, overlapsDay, shiftMonth, startOfDay } from './month-grid';

describe('the month grid', () => {
  it('covers the month in whole weeks from Monday', () => {
    const weeks = monthWeeks('2026-02');
    // 1 February 2026 is a Sunday.
    expect(weeks[0]?.[0]).toBe('2026-01-26');
    expect(weeks[0]?.[6]).toBe('2026-02-01');
    expect(weeks.at(-1)?.[6]).toBe('2026-03-01');
    expect(weeks).toHaveLength(5);
    expect(monthWeeks('2027-03')).toHaveLength(5);
    expect(monthWeeks('2026-06')[0]?.[0]).toBe('2026-06-01');
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('places events on the local days they touch', () => {
    const range = allDayRange('2026-03-02', '2026-03-04');
    expect(range.startsAt).toBe(startOfDay('2026-03-02').toISOString());
    expect(overlapsDay(range, '2026-03-01')).toBe(false);
    expect(overlapsDay(range, '2026-03-02')).toBe(true);
    expect(overlapsDay(range, '2026-03-04')).toBe(true);
    expect(overlapsDay(range, '2026-03-05')).toBe(false);
    expect(lastDayOf(range.endsAt)).toBe('2026-03-04');
  });
});
