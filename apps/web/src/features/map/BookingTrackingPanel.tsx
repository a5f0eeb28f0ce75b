import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { dateTime } from '../../ui/format';
import { LastSeen } from './LastSeen';
import { TrackingMap } from './TrackingMap';
import { useNow } from './useDriverMap';
import { useLiveTrail } from './useLiveTrail';

/** Seconds as "1 h 05 min" or "12 min". */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The tracking of one booking; the booking's page shows it small, /map/bookings/:id large. */
export function TrackingCard({
  bookingId,
  height,
  large = false,
}: {
  bookingId: number;
  height: number;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow(10_000);
  const result = useCall(
    'Booking/GetBookingTrackingDetails',
    { id: bookingId },
    { refetchInterval: (q) => (q.state.data?.data.isLive ? 30_000 : false) },
  );
  const tracking = result.data?.data;
  const lastRoutePoint = tracking?.route.at(-1)?.recordedAt ?? tracking?.driverPosition?.recordedAt ?? null;
  const trail = useLiveTrail(tracking?.driver?.id ?? null, lastRoutePoint, !!tracking?.isLive);

  const header = (
    <Group justify="space-between" mb="sm">
      <Title order={4}>{t('map.tracking.title')}</Title>
      {tracking?.isLive ? (
        <Badge color="teal" variant="dot">
          {t('map.tracking.live')}
        </Badge>
      ) : null}
    </Group>
  );
  if (result.isPending) {
    return (
      <Paper withBorder radius="md" p="md">
        {header}
        <Text c="dimmed" size="sm">
          {t('map.loading')}
        </Text>
      </Paper>
    );
  }
  if (result.isError || !tracking) {
    return (
      <Paper withBorder radius="md" p="md">
        {header}
        <Text c="red" size="sm">
          {result.error?.message ?? t('map.loadFailed')}
        </Text>
      </Paper>
    );
  }
  if (!tracking.driver) {
    return (
      <Paper withBorder radius="md" p="md">
        {header}
        <Text c="dimmed" size="sm">
          {t('map.tracking.noDriver')}
        </Text>
      </Paper>
    );
  }
  const heard = trail.at(-1);
  const seenAt = heard?.recordedAt ?? tracking.driverPosition?.recordedAt ?? null;
  const running =
    tracking.isLive && tracking.startTime
      ? Math.max(0, Math.round((now - Date.parse(tracking.startTime)) / 1000))
      : tracking.durationSeconds;
  return (
    <Paper withBorder radius="md" p="md">
      {header}
      <Stack gap="sm" data-testid="tracking" data-points={tracking.route.length + trail.length}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            <Anchor component={Link} to={`/drivers/${tracking.driver.id}`} size="sm" fw={500}>
              {tracking.driver.fullName}
            </Anchor>
            {tracking.vehicle ? (
              <Text span size="sm" c="dimmed">
                {' '}
                · {tracking.vehicle.registration}
              </Text>
            ) : null}
          </Text>
          {tracking.isLive ? (
            <Text size="xs" c="dimmed">
              {t('map.lastSeen')}: <LastSeen at={seenAt} now={now} />
            </Text>
          ) : null}
        </Group>
        <TrackingMap tracking={tracking} trail={trail} height={height} label={t('map.tracking.title')} />
        {tracking.route.length === 0 && trail.length === 0 ? (
          <Text size="xs" c="dimmed">
            {tracking.startTime ? t('map.tracking.noRoute') : t('map.tracking.notStarted')}
          </Text>
        ) : null}
        <SimpleGrid cols={large ? 6 : 2} spacing="xs">
          <Fact label={t('map.tracking.started')}>{dateTime(tracking.startTime)}</Fact>
          <Fact label={t('map.tracking.ended')}>{dateTime(tracking.endTime)}</Fact>
          <Fact label={t('map.tracking.arrived')}>{dateTime(tracking.arrivedAt)}</Fact>
          <Fact label={t('map.tracking.onBoard')}>{dateTime(tracking.onBoardAt)}</Fact>
          <Fact label={t('map.tracking.duration')}>{duration(running)}</Fact>
          <Fact label={t('map.tracking.distance')}>{`${(tracking.routeMetres / 1000).toFixed(1)} km`}</Fact>
        </SimpleGrid>
        {large ? null : (
          <Anchor component={Link} to={`/map/bookings/${bookingId}`} size="sm">
            {t('map.tracking.openLarge')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** A booking's live tracking (driver position and the route so far); shown on the booking's page. */
export function BookingTrackingPanel({ bookingId }: { bookingId: number }) {
  const ability = useAbility();
  // Tracking is a dispatch tool: roles without it (accounts) see the booking without the panel.
  if (!ability.can('read', 'Dispatch')) return null;
  return <TrackingCard bookingId={bookingId} height={240} />;
}
