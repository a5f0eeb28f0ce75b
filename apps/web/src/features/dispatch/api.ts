import type { BuiltName, CallInput, ResponseOf } from '@cabdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { ApiError } from '../../api/errors';

/** A 4xx or a 501 (a call the server does not offer yet) will not change by asking again. */
const retry = (count: number, error: unknown) =>
  !(error instanceof ApiError && (error.status < 500 || error.status === 501)) && count < 2;

/** A dispatch read, turned into the page's own shape by `read`; failures stay in words on the page. */
export function useDispatchQuery<K extends BuiltName, T>(
  name: K,
  input: CallInput<K>,
  read: (answer: ResponseOf<K>) => T,
  options: { enabled?: boolean } = {},
) {
  return useQuery<ResponseOf<K>, ApiError, T>({
    queryKey: [name, input],
    queryFn: () => callApi(name, input),
    select: read,
    placeholderData: keepPreviousData,
    retry,
    ...options,
  });
}

/** Reads that any dispatch change can make stale. */
const dispatchReads = (key: unknown) =>
  typeof key === 'string' && (key.startsWith('Booking/') || key.startsWith('Driver/') || key.startsWith('Dashboard/'));

/** A changing call; afterwards (success or not: a 409 means the board is behind) the board is read again. */
export function useDispatchMutation<K extends BuiltName>(name: K) {
  const client = useQueryClient();
  return useMutation<ResponseOf<K>, ApiError, CallInput<K>>({
    mutationFn: (input) => callApi(name, input),
    onSettled: () => client.invalidateQueries({ predicate: (q) => dispatchReads(q.queryKey[0]) }),
  });
}

/** The server's message of a successful change, when it gives one. */
export function messageOfAnswer(answer: unknown): string | undefined {
  return answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : undefined;
}
