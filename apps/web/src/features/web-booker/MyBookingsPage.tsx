import { Button, Card, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { ResponseOf } from '@cabdesk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../app/auth';
import { money } from '../../ui/format';
import { StatusBadge } from '../bookings/status';
import { Loading, Problem } from './BookerFrame';
import { BookingSteps } from './BookingSteps';
import { companyTime, emptyJourney, emptyStop, type Journey } from './journey';

type Row = ResponseOf<'Booking/GetTableSummary'>['data'][number];

/** A passenger may cancel until a driver is on the way (the server holds the same rule). */
const cancellable = new Set(['quote', 'pending', 'confirmed', 'offered', 'allocated', 'accepted']);
const finished = new Set(['completed', 'no_show', 'cancelled', 'rejected']);

/** `/my-bookings`: a signed-in passenger books for themselves and follows their bookings. */
export function MyBookingsPage() {
  const { t, i18n } = useTranslation();
  const w = (key: string, options?: Record<string, unknown>) => t(`web-booker.${key}`, options ?? {});
  const { user } = useAuth();
  const queries = useQueryClient();
  const [booking, setBooking] = useState<{ key: number; journey: Journey } | null>(null);
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [cancelFailure, setCancelFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setup = useQuery({
    queryKey: ['my-bookings-setup', user?.companyID],
    enabled: Boolean(user),
    staleTime: 10 * 60_000,
    queryFn: async () => {
      const [visit, details] = await Promise.all([
        callApi('Booking/GetWebBookerUserID', { companyID: user?.companyID ?? 0 }),
        callApi('Booking/GetPassengerForWebBooker', {}),
      ]);
      return { rules: visit.data.rules, details: details.data };
    },
  });
  const list = useQuery({
    queryKey: ['my-bookings'],
    queryFn: () => callApi('Booking/GetTableSummary', { perPage: 0, sortColumn: 'pickupAt', sortType: 'desc' }),
  });

  const refresh = () => queries.invalidateQueries({ queryKey: ['my-bookings'] });
  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    setCancelFailure(null);
    try {
      await callApi('Booking/UpdateBookingStatus', { id: cancelling.id, move: 'cancel', version: cancelling.version });
      setBusy(false);
      setCancelling(null);
      await refresh();
    } catch (error) {
      setBusy(false);
      setCancelFailure(messageOf(error));
    }
  };

  const rows = list.data?.data ?? [];
  const [now] = useState(() => Date.now());
  const upcoming = rows
    .filter((r) => !finished.has(r.status) && new Date(r.pickupAt).getTime() > now - 3 * 3600_000)
    .reverse();
  // The ten latest: a passenger rebooks a recent journey, the rest is history.
  const past = rows.filter((r) => !upcoming.includes(r)).slice(0, 10);
  const timezone = setup.data?.rules.timezone ?? 'UTC';

  const line = (r: Row, actions: ReactNode) => (
    <Card withBorder radius="md" p="sm" key={r.id} data-testid="my-booking">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>
            #{r.id} · {r.isAsap ? w('journey.asap') : companyTime(r.pickupAt, timezone, i18n.language)}
          </Text>
          <Text size="sm">
            {r.pickup}
            {r.dropoff ? ` → ${r.dropoff}` : ''}
          </Text>
          <Text size="sm">
            {r.vehicleTypeName ?? ''}
            {r.priceMinor !== null ? ` · ${money(r.priceMinor, r.currency)}` : ''}
          </Text>
        </Stack>
        <StatusBadge status={r.status} />
      </Group>
      <Group gap="xs" mt="xs">
        {actions}
      </Group>
    </Card>
  );

  const section = (title: string, items: Row[], empty: string, actions: (r: Row) => ReactNode) => (
    <Stack gap="xs" component="section">
      <Title order={2} fz="h4">
        {title}
      </Title>
      {list.isPending ? (
        <Loading label={w('mine.loading')} />
      ) : list.isError ? (
        <Problem>{messageOf(list.error)}</Problem>
      ) : items.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        items.map((r) => line(r, actions(r)))
      )}
    </Stack>
  );

  return (
    <Stack gap="lg" maw={720} data-testid="home">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {w('mine.title')}
        </Title>
        {booking ? null : (
          <Button onClick={() => setBooking({ key: Date.now(), journey: emptyJourney() })} disabled={!setup.data}>
            {w('mine.book')}
          </Button>
        )}
      </Group>
      {setup.isError ? <Problem>{messageOf(setup.error)}</Problem> : null}
      {booking && setup.data ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <BookingSteps
              key={booking.key}
              rules={setup.data.rules}
              isVisitor={false}
              call={callApi}
              initialDetails={setup.data.details}
              initialJourney={booking.journey}
              onBooked={() => void refresh()}
            />
            <Button variant="default" w="fit-content" onClick={() => setBooking(null)}>
              {w('mine.close')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
      {section(w('mine.upcoming'), upcoming, w('mine.noUpcoming'), (r) =>
        cancellable.has(r.status) ? (
          <Button size="xs" variant="light" color="red" onClick={() => setCancelling(r)}>
            {w('mine.cancel', { id: r.id })}
          </Button>
        ) : null,
      )}
      {section(w('mine.past'), past, w('mine.noPast'), (r) => (
        <Button
          size="xs"
          variant="light"
          disabled={!setup.data}
          onClick={() =>
            setBooking({
              key: Date.now(),
              journey: {
                ...emptyJourney(),
                pickup: emptyStop(r.pickup),
                dropoff: emptyStop(r.dropoff ?? ''),
                byTheHour: !r.dropoff,
                passengers: r.passengerCount,
                luggage: r.luggageCount,
              },
            })
          }
        >
          {w('mine.again', { id: r.id })}
        </Button>
      ))}
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={w('mine.cancelTitle')}
        closeButtonProps={{ 'aria-label': w('mine.keep') }}
      >
        <Stack gap="sm">
          <Text>{cancelling ? w('mine.cancelAsk', { id: cancelling.id }) : null}</Text>
          {cancelFailure ? <Problem>{cancelFailure}</Problem> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              {w('mine.keep')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void cancel()}>
              {w('mine.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
