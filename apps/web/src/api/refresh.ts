import type { BuiltName, Subject } from '@cabdesk/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callMeta, isRead } from './call-meta';
import { refreshRules } from './refresh-rules';

/** A read to refresh: one call by name, or every read of a permission subject. */
export type RefreshTarget = BuiltName | Subject;

/**
 * How a change departs from the default. `only` narrows it to the reads named (a frequent change
 * that alters one answer); `also` widens it to reads of other subjects that show what changed.
 */
export interface RefreshRule {
  only?: readonly RefreshTarget[];
  also?: readonly RefreshTarget[];
}

const hits = (targets: readonly RefreshTarget[], read: string, subject: Subject) =>
  targets.some((t) => t === read || t === subject);

/**
 * Which cached reads a change makes stale: by default every read of the change's subject (and of the
 * subject it also serves), so a new kind of record needs no list of its reads. The rules of the call
 * (`refresh-rules.ts`) and of the caller narrow or widen that.
 */
export function staleAfter(change: string, caller: RefreshRule = {}): (read: string) => boolean {
  const meta = callMeta(change);
  const rule = refreshRules[change as BuiltName] ?? {};
  const only = caller.only ?? rule.only;
  const also = [...(rule.also ?? []), ...(caller.also ?? [])];
  const own: RefreshTarget[] = meta ? [meta.subject, ...(meta.alsoFor ? [meta.alsoFor] : [])] : [];
  const targets = [...(only ?? own), ...also];
  return (read) => {
    const readMeta = callMeta(read);
    return !!readMeta && isRead(readMeta) && hits(targets, read, readMeta.subject);
  };
}

/** Refreshes what a change made stale; query keys start with the call's name (`callKey`). */
export function refreshAfter(client: QueryClient, change: string, caller?: RefreshRule): Promise<void> {
  const stale = staleAfter(change, caller);
  return client.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && stale(query.queryKey[0]),
  });
}

/** For code that calls the server without `useCallMutation` (uploads, imports, the offline outbox). */
export function useRefreshAfter() {
  const client = useQueryClient();
  return (change: string, caller?: RefreshRule) => refreshAfter(client, change, caller);
}
