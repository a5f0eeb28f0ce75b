import { useCall } from '../../../api/hooks';
import type { KnownPlace } from './StopsEditor';

/** The company's known places (airports, stations, hotels…) for the address autocomplete. */
export function useKnownPlaces(): KnownPlace[] {
  const places = useCall(
    'KnownLocation/GetTableSummary',
    { perPage: 100, page: 0, isActive: true },
    {
      staleTime: 5 * 60_000,
    },
  );
  return (places.data?.data ?? []) as KnownPlace[];
}
