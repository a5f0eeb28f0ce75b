import { Anchor, Select, Stack, Text } from '@mantine/core';
import { type ExpiryState, expiryStates } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../api/hooks';
import { day } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { DocumentActions } from './DocumentActions';
import { DocumentForm, type DocumentRow } from './DocumentForm';
import type { DocumentOwnerType } from './DocumentsPanel';
import { ExpiryBadge } from './ExpiryBadge';
import { OwnerSummaryCards, ownerTypeList } from './OwnerSummaryCards';

/** Profiles that exist as pages; other owners are shown by name only. */
const profilePaths: Partial<Record<DocumentOwnerType, string>> = {
  driver: '/drivers',
  passenger: '/passengers',
  client: '/clients',
};

/** Documents: every document of the company, filtered by owner type, expiry and type, with the summary on top. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const [ownerType, setOwnerType] = useState<DocumentOwnerType | null>(null);
  const [expiryState, setExpiryState] = useState<ExpiryState | null>(null);
  const [documentTypeId, setDocumentTypeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<DocumentRow | null>(null);
  const list = useListState({ column: 'expiryDate', direction: 'asc' });
  const types = useCall('Common/GetDocumentTypeList', { perPage: 0, ...(ownerType ? { ownerType } : {}) });
  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as 'expiryDate',
    ...(ownerType ? { ownerType } : {}),
    ...(expiryState ? { expiryState } : {}),
    ...(documentTypeId ? { documentTypeId } : {}),
  };
  const result = useCall('Common/GetDocument', listInput);
  const chooseOwnerType = (value: DocumentOwnerType | null) => {
    setOwnerType(value);
    setDocumentTypeId(null);
    list.setPage(1);
  };

  const columns: DataTableColumn<DocumentRow>[] = [
    {
      accessor: 'ownerName',
      title: t('documents.owner'),
      sortable: true,
      render: (r) => {
        const base = profilePaths[r.ownerType as DocumentOwnerType];
        return (
          <Stack gap={0}>
            {base ? (
              <Anchor component={Link} to={`${base}/${r.ownerId}`} size="sm">
                {r.ownerName}
              </Anchor>
            ) : (
              <Text size="sm">{r.ownerName}</Text>
            )}
            <Text size="xs" c="dimmed">
              {t(`documents.ownerOne.${r.ownerType}`)}
            </Text>
          </Stack>
        );
      },
    },
    { accessor: 'documentTypeName', title: t('documents.type'), sortable: true },
    { accessor: 'reference', title: t('documents.reference'), render: (r) => r.reference ?? '—' },
    { accessor: 'expiryDate', title: t('documents.expiryDate'), sortable: true, render: (r) => day(r.expiryDate) },
    {
      accessor: 'expiryState',
      title: t('documents.expiryState'),
      render: (r) => <ExpiryBadge state={r.expiryState} days={r.daysToExpiry} />,
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) => <DocumentActions row={r} onEdit={setEditing} />,
    },
  ];

  return (
    <>
      <PageHeader title={t('documents.title')} subtitle={t('documents.subtitle')} />
      <OwnerSummaryCards selected={ownerType} onSelect={chooseOwnerType} />
      <ServerDataTable<DocumentRow>
        columns={columns}
        state={list}
        result={result}
        exportAs={{ call: 'Common/GetDocument', input: listInput }}
        filters={
          <>
            <Select
              aria-label={t('documents.ownerType')}
              placeholder={t('documents.allOwnerTypes')}
              data={ownerTypeList.map((o) => ({ value: o, label: t(`documents.owners.${o}`) }))}
              value={ownerType}
              onChange={(v) => chooseOwnerType(v as DocumentOwnerType | null)}
              clearable
              w={170}
            />
            <Select
              aria-label={t('documents.expiryState')}
              placeholder={t('documents.allStates')}
              data={expiryStates.map((s) => ({ value: s, label: t(`documents.state.${s}`) }))}
              value={expiryState}
              onChange={(v) => {
                setExpiryState(v as ExpiryState | null);
                list.setPage(1);
              }}
              clearable
              w={160}
            />
            <Select
              aria-label={t('documents.type')}
              placeholder={t('documents.allTypes')}
              data={(types.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={documentTypeId ? String(documentTypeId) : null}
              onChange={(v) => {
                setDocumentTypeId(v ? Number(v) : null);
                list.setPage(1);
              }}
              searchable
              clearable
              w={220}
            />
          </>
        }
      />
      {editing ? (
        <DocumentForm
          key={editing.id}
          ownerType={editing.ownerType as DocumentOwnerType}
          ownerId={editing.ownerId}
          document={editing}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
