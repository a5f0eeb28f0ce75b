import { useEffect, useEffectEvent, useState } from 'react';
import { type LiveEvent, live } from '../../../api/live';

/**
 * Runs the handler for every live change whose name starts with one of the prefixes ('booking.',
 * 'driver.'), whatever its last word: the server may add kinds of change without this page changing.
 * The LiveProvider already refreshes the cached board on these; this is for what the page adds.
 */
export function useLivePrefixes(prefixes: readonly string[], handler: (event: LiveEvent) => void): void {
  const onEvent = useEffectEvent(handler);
  const key = prefixes.join(',');
  useEffect(() => {
    const wanted = key.split(',');
    return live.onEvent((e) => {
      if (wanted.some((p) => e.event.startsWith(p))) onEvent(e);
    });
  }, [key]);
}

const HIGHLIGHT_MS = 6000;

/**
 * Ids that were not on the board a moment ago while the view stayed the same (same day, tab and
 * filters): a booking that just arrived. They stay highlighted for a few seconds.
 */
export function useNewArrivals(viewKey: string, ids: number[] | undefined): ReadonlySet<number> {
  const [seen, setSeen] = useState<{ view: string; ids: Set<number> } | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const idsKey = ids?.join(',');

  if (ids && idsKey !== undefined) {
    const current = new Set(ids);
    const same = seen && seen.view === viewKey;
    const changed = !seen || !same || seen.ids.size !== current.size || ids.some((id) => !seen.ids.has(id));
    if (changed) {
      // Adjusting state while rendering (React's documented pattern for state derived from props).
      setSeen({ view: viewKey, ids: current });
      if (same) {
        const arrived = ids.filter((id) => !seen.ids.has(id));
        if (arrived.length) setFresh((f) => new Set([...f, ...arrived]));
      }
    }
  }

  useEffect(() => {
    if (!fresh.size) return;
    const batch = fresh;
    const timer = setTimeout(() => setFresh((f) => new Set([...f].filter((id) => !batch.has(id)))), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  return fresh;
}
