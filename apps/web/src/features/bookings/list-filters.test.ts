import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchFromFilters } from './list-filters';

describe('booking list filters in the address', () => {
  it('reads what it wrote', () => {
    const filters = {
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      status: 'confirmed' as const,
      clientId: 4,
      driverId: 7,
      q: 'Savoy',
    };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('ignores what is not a filter value', () => {
    const params = new URLSearchParams('from=yesterday&status=flying&client=-3&driver=abc&q=');
    expect(filtersFromSearch(params)).toEqual({ q: '' });
  });

  it('leaves empty filters out of the address', () => {
    expect(searchFromFilters({ q: '' }).toString()).toBe('');
  });
});
