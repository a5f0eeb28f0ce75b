import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { customPeriod, periodOf } from './period';

describe('periods', () => {
  it('start the week on Monday, also on a Sunday', () => {
    expect(periodOf('week', dayjs('2026-03-18T10:00:00'))).toEqual({ fromDate: '2026-03-16', toDate: '2026-03-18' });
    expect(periodOf('week', dayjs('2026-03-22T23:00:00'))).toEqual({ fromDate: '2026-03-16', toDate: '2026-03-22' });
    expect(periodOf('week', dayjs('2026-03-16T00:10:00'))).toEqual({ fromDate: '2026-03-16', toDate: '2026-03-16' });
  });

  it('run from the 1st of the month and end today', () => {
    expect(periodOf('month', dayjs('2026-02-14T08:00:00'))).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-14' });
    expect(periodOf('today', dayjs('2026-02-14T08:00:00'))).toEqual({ fromDate: '2026-02-14', toDate: '2026-02-14' });
  });

  it('take a custom range in either order, not longer than the server allows', () => {
    expect(customPeriod(['2026-01-10', null])).toBe('incomplete');
    expect(customPeriod(['2026-01-10', '2026-01-03'])).toEqual({ fromDate: '2026-01-03', toDate: '2026-01-10' });
    expect(customPeriod(['2024-01-01', '2025-06-01'])).toBe('tooLong');
  });
});
