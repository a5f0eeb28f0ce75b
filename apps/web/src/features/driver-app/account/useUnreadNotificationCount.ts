import { useCall } from '../../../api/hooks';

/** The newest notifications are the ones that can be unread; older ones have long been seen. */
export const NOTIFICATION_WINDOW = { perPage: 100 } as const;

/**
 * How many of the driver's notifications are unread (among the newest 100: there is no count call),
 * for the header's bell. Marking one read refreshes it; a slow poll brings new ones.
 */
export function useUnreadNotificationCount(): number {
  const answer = useCall('Driver/GetDriverNotifications', NOTIFICATION_WINDOW, { refetchInterval: 120_000 });
  return (answer.data?.data ?? []).filter((n) => !n.isNotified).length;
}
