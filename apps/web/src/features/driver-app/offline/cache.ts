import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** localStorage key; sign-out removes it with the session (api/session.ts). */
export const DRIVER_CACHE_KEY = 'driverCache';
const MAX_AGE_MS = 24 * 3_600_000;
const SAVE_EVERY_MS = 1_000;

/** What a driver needs to carry on a job opened with no signal: the jobs, the current one's stops, status and shift. */
const kept = new Set([
  'Booking/GetDriverStatus',
  'Booking/GetDriverDashboardDetails',
  'Booking/GetTableSummaryBookingDriverApp',
  'Booking/GetTableSummaryBookingDriverAppPerWeek',
  'Booking/GetBookingTime',
  'Driver/GetBookingLocations',
  'Driver/BookingNextLocTypeID',
  'Driver/GetTableSummaryDriverDrvApp',
]);

interface Saved {
  userId: number;
  savedAt: number;
  state: DehydratedState;
}

/** Puts the last answers seen on this phone back, so the app opens with the driver's jobs in a dead spot. */
export function restoreDriverCache(client: QueryClient, userId: number): void {
  try {
    const saved = JSON.parse(localStorage.getItem(DRIVER_CACHE_KEY) ?? 'null') as Saved | null;
    if (!saved || saved.userId !== userId || Date.now() - saved.savedAt > MAX_AGE_MS) return;
    hydrate(client, saved.state);
  } catch {
    localStorage.removeItem(DRIVER_CACHE_KEY);
  }
}

/** Keeps the driver's answers on the phone as they change (at most once a second). */
export function keepDriverCache(client: QueryClient, userId: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && kept.has(String(q.queryKey[0])),
    });
    try {
      localStorage.setItem(DRIVER_CACHE_KEY, JSON.stringify({ userId, savedAt: Date.now(), state } satisfies Saved));
    } catch {
      // A full storage loses only the offline copy; the app itself goes on.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && !timer) timer = setTimeout(save, SAVE_EVERY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
