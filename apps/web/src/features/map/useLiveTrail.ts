import { useCallback, useMemo, useState } from 'react';
import type { LivePosition } from '../../api/live';
import { useLivePositions } from '../../app/LiveProvider';

/**
 * The positions of one driver heard live after `since` (the last point the server answered), in
 * order: they extend the route on screen until the next answer includes them.
 */
export function useLiveTrail(driverId: number | null, since: string | null, enabled: boolean): LivePosition[] {
  const [heard, setHeard] = useState<{ driverId: number | null; points: LivePosition[] }>({
    driverId: null,
    points: [],
  });
  const handler = useCallback(
    (positions: LivePosition[]) => {
      if (!enabled || !driverId) return;
      const mine = positions.filter((p) => p.driverId === driverId);
      if (!mine.length) return;
      setHeard((h) => {
        const points = h.driverId === driverId ? h.points : [];
        const last = points.at(-1)?.recordedAt ?? '';
        const fresh = mine.filter((p) => p.recordedAt > last).sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
        // A long-open page keeps the last few hours at most; the server's answer holds the rest.
        return fresh.length ? { driverId, points: [...points, ...fresh].slice(-5000) } : h;
      });
    },
    [driverId, enabled],
  );
  const interest = useMemo(() => ({ areas: [], drivers: enabled && driverId ? [driverId] : [] }), [driverId, enabled]);
  useLivePositions(handler, interest);
  return useMemo(
    () => (heard.driverId === driverId ? heard.points.filter((p) => !since || p.recordedAt > since) : []),
    [heard, driverId, since],
  );
}
