import type { BuiltName, CallInput, ResponseOf } from '@cabdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { ApiError } from '../../api/errors';
import { refreshAfter } from '../../api/refresh';

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

/**
 * A changing call; afterwards (success or not: a 409 means the board is behind) the board is read
 * again, with the bookings, drivers and dashboard figures a dispatch change moves.
 */
export function useDispatchMutation<K extends BuiltName>(name: K) {
  const client = useQueryClient();
  return useMutation<ResponseOf<K>, ApiError, CallInput<K>>({
    mutationFn: (input) => callApi(name, input),
    onSettled: () => refreshAfter(client, name, { also: ['Dispatch', 'Booking', 'Driver', 'Dashboard'] }),
  });
}

/** The server's message of a successful change, when it gives one. */
export function messageOfAnswer(answer: unknown): string | undefined {
  return answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : undefined;
}
