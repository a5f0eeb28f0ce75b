import { type DispatchTab, dispatchTabNames } from '@cabdesk/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface BoardParams {
  date: string;
  tab: DispatchTab;
  vehicleTypeId: number | null;
  clientId: number | null;
  q: string;
}

/** Today in the viewer's own calendar (not UTC: a late-evening dispatcher means today, not tomorrow). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function parseBoardParams(search: URLSearchParams, now = new Date()): BoardParams {
  const date = search.get('date');
  const tab = search.get('tab');
  return {
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today(now),
    tab: tab && (dispatchTabNames as string[]).includes(tab) ? (tab as DispatchTab) : 'unallocated',
    vehicleTypeId: positive(search.get('vehicleTypeId')),
    clientId: positive(search.get('clientId')),
    q: search.get('q') ?? '',
  };
}

/**
 * The board's filters live in the address, so a reload, a bookmark or a link to a colleague opens
 * the same view. Defaults (today, the first tab) are left out of the address.
 */
export function useBoardParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseBoardParams(search);
  const update = useCallback(
    (patch: Partial<BoardParams>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            const empty =
              value === null ||
              value === '' ||
              (key === 'date' && value === today()) ||
              (key === 'tab' && value === 'unallocated');
            if (empty) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [params, update] as const;
}
