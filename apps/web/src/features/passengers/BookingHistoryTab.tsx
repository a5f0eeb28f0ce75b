import { Badge, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { BookingStatus, CallOutput, schemas } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall } from '../../api/hooks';
import { dateTime, money } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';

type Row = CallOutput<'Passenger/GetPassengerBookingHistory'>;
type SortColumn = z.output<typeof schemas.passengerBookingHistoryInput>['sortColumn'];

const statusColours: Partial<Record<string, string>> = {
  completed: 'teal',
  no_show: 'orange',
  cancelled: 'red',
  rejected: 'red',
  quote: 'gray',
  pending: 'yellow',
};

/** The passenger's bookings, newest first, with status and date filters; q searches addresses. */
export function BookingHistoryTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const list = useListState({ column: 'pickupAt', direction: 'desc' });
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [fromDate, toDate] = range;
  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as SortColumn,
    id,
    ...(status ? { status } : {}),
    ...(fromDate ? { fromDate } : {}),
    ...(toDate ? { toDate } : {}),
  };
  const result = useCall('Passenger/GetPassengerBookingHistory', listInput);

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'id', title: t('passengers.history.booking'), width: 90, render: (r) => `#${r.id}` },
    {
      accessor: 'pickupAt',
      title: t('passengers.history.pickupAt'),
      sortable: true,
      render: (r) => dateTime(r.pickupAt),
    },
    {
      accessor: 'pickup',
      title: t('passengers.history.journey'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.pickup ?? '—'}</Text>
          {r.dropoff ? (
            <Text size="xs" c="dimmed">
              → {r.dropoff}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: t('passengers.history.status'),
      sortable: true,
      render: (r) => (
        <Badge variant="light" color={statusColours[r.status] ?? 'blue'}>
          {t(`passengers.history.statusName.${r.status}`, { defaultValue: r.statusName })}
        </Badge>
      ),
    },
    { accessor: 'driverName', title: t('passengers.history.driver'), render: (r) => r.driverName ?? '—' },
    {
      accessor: 'vehicleRegistration',
      title: t('passengers.history.vehicle'),
      render: (r) => r.vehicleRegistration ?? '—',
    },
    {
      accessor: 'priceMinor',
      title: t('passengers.history.price'),
      sortable: true,
      textAlign: 'right',
      render: (r) => money(r.priceMinor, r.currency),
    },
  ];

  return (
    <ServerDataTable<Row>
      columns={columns}
      state={list}
      result={result}
      exportAs={{ call: 'Passenger/GetPassengerBookingHistory', input: listInput }}
      filters={
        <>
          <LookupSelect
            call="Common/GetBookingStatusList"
            valueKey="code"
            aria-label={t('passengers.history.status')}
            placeholder={t('passengers.history.anyStatus')}
            value={status}
            onChange={(v) => {
              setStatus((v as BookingStatus | null) ?? null);
              list.setPage(1);
            }}
            w={180}
          />
          <DatePickerInput
            type="range"
            aria-label={t('passengers.history.dates')}
            placeholder={t('passengers.history.anyDate')}
            value={range}
            onChange={(v) => {
              setRange(v as [string | null, string | null]);
              list.setPage(1);
            }}
            valueFormat="DD-MM-YYYY"
            clearable
            allowSingleDateInRange
            w={240}
          />
        </>
      }
    />
  );
}
