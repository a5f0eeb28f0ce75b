import { Button } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { useServerList } from '../../kit/useServerList';
import { dateTime } from '../../ui/format';
import { PeriodFields, periodInput, type Period } from '../../ui/PeriodFields';
import { ServerDataTable } from '../../ui/ServerDataTable';
import { ClientJobsModal } from './ClientJobsModal';
import { GenerateDialog } from './GenerateDialog';
import { lastMonth, moneyOf } from './shared';

type Row = CallOutput<'BookingInvoice/GetTableSummaryBookingInvoice'>;

/** The invoices to make: each client with validated account jobs not yet invoiced. */
export function ToMakeTab({ onGenerated }: { onGenerated: () => void }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [period, setPeriod] = useState<Period>(lastMonth);
  const [client, setClient] = useState<Row | null>(null);
  const [generating, setGenerating] = useState(false);
  const list = useServerList('BookingInvoice/GetTableSummaryBookingInvoice', {
    sort: { column: 'clientName', direction: 'asc' },
    filters: {},
    shape: (base) => ({ ...base, ...periodInput(period) }),
  });
  const columns: DataTableColumn<Row>[] = [
    { accessor: 'clientName', title: t('invoicing.client'), sortable: true },
    { accessor: 'accountNo', title: t('invoicing.accountNo'), render: (r) => r.accountNo ?? '—' },
    {
      accessor: 'invoicePeriod',
      title: t('invoicing.invoicePeriod'),
      render: (r) => `${t(`invoicing.periodKind.${r.invoicePeriod}`)} · ${t(`invoicing.split.${r.invoiceSplit}`)}`,
    },
    { accessor: 'jobs', title: t('invoicing.jobs'), sortable: true, textAlign: 'right' },
    {
      accessor: 'firstPickupAt',
      title: t('invoicing.firstJob'),
      sortable: true,
      noWrap: true,
      render: (r) => dateTime(r.firstPickupAt),
    },
    { accessor: 'lastPickupAt', title: t('invoicing.lastJob'), noWrap: true, render: (r) => dateTime(r.lastPickupAt) },
    {
      accessor: 'grossMinor',
      title: t('invoicing.toBill'),
      sortable: true,
      textAlign: 'right',
      render: (r) => moneyOf(r.grossMinor, r.currency),
    },
  ];
  return (
    <>
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={list.result}
        rowKey="clientId"
        emptyText={t('invoicing.nothingToMake')}
        searchPlaceholder={t('invoicing.searchClient')}
        onRowClick={(r) => setClient(r)}
        filters={
          <PeriodFields
            value={period}
            onChange={(p) => {
              setPeriod(p);
              list.state.setPage(1);
            }}
          />
        }
        actions={
          canCall('BookingInvoice/CreateAutoGenerate') ? (
            <Button leftSection={<IconWand size={16} />} onClick={() => setGenerating(true)}>
              {t('invoicing.generate')}
            </Button>
          ) : undefined
        }
      />
      {client ? <ClientJobsModal client={client} period={period} onClose={() => setClient(null)} /> : null}
      {generating ? (
        <GenerateDialog
          opened
          period={period}
          onClose={() => setGenerating(false)}
          onDone={() => {
            setGenerating(false);
            onGenerated();
          }}
        />
      ) : null}
    </>
  );
}
