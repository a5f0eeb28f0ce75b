import { Stack, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { useServerList } from '../../../kit/useServerList';
import { dateTime } from '../../../ui/format';
import { ServerDataTable } from '../../../ui/ServerDataTable';
import { RevenueChart } from './RevenueChart';
import { FigureCards, moneyOf, thisMonth } from './shared';
import { PeriodFields, periodInput, type Period } from '../../../ui/PeriodFields';

type Row = CallOutput<'Booking/GetTableSummaryCashBooking'>;

/** Cash bookings, what each driver collected and the difference; the cash still with the drivers. */
export function CashBookingsTab() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(thisMonth);
  const filters = periodInput(period);
  const list = useServerList('Booking/GetTableSummaryCashBooking', {
    sort: { column: 'pickupAt', direction: 'desc' },
    filters: {},
    shape: (base) => ({ ...base, ...filters }),
  });
  const totals = useCall('Booking/GetCashBookingsTotalAndRevenue', filters);
  const sum = totals.data?.data;
  const currency = sum?.currency ?? 'GBP';
  const m = (v: number | null) => moneyOf(v, currency);
  const columns: DataTableColumn<Row>[] = [
    { accessor: 'id', title: t('payments.finance.booking'), sortable: true, render: (r) => `#${r.id}` },
    {
      accessor: 'pickupAt',
      title: t('payments.finance.pickup'),
      sortable: true,
      noWrap: true,
      render: (r) => dateTime(r.pickupAt),
    },
    {
      accessor: 'passengerName',
      title: t('payments.finance.payer'),
      render: (r) => r.clientName ?? r.passengerName ?? '—',
    },
    {
      accessor: 'collectedBy',
      title: t('payments.finance.collectedBy'),
      render: (r) => r.collectedBy ?? r.driverName ?? '—',
    },
    {
      accessor: 'price',
      title: t('payments.finance.fare'),
      sortable: true,
      textAlign: 'right',
      render: (r) => m(r.price),
    },
    {
      accessor: 'cashCollected',
      title: t('payments.finance.cashCollected'),
      sortable: true,
      textAlign: 'right',
      render: (r) => m(r.cashCollected),
    },
    {
      accessor: 'difference',
      title: t('payments.finance.difference'),
      sortable: true,
      textAlign: 'right',
      render: (r) => (
        <Text size="sm" fw={r.difference ? 700 : undefined}>
          {m(r.difference)}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap={0}>
      <FigureCards
        failed={Boolean(totals.error)}
        figures={
          sum && [
            { label: t('payments.finance.totalBookings'), value: String(sum.totalBookings) },
            { label: t('payments.finance.totalFares'), value: m(sum.totalFares) },
            { label: t('payments.finance.cashCollected'), value: m(sum.cashCollected) },
            {
              label: t('payments.finance.cashWithDrivers'),
              value: m(sum.cashWithDrivers),
              hint: t('payments.finance.cashWithDriversHint'),
            },
          ]
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={list.result}
        exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
        emptyText={t('payments.finance.noCashBookings')}
        searchPlaceholder={t('payments.finance.searchNumber')}
        filters={
          <PeriodFields
            value={period}
            onChange={(p) => {
              setPeriod(p);
              list.state.setPage(1);
            }}
          />
        }
      />
      <Stack mt="md">
        <RevenueChart days={sum?.byDay} currency={currency} failed={Boolean(totals.error)} />
      </Stack>
    </Stack>
  );
}
