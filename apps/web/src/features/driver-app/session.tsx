import type { BookingStatus } from '@cabdesk/contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { live } from '../../api/live';
import { storage } from '../../api/session';
import { keepDriverCache, restoreDriverCache } from './offline/cache';
import { Outbox, type OutboxSnapshot } from './offline/outbox';
import { PositionTracker } from './journey/positions';
import type { JourneyStep } from './journey/steps';

interface DriverSession {
  outbox: Outbox;
  /** Queues a step on the device and sends it when it can; the screen moves on at once. */
  takeStep(bookingId: number, step: JourneyStep): Promise<void>;
  /** Why the phone gives no position (permission refused, no fix), or null. */
  positionError: string | null;
}

const DriverSessionContext = createContext<DriverSession | null>(null);

export function useDriverSession(): DriverSession {
  const session = useContext(DriverSessionContext);
  if (!session) throw new Error('useDriverSession outside DriverSessionProvider');
  return session;
}

export function useOutbox(): OutboxSnapshot {
  const { outbox } = useDriverSession();
  return useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.state,
  );
}

/** The status a sent step led to, from the server's answer (`{ data: { status } }`). */
const statusAnswered = (answer: unknown): BookingStatus | null => {
  const status = (answer as { data?: { status?: unknown } } | undefined)?.data?.status;
  return typeof status === 'string' ? (status as BookingStatus) : null;
};

/** Calls whose answers a sent step or position changes. */
const changedBySteps = [
  'Booking/',
  'Driver/GetBookingLocations',
  'Driver/BookingNextLocTypeID',
  'Driver/GetDriverEarnings',
];

/**
 * The driver's device side: the queue of steps and positions, the position tracker while on shift,
 * and the live offers. One per signed-in driver app.
 */
export function DriverSessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [positionError, setPositionError] = useState<string | null>(null);
  const userId = storage.userData?.id ?? 0;
  // Before the first query runs: the app opened in a dead spot shows the last jobs it saw.
  useState(() => restoreDriverCache(client, userId));
  useEffect(() => keepDriverCache(client, userId), [client, userId]);
  const outbox = useMemo(() => new Outbox(undefined, () => storage.userData?.id ?? null), []);
  const tracker = useMemo(() => new PositionTracker(outbox, setPositionError), [outbox]);
  const status = useCall('Booking/GetDriverStatus', {}, { refetchInterval: 60_000 });

  // Send what waits whenever the network may be back.
  useEffect(() => {
    void outbox.flush();
    const flush = () => void outbox.flush();
    window.addEventListener('online', flush);
    const offState = live.onState((state) => state === 'live' && flush());
    const offSent = outbox.onSent((item, answer) => {
      // The screen shows the status the step led to until the reload arrives, not the one before it:
      // a press in between would send the step already taken again.
      const status = statusAnswered(answer);
      if (item.kind === 'step' && status) {
        client.setQueriesData<{ data: { status: BookingStatus } }>(
          { queryKey: ['Driver/GetBookingLocations', { id: item.bookingId }] },
          (old) => old && { ...old, data: { ...old.data, status } },
        );
      }
      void client.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' && changedBySteps.some((p) => (q.queryKey[0] as string).startsWith(p)),
      });
    });
    return () => {
      window.removeEventListener('online', flush);
      offState();
      offSent();
    };
  }, [outbox, client]);

  // A step the server refused is said at once, in its own words.
  useEffect(() => {
    let seen = outbox.state.refusals.length;
    return outbox.subscribe(() => {
      const { refusals } = outbox.state;
      for (const refusal of refusals.slice(seen)) {
        notifications.show({
          color: 'red',
          title: t('driver-app.journey.refused', { id: refusal.bookingId }),
          message: refusal.message,
          autoClose: false,
        });
      }
      seen = refusals.length;
    });
  }, [outbox, t]);

  // Positions while on shift; often while on a job.
  const onShift = !!status.data?.data.shift;
  const onJob = !!status.data?.data.onJob;
  useEffect(() => {
    if (onShift) tracker.start(onJob);
    else tracker.stop();
  }, [tracker, onShift, onJob]);
  useEffect(() => () => tracker.stop(), [tracker]);

  // An offer or a job given arrives live: say so, loudly enough to be noticed in a car.
  useEffect(
    () =>
      live.onEvent((event) => {
        if (event.event !== 'booking.moved') return;
        const move = String(event.payload.move);
        if (move !== 'offer' && move !== 'allocate') return;
        // The socket brings a driver only the moves of its own jobs.
        navigator.vibrate?.([200, 100, 200]);
        notifications.show({
          id: `offer-${String(event.payload.id)}`,
          color: 'teal',
          title: t(move === 'offer' ? 'driver-app.offer.newOffer' : 'driver-app.offer.newJob'),
          message: t('driver-app.offer.openToday'),
          autoClose: 10_000,
        });
      }),
    [t],
  );

  const value = useMemo<DriverSession>(
    () => ({ outbox, takeStep: (bookingId, step) => outbox.addStep(bookingId, step), positionError }),
    [outbox, positionError],
  );
  return <DriverSessionContext.Provider value={value}>{children}</DriverSessionContext.Provider>;
}
