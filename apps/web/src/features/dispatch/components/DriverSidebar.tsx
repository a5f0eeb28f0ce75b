import { ActionIcon, Alert, Anchor, Badge, Group, Paper, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/errors';
import { availabilityColours } from '../../drivers/badges';
import { ago } from '../format';
import { type Availability, groupDrivers, type SidebarDriver } from '../model';

const SHOWN = 8;

function DriverItem({ driver }: { driver: SidebarDriver }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" py={4} data-testid="sidebar-driver">
      <Badge
        variant="light"
        color={driver.blockedReason ? 'red' : availabilityColours[driver.availability]}
        radius="sm"
        w={52}
        style={{ flex: 'none' }}
        title={driver.callsign ?? undefined}
      >
        {driver.callsign ?? '—'}
      </Badge>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={`/drivers/${driver.id}`} size="sm" fw={500} truncate="end">
          {driver.name}
        </Anchor>
        {driver.blockedReason ? (
          <Text size="xs" c="red" fw={600} truncate="end" data-testid="sidebar-blocked">
            {t('dispatch.choices.blocked', { reason: driver.blockedReason })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" truncate="end">
          {driver.vehicle ?? t('dispatch.sidebar.noVehicle')} ·{' '}
          <span title={driver.lastSeenAt ?? undefined}>
            {driver.lastSeenAt
              ? t('dispatch.sidebar.lastSeen', { ago: ago(driver.lastSeenAt) })
              : t('dispatch.sidebar.neverSeen')}
          </span>
        </Text>
      </Stack>
      <Tooltip label={t('dispatch.sidebar.chat', { name: driver.name })}>
        <ActionIcon
          component={Link}
          to={`/chat?driverId=${driver.id}`}
          variant="subtle"
          color="gray"
          aria-label={t('dispatch.sidebar.chat', { name: driver.name })}
        >
          <IconMessage size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function DriverGroup({ availability, drivers }: { availability: Availability; drivers: SidebarDriver[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? drivers : drivers.slice(0, SHOWN);
  return (
    <Stack gap={2} data-testid={`sidebar-group-${availability}`}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t(`dispatch.sidebar.group.${availability}`)}
        </Text>
        <Badge size="sm" variant="light" color={availabilityColours[availability]}>
          {drivers.length}
        </Badge>
      </Group>
      {drivers.length === 0 ? (
        <Text size="xs" c="dimmed" py={2}>
          {t('dispatch.sidebar.none')}
        </Text>
      ) : (
        shown.map((d) => <DriverItem key={d.id} driver={d} />)
      )}
      {drivers.length > SHOWN ? (
        <Anchor component="button" type="button" size="xs" onClick={() => setAll(!all)} ta="start">
          {all ? t('dispatch.sidebar.showFewer') : t('dispatch.sidebar.showAll', { count: drivers.length })}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** The drivers beside the board, grouped the way a dispatcher scans them: available first. */
export function DriverSidebar({
  drivers,
  isPending,
  error,
}: {
  drivers: SidebarDriver[] | undefined;
  isPending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const groups = groupDrivers(drivers ?? []);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="driver-sidebar">
      <Title order={4} mb="xs">
        {t('dispatch.sidebar.title')}
      </Title>
      {error ? (
        <Alert color="red" variant="light" title={t('dispatch.sidebar.failed')} role="alert">
          {messageOf(error)}
        </Alert>
      ) : isPending ? (
        <Text size="sm" c="dimmed">
          {t('dispatch.sidebar.loading')}
        </Text>
      ) : (
        <ScrollArea.Autosize
          mah="calc(100dvh - 250px)"
          type="auto"
          scrollbars="y"
          offsetScrollbars="y"
          viewportProps={{ tabIndex: 0 }}
        >
          <Stack gap="sm">
            {([1, 2, 4, 3] as const).map((a) => (
              <DriverGroup key={a} availability={a} drivers={groups[a]} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
