import type { CallInput, CallOutput, ListResponse } from '@cabdesk/contract';
import { useState } from 'react';
import { useCall } from '../api/hooks';
import { type ListQuery, useListState } from '../ui/ServerDataTable';
import type { ListName } from './call-kinds';

type Sort = { column: string; direction: 'asc' | 'desc' };

export interface ServerList<K extends ListName, F> {
  call: K;
  state: ReturnType<typeof useListState>;
  filters: F;
  /** Changes some filters and goes back to the first page. */
  filter: (patch: Partial<F>) => void;
  /** What the call was sent: paging, sort, search and filters (the export sends the same). */
  input: CallInput<K>;
  result: { data?: ListResponse<CallOutput<K>>; isFetching: boolean; error: unknown };
}

/**
 * A list call's paging, sorting, search and filters as one state, and its answer. `shape` adjusts
 * what is sent when the filters are not the whole story (clients list only top-level accounts
 * until something is searched for).
 */
export function useServerList<K extends ListName, F extends Partial<CallInput<K>>>(
  call: K,
  options: { sort: Sort; filters: F; shape?: (input: ListQuery & F) => object },
): ServerList<K, F> {
  const state = useListState(options.sort);
  const [filters, setFilters] = useState<F>(options.filters);
  const base = { ...state.query, ...filters };
  // Paging, sort and search are every list call's own fields (contract listInput); the sort column
  // is checked by the server against the call's list.
  const input = (options.shape ? options.shape(base) : base) as CallInput<K>;
  const result = useCall(call, input);
  return {
    call,
    state,
    filters,
    filter: (patch) => {
      setFilters((current) => ({ ...current, ...patch }));
      state.setPage(1);
    },
    input,
    // A list call answers the list envelope; the generic name hides that from TypeScript.
    result: result as ServerList<K, F>['result'],
  };
}
