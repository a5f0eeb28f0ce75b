import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so "in 25 min" keeps counting down on an open screen. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
