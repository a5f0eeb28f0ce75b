import { useMemo } from 'react';
import { useCall } from '../../../api/hooks';
import type { ContextZone } from './layers';

/** Every zone of the company (the list's bound of 500 is far above what an office draws). */
export function useContextZones(exceptId?: number) {
  const result = useCall('Zone/GetTableSummaryZones', { perPage: 0 }, { staleTime: 60_000 });
  const zones = useMemo<ContextZone[]>(
    () => (result.data?.data ?? []).filter((z) => z.id !== exceptId),
    [result.data, exceptId],
  );
  return { zones, ready: !result.isPending };
}
