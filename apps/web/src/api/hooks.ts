import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { BuiltName, CallInput, ResponseOf } from '@cabdesk/contract';
import { callApi } from './client';
import type { ApiError } from './errors';

/** Query keys start with the call name, so invalidating a call refreshes every page of it. */
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

/** A changing call; on success the named calls' cached answers are refreshed (the spec's reloads). */
export function useCallMutation<K extends BuiltName>(name: K, options: { invalidates?: BuiltName[] } = {}) {
  const client = useQueryClient();
  return useMutation<ResponseOf<K>, ApiError, CallInput<K>>({
    mutationFn: (input) => callApi(name, input),
    onSuccess: async () => {
      await Promise.all((options.invalidates ?? []).map((n) => client.invalidateQueries({ queryKey: [n] })));
    },
  });
}
