import { Anchor } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanCall } from '../../app/can-call';
import { useCallMutation } from '../../api/hooks';
import { useServerList } from '../../kit/useServerList';
import { LookupSelect } from '../../ui/LookupSelect';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable } from '../../ui/ServerDataTable';

type Row = CallOutput<'ClientPricingModelAssignment/GetTableSummary'>;

/** One client's model as a select that saves as soon as it changes (none: the company default prices it). */
function ModelSelect({ row }: { row: Row }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const update = useCallMutation('ClientPricingModelAssignment/Update');
  const [value, setValue] = useState<number>(row.pricingModelID);
  return (
    <LookupSelect
      call="Common/GetPricingModalList"
      aria-label={t('pricing.assign.modelOf', { name: row.clientName })}
      placeholder={t('pricing.assign.none')}
      value={value || null}
      disabled={!canCall('ClientPricingModelAssignment/Update') || update.isPending}
      onChange={async (v) => {
        const next = typeof v === 'number' ? v : 0;
        const before = value;
        setValue(next);
        try {
          const answer = await update.mutateAsync({ clientID: row.clientID, pricingModelID: next });
          notifySuccess(t('pricing.assign.saved'), answer.message);
        } catch (error) {
          setValue(before);
          notifyError(t('pricing.assign.failed'), error);
        }
      }}
      w={260}
    />
  );
}

/**
 * Which client is priced by which model, as a list: filtered to one model, a select per row that
 * saves at once. On a model's page it lists that model's clients.
 */
export function ClientAssignments({ modelId }: { modelId?: number }) {
  const { t } = useTranslation();
  const list = useServerList('ClientPricingModelAssignment/GetTableSummary', {
    sort: { column: 'clientName', direction: 'asc' },
    filters: { pricingModelID: modelId } as { pricingModelID?: number },
  });
  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'clientName',
      title: t('pricing.assign.client'),
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`/clients/${r.clientID}`} size="sm">
          {r.clientName}
        </Anchor>
      ),
    },
    {
      accessor: 'pricingModelName',
      title: t('pricing.assign.model'),
      sortable: true,
      render: (r) => <ModelSelect key={`${r.clientID}-${r.pricingModelID}`} row={r} />,
    },
  ];
  return (
    <ServerDataTable<Row>
      columns={columns}
      state={list.state}
      result={list.result}
      exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
      emptyText={modelId ? t('pricing.assign.emptyOfModel') : t('pricing.assign.empty')}
      searchPlaceholder={t('pricing.assign.search')}
      filters={
        modelId ? null : (
          <LookupSelect
            call="Common/GetPricingModalList"
            aria-label={t('pricing.assign.filter')}
            placeholder={t('pricing.assign.allModels')}
            value={list.filters.pricingModelID}
            onChange={(v) => list.filter({ pricingModelID: typeof v === 'number' ? v : undefined })}
            w={220}
          />
        )
      }
    />
  );
}

export function ClientAssignmentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pricing.assign.title')} subtitle={t('pricing.assign.subtitle')} />
      <ClientAssignments />
    </>
  );
}
