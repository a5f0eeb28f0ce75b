import { useSyncExternalStore } from 'react';

/** The passenger added last in this tab (spec 000 §3), for forms that offer "the one just added". */
export interface LatestPassenger {
  id: number;
  clientId: number | null;
  clientName: string | null;
  name: string;
}

let latest: LatestPassenger | null = null;
const listeners = new Set<() => void>();

export function setLatestPassenger(passenger: LatestPassenger): void {
  latest = passenger;
  for (const listener of listeners) listener();
}

export function latestPassenger(): LatestPassenger | null {
  return latest;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLatestPassenger(): LatestPassenger | null {
  return useSyncExternalStore(subscribe, latestPassenger);
}
