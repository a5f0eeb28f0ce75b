import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { BuiltName, CallInput, ResponseOf } from '@cabdesk/contract';
import { callApi } from './client';
import type { ApiError } from './errors';
import { refreshAfter, type RefreshRule } from './refresh';

/** Query keys start with the call name, so a change can find every cached answer of a read. */
export const callKey = <K extends BuiltName>(name: K, input?: CallInput<K>) =>
  input === undefined ? [name] : [name, input];

export function useCall<K extends BuiltName>(
  name: K,
  input: CallInput<K>,
  options: Omit<UseQueryOptions<ResponseOf<K>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResponseOf<K>, ApiError>({
    queryKey: callKey(name, input),
    queryFn: () => callApi(name, input),
    placeholderData: keepPreviousData,
    ...options,
  });
}

/**
 * A changing call. On success the reads it made stale are refreshed: every read of its subject
 * unless its rule (`refresh-rules.ts`) or `refreshes` here narrows or widens that.
 */
export function useCallMutation<K extends BuiltName>(name: K, options: { refreshes?: RefreshRule } = {}) {
  const client = useQueryClient();
  return useMutation<ResponseOf<K>, ApiError, CallInput<K>>({
    mutationFn: (input) => callApi(name, input),
    onSuccess: () => refreshAfter(client, name, options.refreshes),
  });
}
