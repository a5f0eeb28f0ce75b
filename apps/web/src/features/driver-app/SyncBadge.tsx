import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveState } from '../../app/LiveProvider';
import { useOutbox } from './session';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/** Whether the office sees the driver now, and how much waits on the phone to be sent. */
export function SyncBadge() {
  const { t } = useTranslation();
  const live = useLiveState();
  const online = useOnline();
  const { pending } = useOutbox();
  const state = !online ? 'offline' : pending > 0 ? 'sending' : live === 'live' ? 'live' : 'connecting';
  const colour = { offline: 'red', sending: 'yellow', live: 'teal', connecting: 'yellow' }[state];
  return (
    <Badge color={colour} variant="dot" size="lg" data-testid="sync-state" data-state={state} aria-live="polite">
      {state === 'offline' && pending > 0
        ? t('driver-app.sync.offlineQueued', { count: pending })
        : t(`driver-app.sync.${state}`, { count: pending })}
    </Badge>
  );
}
