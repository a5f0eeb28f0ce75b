import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's view (tab, filters, page) kept in the address, so a link or a reload shows the same list.
 * The address changes in a transition, drawn later: a second change made before then (two filters set
 * one after the other) builds on the first, not on the view last drawn — or the first is lost. A
 * drawn address that is one of this page's own writes on its way is not taken as the view; any other
 * (the back button, a link) is.
 */
export function useAddressView<V>(
  read: (params: URLSearchParams) => V,
  write: (view: V) => URLSearchParams,
): [V, (next: (latest: V) => V) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const view = useMemo(() => read(params), [read, params]);
  const latest = useRef(view);
  const awaited = useRef<string | null>(null);
  useEffect(() => {
    if (awaited.current === null || awaited.current === search) {
      awaited.current = null;
      latest.current = view;
    }
  }, [view, search]);
  const change = useCallback(
    (next: (latest: V) => V) => {
      const made = next(latest.current);
      latest.current = made;
      const address = write(made);
      awaited.current = new URLSearchParams(address.toString()).toString();
      setParams(address, { replace: true });
    },
    [setParams, write],
  );
  return [view, change];
}
