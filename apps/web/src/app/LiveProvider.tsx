import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { live, type LiveEvent, type LivePosition, type PositionInterest } from '../api/live';
import { useAuth } from './auth';

/**
 * Which cached answers a live change makes stale: by the event's first word, the calls whose name
 * starts with one of these (Booking/… for booking changes, and so on).
 */
const stale: Record<string, string[]> = {
  booking: [
    'Booking/',
    'Dashboard/',
    'Driver/GetTableSummaryDriverAllocation',
    'Driver/GetDispatchDriverDetailsSumAvailability',
    // The driver app's views of its own jobs.
    'Driver/GetBookingLocations',
    'Driver/BookingNextLocTypeID',
    'Driver/GetDriverNotifications',
  ],
  driver: [
    'Driver/',
    'Booking/GetBookingDispatch',
    'Booking/GetTableSummaryDispatchBookingsTest',
    'Booking/GetDriverStatus',
    'Booking/GetDriverDashboardDetails',
  ],
  chat: [
    'Staff/GetDispatcherChatss',
    'Staff/GetTableSummaryDispatcherChatsList',
    'Driver/GetDriverChatss',
    'Driver/GetChatCount',
  ],
  incident: ['Incident/'],
  lostfound: ['LostandFound/', 'Dashboard/'],
  permissions: ['Permissions/', 'Staff/GetStaffRoleList', 'Common/GetStaffRoleTypeList'],
};

/** Opens the live channel while someone is signed in and keeps cached answers fresh with it. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user, refreshAbility } = useAuth();
  const client = useQueryClient();
  const staffRoleId = user?.role === 'Staff' ? user.staffRoleID : 0;
  useEffect(() => {
    if (!user) return;
    live.start();
    const offEvent = live.onEvent((e) => {
      // The signed-in user's own role changed: menus and routes follow without signing in again.
      if (e.event === 'permissions.changed' && staffRoleId && e.payload.staffRoleId === staffRoleId) {
        void refreshAbility().catch(() => undefined);
      }
      const prefixes = stale[e.event.split('.')[0] ?? ''] ?? [];
      void client.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
      });
    });
    const offReload = live.onReload(() => void client.invalidateQueries());
    return () => {
      offEvent();
      offReload();
      live.stop();
    };
  }, [user, client, staffRoleId, refreshAbility]);
  return <>{children}</>;
}

export function useLiveState() {
  return useSyncExternalStore(
    (notify) => live.onState(notify),
    () => live.state,
  );
}

/** Runs a handler for every live change of the given kinds (e.g. ['booking.moved']). */
export function useLiveEvents(types: string[], handler: (event: LiveEvent) => void): void {
  const key = types.join(',');
  useEffect(() => {
    const wanted = key.split(',');
    return live.onEvent((e) => wanted.includes(e.event) && handler(e));
  }, [key, handler]);
}

/** Runs a handler for the live positions of the drivers `interest` covers (memoise it). */
export function useLivePositions(
  handler: (positions: LivePosition[]) => void,
  interest: PositionInterest = EVERY_DRIVER,
): void {
  useEffect(() => live.onPositions(handler, interest), [handler, interest]);
}

const EVERY_DRIVER: PositionInterest = { areas: null };
