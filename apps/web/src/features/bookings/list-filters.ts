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
  if (filters.q) params.set('q', filters.q);
  return params;
}
