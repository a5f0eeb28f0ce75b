import { Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../app/can-call';
import { callApi } from '../../../api/client';
import { useCall, useCallMutation } from '../../../api/hooks';
import { ListPage } from '../../../kit/ListPage';
import type { RecordKind } from '../../../kit/record-kind';
import { useServerList } from '../../../kit/useServerList';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { download } from '../../../ui/ExportButton';
import { dateTime, money } from '../../../ui/format';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { FixedImportDialog } from './FixedImportDialog';
import { FixedPriceFormModal } from './FixedPriceFormModal';

type Row = CallOutput<'FixedPricing/GetTableSummary'>;

export const fixedPriceKind = {
  ns: 'pricing.fixed',
  path: '/pricing/fixed',
  create: 'FixedPricing/Create',
  update: 'FixedPricing/Update',
  remove: 'FixedPricing/Delete',
} as const satisfies RecordKind;

function DeleteButton({ row }: { row: Row }) {
  const { t } = useTranslation();
  const remove = useCallMutation('FixedPricing/Delete');
  return (
    <ConfirmButton
      size="compact-sm"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} />}
      question={t('pricing.fixed.deleteQuestion', { from: row.fromName, to: row.toName })}
      onConfirm={async () => {
        try {
          const answer = await remove.mutateAsync({ id: row.id });
          notifySuccess(t('pricing.fixed.deleted'), answer.message);
        } catch (error) {
          notifyError(t('pricing.fixed.deleteFailed'), error);
        }
      }}
    >
      {t('pricing.fixed.delete')}
    </ConfirmButton>
  );
}

function ExportFixedButton({ vehicleTypeID }: { vehicleTypeID?: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const res = await callApi('FixedPricing/Export', { vehicleTypeID });
          download(res.data);
          notifySuccess(t('pricing.fixed.exported'));
        } catch (error) {
          notifyError(t('pricing.fixed.exportFailed'), error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('pricing.fixed.export')}
    </Button>
  );
}

/** Finance → Pricing → Fixed prices: the company's fixed-price table, row by row and by sheet. */
export function FixedPricesPage() {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const list = useServerList('FixedPricing/GetTableSummary', {
    sort: { column: 'fromName', direction: 'asc' },
    filters: {} as { vehicleTypeID?: number },
  });
  const types = useCall('Common/GetVehicleTypeList', { perPage: 0 });
  const typeOptions = [
    { value: '', label: t('pricing.fixed.anyType') },
    { value: '-1', label: t('pricing.fixed.onlyEveryType') },
    ...(types.data?.data ?? []).map((vt) => ({ value: String(vt.id), label: vt.name })),
  ];

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'fromName', title: t('pricing.fixed.field.from'), sortable: true },
    {
      accessor: 'toName',
      title: t('pricing.fixed.field.to'),
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{r.toName}</Text>
          {r.reverseAlsoMatches ? (
            <Badge size="xs" variant="light" color="gray">
              {t('pricing.fixed.reverseShort')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      accessor: 'vehicleTypeName',
      title: t('pricing.fixed.field.vehicleType'),
      sortable: true,
      render: (r) => r.vehicleTypeName ?? t('pricing.fixed.everyType'),
    },
    {
      accessor: 'priceMinor',
      title: t('pricing.fixed.field.price'),
      sortable: true,
      textAlign: 'right',
      render: (r) => money(r.priceMinor),
    },
    {
      accessor: 'updatedAt',
      title: t('pricing.fixed.field.updatedAt'),
      sortable: true,
      noWrap: true,
      render: (r) => dateTime(r.updatedAt),
    },
    {
      accessor: 'id',
      title: '',
      textAlign: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canCall('FixedPricing/Update') ? (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(r)}
            >
              {t('pricing.fixed.edit')}
            </Button>
          ) : null}
          {canCall('FixedPricing/Delete') ? <DeleteButton row={r} /> : null}
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      kind={fixedPriceKind}
      list={list}
      columns={columns}
      onAdd={() => setEditing('new')}
      searchPlaceholder={t('pricing.fixed.search')}
      countLabel={(count) => t('pricing.fixed.count', { count })}
      filters={
        <>
          <Select
            aria-label={t('pricing.fixed.field.vehicleType')}
            data={typeOptions}
            value={list.filters.vehicleTypeID === undefined ? '' : String(list.filters.vehicleTypeID)}
            onChange={(v) => list.filter({ vehicleTypeID: v ? Number(v) : undefined })}
            allowDeselect={false}
            w={220}
          />
          {canCall('FixedPricing/SaveExcelImportFile') ? <FixedImportDialog /> : null}
          <ExportFixedButton vehicleTypeID={list.filters.vehicleTypeID} />
        </>
      }
    >
      <FixedPriceFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        row={editing === 'new' ? null : editing}
      />
    </ListPage>
  );
}
