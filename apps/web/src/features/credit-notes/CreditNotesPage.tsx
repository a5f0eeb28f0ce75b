import { Badge, Select } from '@mantine/core';
import { creditNoteStatuses, type CallOutput } from '@cabdesk/contract';
import { useDisclosure } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../kit/ListPage';
import { useServerList } from '../../kit/useServerList';
import { day, money } from '../../ui/format';
import { CreditNoteActions } from './CreditNoteActions';
import { CreditNoteDialog } from './CreditNoteDialog';
import { creditNoteKind } from './credit-note-kind';

type Row = CallOutput<'CreditNote/GetTableSummaryCreditNote'>;
type Status = (typeof creditNoteStatuses)[number];

/** Finance → Credit notes: every note, drafts to issue or delete, and a new note against an invoice. */
export function CreditNotesPage() {
  const { t } = useTranslation();
  const [adding, { open, close }] = useDisclosure(false);
  const list = useServerList('CreditNote/GetTableSummaryCreditNote', {
    sort: { column: 'createdAt', direction: 'desc' },
    filters: {} as { status?: Status },
  });
  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'creditNo',
      title: t('credit-notes.number'),
      sortable: true,
      render: (r) => r.creditNo ?? t('credit-notes.draft'),
    },
    { accessor: 'invoiceNo', title: t('credit-notes.invoice'), render: (r) => r.invoiceNo ?? `#${r.invoiceId}` },
    { accessor: 'clientName', title: t('credit-notes.client') },
    { accessor: 'reason', title: t('credit-notes.reason') },
    {
      accessor: 'settlement',
      title: t('credit-notes.settlementLabel'),
      render: (r) => t(`credit-notes.settlement.${r.settlement}`),
    },
    {
      accessor: 'grossMinor',
      title: t('credit-notes.gross'),
      sortable: true,
      textAlign: 'right',
      render: (r) => money(r.grossMinor, r.currency),
    },
    {
      accessor: 'status',
      title: t('credit-notes.statusLabel'),
      sortable: true,
      render: (r) => (
        <Badge variant="light" color={r.status === 'issued' ? 'teal' : 'gray'}>
          {t(`credit-notes.status.${r.status}`)}
        </Badge>
      ),
    },
    {
      accessor: 'createdAt',
      title: t('credit-notes.date'),
      sortable: true,
      render: (r) => day(r.issueDate ?? r.createdAt.slice(0, 10)),
    },
    { accessor: 'actions', title: t('credit-notes.actions'), render: (r) => <CreditNoteActions note={r} /> },
  ];
  return (
    <ListPage
      kind={creditNoteKind}
      list={list}
      columns={columns}
      onAdd={open}
      searchPlaceholder={t('credit-notes.search')}
      filters={
        <Select
          label={t('credit-notes.statusLabel')}
          placeholder={t('credit-notes.anyStatus')}
          clearable
          data={creditNoteStatuses.map((s) => ({ value: s, label: t(`credit-notes.status.${s}`) }))}
          value={list.filters.status ?? null}
          onChange={(v) => list.filter({ status: (v as Status | null) ?? undefined })}
          w={180}
        />
      }
    >
      <CreditNoteDialog opened={adding} onClose={close} />
    </ListPage>
  );
}
