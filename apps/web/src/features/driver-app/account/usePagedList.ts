import { useInfiniteQuery } from '@tanstack/react-query';
import type { BuiltName, CallInput, ResponseOf } from '@cabdesk/contract';
import { callApi } from '../../../api/client';
import type { ApiError } from '../../../api/errors';

type ListName = {
  [K in BuiltName]: ResponseOf<K> extends { data: unknown[]; count: number } ? K : never;
}[BuiltName];

type RowOf<K extends ListName> = ResponseOf<K> extends { data: (infer R)[] } ? R : never;

/**
 * A list read page by page for "Show more" on a phone. The key starts with the call name, so a
 * change that refreshes the call (or a live event) refreshes every page read so far.
 */
export function usePagedList<K extends ListName>(name: K, input: Omit<CallInput<K>, 'page' | 'perPage'>, perPage = 20) {
  const query = useInfiniteQuery<ResponseOf<K>, ApiError>({
    queryKey: [name, { ...input, perPage, paged: true }],
    queryFn: ({ pageParam }) => callApi(name, { ...input, page: pageParam, perPage } as CallInput<K>),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const page = last as unknown as { count: number };
      return pages.length * perPage < page.count ? pages.length : undefined;
    },
  });
  const pages = (query.data?.pages ?? []) as unknown as { data: RowOf<K>[]; count: number }[];
  return {
    ...query,
    rows: pages.flatMap((p) => p.data),
    count: pages[0]?.count ?? 0,
  };
}
