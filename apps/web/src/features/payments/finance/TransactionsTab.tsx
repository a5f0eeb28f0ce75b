import { Alert, Drawer, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { paymentTransactionKinds, type CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { useServerList } from '../../../kit/useServerList';
import { dateTime } from '../../../ui/format';
import { ServerDataTable } from '../../../ui/ServerDataTable';
import { moneyOf, thisMonth } from './shared';
import { PeriodFields, periodInput, type Period } from '../../../ui/PeriodFields';

type Row = CallOutput<'PaymentTransaction/AllPaymentTransactions'>;
type Kind = (typeof paymentTransactionKinds)[number];

/** Every payment step; a step of a card payment opens the provider's events for it. */
export function TransactionsTab() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(thisMonth);
  const [kind, setKind] = useState<Kind | null>(null);
  const [open, setOpen] = useState<Row | null>(null);
  const filters = { ...periodInput(period), ...(kind ? { kind } : {}) };
  const list = useServerList('PaymentTransaction/AllPaymentTransactions', {
    sort: { column: 'createdAt', direction: 'desc' },
    filters: {},
    shape: (base) => ({ ...base, ...filters }),
  });
  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'createdAt',
      title: t('payments.finance.when'),
      sortable: true,
      noWrap: true,
      render: (r) => dateTime(r.createdAt),
    },
    {
      accessor: 'kind',
      title: t('payments.finance.step'),
      sortable: true,
      render: (r) => t(`payments.finance.kind.${r.kind}`, r.kindName),
    },
    {
      accessor: 'bookingId',
      title: t('payments.finance.booking'),
      sortable: true,
      render: (r) => (r.bookingId ? `#${r.bookingId}` : t('payments.finance.onAccount')),
    },
    {
      accessor: 'clientName',
      title: t('payments.finance.payer'),
      render: (r) => r.clientName ?? r.passengerName ?? '—',
    },
    {
      accessor: 'method',
      title: t('payments.finance.method'),
      render: (r) => t(`payments.finance.methods.${r.method}`, r.method),
    },
    {
      accessor: 'amount',
      title: t('payments.finance.amount'),
      sortable: true,
      textAlign: 'right',
      render: (r) => moneyOf(r.amount, r.currency),
    },
    {
      accessor: 'reference',
      title: t('payments.finance.reference'),
      render: (r) => r.reference ?? r.providerRef ?? '—',
    },
  ];
  return (
    <>
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={list.result}
        exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
        emptyText={t('payments.finance.noTransactions')}
        searchPlaceholder={t('payments.finance.searchReference')}
        onRowClick={(r) => setOpen(r)}
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
              label={t('payments.finance.step')}
              placeholder={t('payments.finance.anyStep')}
              clearable
              data={paymentTransactionKinds.map((k) => ({ value: k, label: t(`payments.finance.kind.${k}`) }))}
              value={kind}
              onChange={(v) => {
                setKind(v as Kind | null);
                list.state.setPage(1);
              }}
              w={200}
            />
          </>
        }
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={t('payments.finance.eventLog')}
      >
        {open ? <EventLog row={open} /> : null}
      </Drawer>
    </>
  );
}

function EventLog({ row }: { row: Row }) {
  const { t } = useTranslation();
  const events = useCall(
    'PaymentTransaction/GetStripeTransactionsEventLog',
    { cardPaymentId: row.cardPaymentId ?? 0, perPage: 100 },
    { enabled: row.cardPaymentId !== null },
  );
  if (row.cardPaymentId === null) return <Text>{t('payments.finance.noCardPayment')}</Text>;
  if (events.error)
    return (
      <Alert color="red" role="alert">
        {t('payments.finance.eventsFailed')}
      </Alert>
    );
  if (!events.data) return <Loader aria-label={t('payments.finance.loading')} />;
  const rows = events.data.data;
  if (!rows.length) return <Text>{t('payments.finance.noEvents')}</Text>;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('payments.finance.eventsOf', { booking: row.bookingId ?? '—' })}
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.finance.when')}</Table.Th>
            <Table.Th>{t('payments.finance.eventType')}</Table.Th>
            <Table.Th>{t('payments.finance.outcome')}</Table.Th>
            <Table.Th>{t('payments.finance.summary')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{dateTime(e.receivedAt)}</Table.Td>
              <Table.Td>
                <Text size="sm">{e.type}</Text>
                <Text size="xs" c="dimmed">
                  {e.eventRef}
                </Text>
              </Table.Td>
              <Table.Td>{e.outcome}</Table.Td>
              <Table.Td>{e.summary}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
