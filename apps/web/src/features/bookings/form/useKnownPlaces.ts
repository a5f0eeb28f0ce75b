import { useDebouncedValue } from '@mantine/hooks';
import { useCall } from '../../../api/hooks';
import { searchText } from '../../../ui/SuggestInput';
import type { KnownPlace, PlaceSearch } from './StopsEditor';

/**
 * The company's known places (airports, stations, hotels…) matching a stop's typed address, searched
 * by the server (`KnownLocation/GetTableSummary` q: every word, in any order). The answer carries the
 * text it is for, so a list for an older text is never shown.
 */
export const useKnownPlaceSearch: PlaceSearch = (text) => {
  const [q] = useDebouncedValue(searchText(text), 150);
  const wanted = q.length >= 2;
  const found = useCall(
    'KnownLocation/GetTableSummary',
    { perPage: 8, page: 0, isActive: true, q },
    { enabled: wanted, staleTime: 5 * 60_000, placeholderData: undefined },
  );
  const fresh = wanted && found.data && !found.isPlaceholderData;
  return {
    suggestions: fresh ? { forText: q, items: found.data.data as KnownPlace[] } : null,
    searching: wanted && (found.isFetching || q !== searchText(text)),
  };
};
