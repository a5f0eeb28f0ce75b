import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@cabdesk/contract';
import { callApi } from '../../../api/client';
import type { ApiError } from '../../../api/errors';
import type { DayRange } from './time';

const CALL = 'Booking/GetTableSummaryBookingDriverHistory';
export const HISTORY_PAGE = 20;

type Page = ResponseOf<typeof CALL>;

/**
 * The driver's done jobs in a period, a page at a time ("Load more" adds the next page below). The
 * key starts with the call name, so a live booking change refreshes it like any other call.
 */
export function useHistory(range: DayRange | null) {
  return useInfiniteQuery<Page, ApiError, InfiniteData<Page>, readonly unknown[], number>({
    queryKey: [CALL, { ...range, perPage: HISTORY_PAGE }, 'pages'],
    queryFn: ({ pageParam }) => callApi(CALL, { ...range, perPage: HISTORY_PAGE, page: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (all.length < last.total ? all.length : undefined),
    enabled: range !== null,
  });
}
