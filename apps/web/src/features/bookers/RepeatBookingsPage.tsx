import { Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../app/ability';
import { useCall, useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { count, dateTime, day } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { weekDayNames } from './week-days';

type Row = CallOutput<'Booking/GetTableSummaryRepeatBooking'>;
type Input = CallInput<'Booking/GetTableSummaryRepeatBooking'>;
type State = 'active' | 'cancelled' | 'all';

/** Repeat booking series: their days and dates, how many bookings each made, and cancelling one. */
export function RepeatBookingsPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = useListState({ column: 'createdAt', direction: 'desc' });
  const [state, setState] = useState<State>('active');
  const input: Input = { ...list.query, sortColumn: list.query.sortColumn as Input['sortColumn'], state };
  const result = useCall('Booking/GetTableSummaryRepeatBooking', input);
  const cancel = useCallMutation('Booking/CancelRepeatBooking');
  const days = weekDayNames(i18n.language);

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'sourceBookingId',
      title: t('bookers.repeat.journey'),
      render: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/bookings/${r.sourceBookingId}`} size="sm">
            #{r.sourceBookingId}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1} maw={280}>
            {r.pickup ?? '—'} → {r.dropoff ?? '—'}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'passengerName',
      title: t('bookers.repeat.passenger'),
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.passengerName ?? '—'}</Text>
          {r.clientName ? (
            <Text size="xs" c="dimmed">
              {r.clientName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'weekDays',
      title: t('bookers.repeat.weekDays'),
      render: (r) => (
        <Stack gap={2}>
          <Group gap={4}>
            {r.weekDays.map((d) => (
              <Badge key={d} size="sm" variant="light">
                {days[d]}
              </Badge>
            ))}
          </Group>
          {r.everyWeeks > 1 ? (
            <Text size="xs" c="dimmed">
              {t('bookers.repeat.everyWeeks', { count: r.everyWeeks })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: 'startDate', title: t('bookers.repeat.from'), sortable: true, render: (r) => day(r.startDate) },
    { accessor: 'endDate', title: t('bookers.repeat.until'), sortable: true, render: (r) => day(r.endDate) },
    {
      accessor: 'bookingCount',
      title: t('bookers.repeat.bookings'),
      sortable: true,
      textAlign: 'right',
      render: (r) => t('bookers.repeat.counts', { all: count(r.bookingCount), upcoming: count(r.upcomingCount) }),
    },
    {
      accessor: 'isCancelled',
      title: t('bookers.repeat.state'),
      render: (r) =>
        r.isCancelled ? (
          <Badge color="red" variant="light" title={dateTime(r.cancelledAt)}>
            {t('bookers.repeat.cancelled')}
          </Badge>
        ) : (
          <Badge color="teal">{t('bookers.repeat.active')}</Badge>
        ),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) =>
        !r.isCancelled && ability.can('update', 'Booking') ? (
          <ConfirmButton
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconCalendarOff size={14} />}
            question={t('bookers.repeat.cancelQuestion', { count: r.upcomingCount })}
            confirmLabel={t('bookers.repeat.cancelConfirm')}
            onConfirm={async () => {
              try {
                const res = await cancel.mutateAsync({ id: r.id });
                notifySuccess(t('bookers.repeat.cancelledDone'), res.message);
              } catch (error) {
                notifyError(t('bookers.repeat.cancelFailed'), error);
              }
            }}
          >
            {t('bookers.repeat.cancel')}
          </ConfirmButton>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={t('bookers.repeat.title')} subtitle={t('bookers.repeat.subtitle')} />
      <ServerDataTable<Row>
        columns={columns}
        state={list}
        result={result}
        exportAs={{ call: 'Booking/GetTableSummaryRepeatBooking', input }}
        filters={
          <Select
            aria-label={t('bookers.repeat.state')}
            data={(['active', 'cancelled', 'all'] as const).map((s) => ({
              value: s,
              label: t(`bookers.repeat.states.${s}`),
            }))}
            value={state}
            onChange={(v) => {
              setState((v as State | null) ?? 'active');
              list.setPage(1);
            }}
            allowDeselect={false}
            w={160}
          />
        }
      />
    </>
  );
}
