import type { CallInput, CallOutput } from '@cabdesk/contract';
import { useParams, useSearchParams } from 'react-router';
import { callMeta } from '../api/call-meta';
import type { ApiError } from '../api/errors';
import { useCall } from '../api/hooks';
import type { ReadName } from './call-kinds';

/** The id in the address (`/drivers/:id`), or null when it is not a positive whole number. */
export function useRecordId(): number | null {
  const raw = useParams().id ?? '';
  const id = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type RecordState<T> =
  | { state: 'badAddress' }
  | { state: 'loading' }
  | { state: 'failed'; error: ApiError; retry: () => void }
  | { state: 'missing' }
  | { state: 'ready'; record: T };

/**
 * The record the address names, read by its call: a read answers the record, a list narrowed to the
 * id (where the spec has no read) answers it as its only row — the contract's kind of the call says
 * which. A record of the previous address is never shown while the next one loads.
 */
export function useRecord<R extends ReadName>(
  call: R,
  input: (id: number) => CallInput<R>,
  id: number | null,
): RecordState<CallOutput<R>> {
  const answer = useCall(call, input(id ?? 1), { enabled: id !== null });
  if (id === null) return { state: 'badAddress' };
  if (answer.error) return { state: 'failed', error: answer.error, retry: () => void answer.refetch() };
  // The envelope is the call's kind's; the generic name hides it from TypeScript.
  const data = (answer.data as { data?: unknown } | undefined)?.data;
  const record = (callMeta(call).kind === 'list' ? (data as unknown[] | undefined)?.[0] : data) as
    (CallOutput<R> & { id?: unknown }) | undefined;
  if (record && record.id === id) return { state: 'ready', record };
  if (answer.data && !answer.isPlaceholderData && !answer.isFetching) return { state: 'missing' };
  return { state: 'loading' };
}

/** The open tab of a record page, kept in the address (`?tab=documents`) so a reload or a link keeps it. */
export function useRecordTab(tabs: readonly string[]): [string, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const open = asked && tabs.includes(asked) ? asked : (tabs[0] ?? '');
  const show = (tab: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === tabs[0]) next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  return [open, show];
}
