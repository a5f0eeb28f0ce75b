import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { invoiceStatuses, type CallOutput, type InvoiceStatus } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanCall } from '../../app/can-call';
import { useCallMutation } from '../../api/hooks';
import { useServerList } from '../../kit/useServerList';
import { day } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { ServerDataTable } from '../../ui/ServerDataTable';
import { invoiceKind } from './invoice-kind';
import { moneyOf, StatusBadge } from './shared';

type Call =
  | 'BookingInvoice/GetTableSummary'
  | 'BookingInvoice/GetGeneratedInvoices'
  | 'BookingInvoice/GetTableSummaryAttentionRequired';
type Row = CallOutput<'BookingInvoice/GetTableSummary'>;

/** A list of invoices; the generated drafts can be chosen and approved together. */
export function InvoiceListTab({
  call,
  approve = false,
  statusFilter = false,
  empty,
}: {
  call: Call;
  approve?: boolean;
  statusFilter?: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const list = useServerList(call, {
    sort: { column: 'createdAt', direction: 'desc' },
    filters: {},
    shape: (base) => ({ ...base, ...(statusFilter && status ? { statusID: status } : {}) }),
  });
  const approveCall = useCallMutation('BookingInvoice/ApproveGeneratedInvoices');
  const rows = (list.result.data?.data ?? []) as Row[];
  const name = (r: Row) => r.invoiceNo ?? t('invoicing.draftNo', { id: r.id });
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const canApprove = approve && canCall('BookingInvoice/ApproveGeneratedInvoices');
  const columns: DataTableColumn<Row>[] = [
    ...(canApprove
      ? [
          {
            accessor: 'select',
            title: (
              <Checkbox
                aria-label={t('invoicing.chooseAll')}
                checked={rows.length > 0 && rows.every((r) => chosen.includes(r.id))}
                onChange={(e) => setChosen(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
              />
            ),
            render: (r: Row) => (
              <Checkbox
                aria-label={t('invoicing.choose', { name: name(r) })}
                checked={chosen.includes(r.id)}
                onClick={(e) => e.stopPropagation()}
                onChange={() => toggle(r.id)}
              />
            ),
          } satisfies DataTableColumn<Row>,
        ]
      : []),
    { accessor: 'invoiceNo', title: t('invoicing.number'), sortable: true, render: (r) => name(r) },
    { accessor: 'clientName', title: t('invoicing.client'), sortable: true },
    {
      accessor: 'periodFrom',
      title: t('invoicing.period'),
      noWrap: true,
      render: (r) => (r.periodFrom ? `${day(r.periodFrom)} – ${day(r.periodTo)}` : '—'),
    },
    { accessor: 'issueDate', title: t('invoicing.issueDate'), sortable: true, render: (r) => day(r.issueDate) },
    { accessor: 'dueDate', title: t('invoicing.dueDate'), sortable: true, render: (r) => day(r.dueDate) },
    { accessor: 'lineCount', title: t('invoicing.lines'), textAlign: 'right' },
    {
      accessor: 'grossMinor',
      title: t('invoicing.gross'),
      sortable: true,
      textAlign: 'right',
      render: (r) => moneyOf(r.grossMinor, r.currency),
    },
    {
      accessor: 'leftToPayMinor',
      title: t('invoicing.leftToPay'),
      textAlign: 'right',
      render: (r) => moneyOf(r.leftToPayMinor, r.currency),
    },
    {
      accessor: 'status',
      title: t('invoicing.statusTitle'),
      sortable: true,
      render: (r) => (
        <Stack gap={2}>
          <StatusBadge status={r.status} />
          {r.attentionRequired ? <Text size="xs">{r.attentionReason}</Text> : null}
        </Stack>
      ),
    },
  ];
  return (
    <ServerDataTable<Row>
      columns={columns}
      state={list.state}
      result={list.result as never}
      exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
      emptyText={empty}
      searchPlaceholder={t('invoicing.search')}
      onRowClick={(r) => void navigate(`${invoiceKind.path}/${r.id}`)}
      filters={
        statusFilter ? (
          <Select
            aria-label={t('invoicing.statusTitle')}
            placeholder={t('invoicing.anyStatus')}
            data={invoiceStatuses.map((s) => ({ value: s, label: t(`invoicing.status.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v as InvoiceStatus | null);
              list.state.setPage(1);
            }}
            clearable
            w={200}
          />
        ) : undefined
      }
      actions={
        canApprove ? (
          <Group gap="xs">
            <Button
              leftSection={<IconChecks size={16} />}
              disabled={chosen.length === 0}
              loading={approveCall.isPending}
              onClick={async () => {
                try {
                  const answer = await approveCall.mutateAsync({ ids: chosen });
                  notifySuccess(t('invoicing.approved'), answer.message);
                  setChosen([]);
                } catch (error) {
                  notifyError(t('invoicing.approveFailed'), error);
                }
              }}
            >
              {t('invoicing.approveChosen', { count: chosen.length })}
            </Button>
          </Group>
        ) : undefined
      }
    />
  );
}
