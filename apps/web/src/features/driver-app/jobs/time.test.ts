import { describe, expect, it } from 'vitest';
import '../../../i18n';
import { mondayOf, rangeOf, relativeTime } from './time';

describe('jobs time helpers', () => {
  it('starts weeks on Monday, also from a Sunday', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
  });

  it('gives the history quick choices as whole days', () => {
    expect(rangeOf('thisWeek', '2026-11-25')).toEqual({ fromDate: '2026-11-23', toDate: '2026-11-29' });
    expect(rangeOf('lastWeek', '2026-11-25')).toEqual({ fromDate: '2026-11-16', toDate: '2026-11-22' });
    expect(rangeOf('thisMonth', '2026-02-10')).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-28' });
  });

  it('says how soon a pick-up is', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(relativeTime('2026-11-25T10:25:00Z', now)).toBe('in 25 min');
    expect(relativeTime('2026-11-25T13:00:00Z', now)).toBe('in 3 hr');
    expect(relativeTime('2026-11-25T09:50:00Z', now)).toBe('10 min ago');
  });
});
