import { useCall } from '../../../api/hooks';

/**
 * Messages from the office the driver has not read, for the Chat tab's badge. The live channel
 * refreshes it on every chat event; the slow poll covers a socket that is down.
 */
export function useUnreadChatCount(): number {
  const answer = useCall('Driver/GetChatCount', {}, { refetchInterval: 120_000 });
  return answer.data?.data.count ?? 0;
}
