import { describe, expect, it } from 'vitest';
import { filtersFromSearch, openingView, readView, searchFromFilters, viewKey, writeView } from './list-filters';

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

describe('what the booking list opens on', () => {
  const today = '2026-11-26';
  const none = new URLSearchParams();

  it('opens on today and the days after, soonest first, the first time', () => {
    expect(openingView(none, null, today)).toEqual({
      filters: { fromDate: today },
      sort: { column: 'pickupAt', direction: 'asc' },
    });
  });

  it("opens on the person's last sort and filters, even when they cleared every filter", () => {
    const last = {
      filters: { status: 'completed' as const, clientId: 4 },
      sort: { column: 'priceMinor', direction: 'desc' as const },
    };
    expect(openingView(none, writeView(last), today)).toEqual(last);
    const everything = { filters: {}, sort: { column: 'pickupAt', direction: 'desc' as const } };
    expect(openingView(none, writeView(everything), today)).toEqual(everything);
  });

  it('lets a shared address win over what was remembered, keeping the remembered sort', () => {
    const last = writeView({ filters: { status: 'completed' }, sort: { column: 'id', direction: 'desc' } });
    expect(openingView(new URLSearchParams('driver=7'), last, today)).toEqual({
      filters: { driverId: 7 },
      sort: { column: 'id', direction: 'desc' },
    });
  });

  it('drops what it cannot read and keeps each person apart', () => {
    expect(readView('not json')).toBeNull();
    expect(
      readView(
        JSON.stringify({
          filters: { status: 'flying', fromDate: 'soon' },
          sort: { column: 'secret', direction: 'up' },
        }),
      ),
    ).toEqual({
      filters: {},
      sort: { column: 'pickupAt', direction: 'asc' },
    });
    expect(viewKey('1', '5')).not.toBe(viewKey('1', '6'));
    expect(viewKey('1', '5').startsWith('prefs.')).toBe(true);
  });
});
