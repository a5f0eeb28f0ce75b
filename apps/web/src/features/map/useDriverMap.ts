import type { CallOutput } from '@cabdesk/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LivePosition, MapArea } from '../../api/live';
import { useCall } from '../../api/hooks';
import { useLiveEvents, useLivePositions } from '../../app/LiveProvider';

export type DriverOnMap = CallOutput<'Driver/GetTableSummaryDriverLocation'>;

/**
 * Keeps, per driver, the newest position heard live (older ones arrive out of order now and then),
 * of the drivers inside `area` (every driver until the map knows what it shows).
 */
export function useLatestLive(area: MapArea | null = null) {
  const [latest, setLatest] = useState<ReadonlyMap<number, LivePosition>>(new Map());
  const handler = useCallback((positions: LivePosition[]) => {
    setLatest((previous) => {
      let next: Map<number, LivePosition> | null = null;
      for (const p of positions) {
        const known = (next ?? previous).get(p.driverId);
        if (known && known.recordedAt >= p.recordedAt) continue;
        next ??= new Map(previous);
        next.set(p.driverId, p);
      }
      return next ?? previous;
    });
  }, []);
  const interest = useMemo(() => ({ areas: area ? [area] : null }), [area]);
  useLivePositions(handler, interest);
  return latest;
}

/**
 * The company's drivers on the map: the list from the server (statuses, vehicles, jobs; refreshed on
 * every driver change by the live provider, and on booking moves here), with the positions heard
 * over the live channel laid over it so markers move without a reload.
 */
export function useDriverMap(area: MapArea | null = null) {
  const result = useCall(
    'Driver/GetTableSummaryDriverLocation',
    { perPage: 0, sortColumn: 'name' },
    { refetchInterval: 60_000 },
  );
  const { refetch } = result;
  const live = useLatestLive(area);
  const refresh = useCallback(() => void refetch(), [refetch]);
  useLiveEvents(['booking.moved'], refresh);

  const rows = result.data?.data;
  const drivers = useMemo<DriverOnMap[]>(
    () =>
      (rows ?? []).map((row) => {
        const heard = live.get(row.driverId);
        if (!heard || (row.position && row.position.recordedAt >= heard.recordedAt)) return row;
        return {
          ...row,
          position: {
            lat: heard.lat,
            lng: heard.lng,
            heading: heard.heading ?? null,
            speed: heard.speed ?? null,
            accuracy: row.position?.accuracy ?? null,
            recordedAt: heard.recordedAt,
            secondsAgo: 0,
          },
        };
      }),
    [rows, live],
  );

  // A driver seen for the first time is not in the list yet: fetch it again (at most every 5 s).
  const unknown = useMemo(() => {
    if (!rows) return false;
    const known = new Set(rows.map((r) => r.driverId));
    return [...live.keys()].some((id) => !known.has(id));
  }, [rows, live]);
  useEffect(() => {
    if (!unknown) return;
    const timer = setTimeout(refresh, 5000);
    return () => clearTimeout(timer);
  }, [unknown, refresh]);

  return { drivers, result };
}

/** Re-renders every `ms` so that "2 min ago" keeps counting. */
export function useNow(ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
