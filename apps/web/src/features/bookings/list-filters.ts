import { type BookingStatus, bookingStatuses } from '@cabdesk/contract';
import type { BookingListFilters } from './api';

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isStatus = (v: string | null) => bookingStatuses.includes(v as BookingStatus);
const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The list's filters, read from the address (so a filtered list can be bookmarked and shared). */
export function filtersFromSearch(params: URLSearchParams): BookingListFilters & { q: string } {
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(isDay(from) ? { fromDate: from } : {}),
    ...(isDay(to) ? { toDate: to } : {}),
    ...(isStatus(params.get('status')) ? { status: params.get('status') as BookingStatus } : {}),
    ...(positive(params.get('client')) ? { clientId: positive(params.get('client')) } : {}),
    ...(positive(params.get('driver')) ? { driverId: positive(params.get('driver')) } : {}),
    ...(positive(params.get('vehicle')) ? { vehicleId: positive(params.get('vehicle')) } : {}),
    q: params.get('q') ?? '',
  };
}

/** The address form of the filters; empty ones are left out. */
export function searchFromFilters(filters: BookingListFilters & { q?: string }): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.fromDate) params.set('from', filters.fromDate);
  if (filters.toDate) params.set('to', filters.toDate);
  if (filters.status) params.set('status', filters.status);
  if (filters.clientId) params.set('client', String(filters.clientId));
  if (filters.driverId) params.set('driver', String(filters.driverId));
  if (filters.vehicleId) params.set('vehicle', String(filters.vehicleId));
  if (filters.q) params.set('q', filters.q);
  return params;
}

export type ListSort = { column: string; direction: 'asc' | 'desc' };
/** What the list shows: its filters and its sort. */
export interface ListView {
  filters: BookingListFilters;
  sort: ListSort;
}

const sortColumns = [
  'pickupAt',
  'id',
  'status',
  'passengerName',
  'clientName',
  'driverName',
  'priceMinor',
  'createdAt',
];

/**
 * What a dispatcher wants first: today and the days after it, the soonest first. The past is a
 * date filter away and the far future a sort away (pick-up time, newest first).
 */
export function defaultView(today: string): ListView {
  return { filters: { fromDate: today }, sort: { column: 'pickupAt', direction: 'asc' } };
}

/** The address names a filter (a shared or bookmarked list). */
export function addressHasFilters(params: URLSearchParams): boolean {
  const { q, ...filters } = filtersFromSearch(params);
  return !!q || Object.keys(filters).length > 0;
}

/** Where the list keeps one person's last sort and filters on this device (survives sign-in). */
export const viewKey = (companyId: string | null, userId: string | null) =>
  `prefs.${companyId ?? '0'}.${userId ?? '0'}.bookings.list`;

/** The remembered view, or null when there is none or it cannot be read; unknown values are dropped. */
export function readView(stored: string | null): ListView | null {
  if (!stored) return null;
  try {
    const raw = JSON.parse(stored) as { filters?: Record<string, unknown>; sort?: Partial<ListSort> };
    const f = raw.filters ?? {};
    const params = new URLSearchParams();
    for (const [key, name] of [
      ['fromDate', 'from'],
      ['toDate', 'to'],
      ['status', 'status'],
      ['clientId', 'client'],
      ['driverId', 'driver'],
      ['vehicleId', 'vehicle'],
    ] as const) {
      if (f[key] !== undefined && f[key] !== null) params.set(name, String(f[key]));
    }
    const { q: _q, ...filters } = filtersFromSearch(params);
    const column = raw.sort?.column;
    const direction = raw.sort?.direction;
    const sort =
      column && sortColumns.includes(column) && (direction === 'asc' || direction === 'desc')
        ? { column, direction }
        : defaultView('').sort;
    return { filters, sort };
  } catch {
    return null;
  }
}

export const writeView = (view: ListView) => JSON.stringify({ filters: view.filters, sort: view.sort });

/**
 * The view the list opens on: the address's filters when it names any (with the remembered sort),
 * else what this person last chose, else today onwards, soonest first.
 */
export function openingView(params: URLSearchParams, stored: string | null, today: string): ListView {
  const remembered = readView(stored);
  if (addressHasFilters(params)) {
    const { q: _q, ...filters } = filtersFromSearch(params);
    return { filters, sort: remembered?.sort ?? defaultView(today).sort };
  }
  return remembered ?? defaultView(today);
}
