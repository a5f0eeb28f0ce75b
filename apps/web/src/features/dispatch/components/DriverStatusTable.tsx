import { ActionIcon, Anchor, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconMessage, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime } from '../../../ui/format';
import { ago } from '../format';
import type { DriverActions } from '../hooks/useDriverActions';
import { availabilities, type Availability, type SidebarDriver } from '../model';
import { StatusBadge } from './StatusBadge';

/** Every driver with status, shift, vehicle, current job and last position; status and shift change here. */
export function DriverStatusTable({
  drivers,
  fetching,
  actions,
  onStartShift,
  emptyText,
}: {
  drivers: SidebarDriver[];
  fetching: boolean;
  actions: DriverActions;
  onStartShift: (driver: SidebarDriver) => void;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const statusOptions = availabilities.map((a) => ({ value: String(a), label: t(`dispatch.sidebar.group.${a}`) }));
  return (
    <DataTable<SidebarDriver>
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={drivers.length ? undefined : 180}
      records={drivers}
      fetching={fetching}
      noRecordsText={emptyText}
      idAccessor="id"
      data-testid="driver-status-table"
      columns={[
        {
          accessor: 'name',
          title: t('dispatch.driverStatus.column.driver'),
          render: (d) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={700} w={44} ff="monospace">
                {d.callsign ?? '—'}
              </Text>
              <Anchor component={Link} to={`/drivers/${d.id}`} size="sm">
                {d.name}
              </Anchor>
            </Group>
          ),
        },
        {
          accessor: 'availability',
          title: t('dispatch.driverStatus.column.status'),
          width: 160,
          render: (d) =>
            d.blockedReason ? (
              <Text size="xs" fw={700} c="red" data-testid="driver-blocked">
                {t('dispatch.choices.blocked', { reason: d.blockedReason })}
              </Text>
            ) : (
              <Select
                size="xs"
                aria-label={t('dispatch.driverStatus.statusOf', { name: d.name })}
                data={statusOptions}
                value={String(d.availability)}
                allowDeselect={false}
                disabled={actions.pendingStatus === d.id}
                onChange={(v) => {
                  if (v && Number(v) !== d.availability) void actions.setStatus(d, Number(v) as Availability);
                }}
                data-testid="driver-status-select"
              />
            ),
        },
        {
          accessor: 'shiftStartedAt',
          title: t('dispatch.driverStatus.column.shift'),
          render: (d) =>
            d.shiftStartedAt ? (
              <Text size="sm">{dateTime(d.shiftStartedAt)}</Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('dispatch.driverStatus.offShift')}
              </Text>
            ),
        },
        {
          accessor: 'vehicle',
          title: t('dispatch.driverStatus.column.vehicle'),
          render: (d) => d.vehicle ?? '—',
        },
        {
          accessor: 'currentBookingId',
          title: t('dispatch.driverStatus.column.job'),
          render: (d) =>
            d.currentBookingId ? (
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={`/bookings/${d.currentBookingId}`} size="sm">
                  #{d.currentBookingId}
                </Anchor>
                {d.currentBookingStatus ? <StatusBadge status={d.currentBookingStatus} /> : null}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('dispatch.driverStatus.noJob')}
              </Text>
            ),
        },
        {
          accessor: 'lastSeenAt',
          title: t('dispatch.driverStatus.column.position'),
          render: (d) => (
            <Text size="sm" title={d.lastSeenAt ? dateTime(d.lastSeenAt) : undefined}>
              {d.lastSeenAt ? ago(d.lastSeenAt) : '—'}
            </Text>
          ),
        },
        {
          accessor: 'actions',
          title: t('dispatch.driverStatus.column.actions'),
          textAlign: 'right',
          render: (d) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {d.shiftStartedAt ? (
                <Button
                  size="compact-xs"
                  variant="default"
                  leftSection={<IconPlayerStop size={12} />}
                  loading={actions.pendingShift === d.id}
                  onClick={() => void actions.endShift(d)}
                >
                  {t('dispatch.driverStatus.endShift')}
                </Button>
              ) : (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlayerPlay size={12} />}
                  loading={actions.pendingShift === d.id}
                  onClick={() => onStartShift(d)}
                >
                  {t('dispatch.driverStatus.startShift')}
                </Button>
              )}
              <Tooltip label={t('dispatch.sidebar.chat', { name: d.name })}>
                <ActionIcon
                  component={Link}
                  to={`/chat?driverId=${d.id}`}
                  variant="subtle"
                  color="gray"
                  aria-label={t('dispatch.sidebar.chat', { name: d.name })}
                >
                  <IconMessage size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
