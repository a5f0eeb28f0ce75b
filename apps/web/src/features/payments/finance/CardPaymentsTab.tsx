import { Badge, Select, Stack } from '@mantine/core';
import { paymentStatuses, type CallOutput } from '@cabdesk/contract';
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

type Row = CallOutput<'Booking/GetTableSummaryCreditCardsBooking'>;
type Status = (typeof paymentStatuses)[number];

/** Bookings paid by card with what their cards took, the period's totals as cards and revenue per day. */
export function CardPaymentsTab() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(thisMonth);
  const [status, setStatus] = useState<Status | null>(null);
  const filters = { ...periodInput(period), ...(status ? { paymentStatus: status } : {}) };
  const list = useServerList('Booking/GetTableSummaryCreditCardsBooking', {
    sort: { column: 'pickupAt', direction: 'desc' },
    filters: {},
    shape: (base) => ({ ...base, ...filters }),
  });
  const totals = useCall('Booking/GetCCBookingsTotalAndRevenue', filters);
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
    { accessor: 'driverName', title: t('payments.finance.driver'), render: (r) => r.driverName ?? '—' },
    { accessor: 'card', title: t('payments.finance.card'), noWrap: true, render: (r) => r.card ?? '—' },
    {
      accessor: 'price',
      title: t('payments.finance.price'),
      sortable: true,
      textAlign: 'right',
      render: (r) => m(r.price),
    },
    {
      accessor: 'authorised',
      title: t('payments.finance.authorised'),
      textAlign: 'right',
      render: (r) => m(r.authorised),
    },
    {
      accessor: 'captured',
      title: t('payments.finance.captured'),
      sortable: true,
      textAlign: 'right',
      render: (r) => m(r.captured),
    },
    { accessor: 'refunded', title: t('payments.finance.refunded'), textAlign: 'right', render: (r) => m(r.refunded) },
    {
      accessor: 'paymentStatus',
      title: t('payments.finance.status'),
      sortable: true,
      render: (r) => <Badge variant="light">{t(`payments.finance.paymentStatus.${r.paymentStatus}`)}</Badge>,
    },
  ];
  return (
    <Stack gap={0}>
      <FigureCards
        failed={Boolean(totals.error)}
        figures={
          sum && [
            { label: t('payments.finance.totalBookings'), value: String(sum.totalBookings) },
            { label: t('payments.finance.revenue'), value: m(sum.revenue), hint: t('payments.finance.revenueHint') },
            { label: t('payments.finance.authorisedOpen'), value: m(sum.authorised) },
            { label: t('payments.finance.refunded'), value: m(sum.refunded) },
          ]
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={list.result}
        exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
        emptyText={t('payments.finance.noCardBookings')}
        searchPlaceholder={t('payments.finance.searchCard')}
        filters={
          <>
            <PeriodFields
              value={period}
              onChange={(p) => {
                setPeriod(p);
                list.state.setPage(1);
              }}
            />
            <Select
              label={t('payments.finance.status')}
              placeholder={t('payments.finance.anyStatus')}
              clearable
              data={paymentStatuses.map((s) => ({ value: s, label: t(`payments.finance.paymentStatus.${s}`) }))}
              value={status}
              onChange={(v) => {
                setStatus(v as Status | null);
                list.state.setPage(1);
              }}
              w={180}
            />
          </>
        }
      />
      <Stack mt="md">
        <RevenueChart days={sum?.byDay} currency={currency} failed={Boolean(totals.error)} />
      </Stack>
    </Stack>
  );
}
