import { Anchor, Badge, Button, Checkbox, Group, Text } from '@mantine/core';
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
import { payModelKind } from './pay-kind';

type Row = CallOutput<'DriverPaymentModelAssignment/GetTableSummary'>;

/**
 * Which model pays each driver: their own, else their driver type's default. Drivers ticked on the
 * page are given a model at once (or go back to their type's default).
 */
export function AssignmentsPage() {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const canAssign = canCall('DriverPaymentModelAssignment/Update');
  const update = useCallMutation('DriverPaymentModelAssignment/Update');
  const [ticked, setTicked] = useState<number[]>([]);
  const [model, setModel] = useState<number | null>(null);
  const list = useServerList('DriverPaymentModelAssignment/GetTableSummary', {
    sort: { column: 'driverName', direction: 'asc' },
    filters: {} as { driverTypeID?: number; modelID?: number },
  });
  const toggle = (id: number, on: boolean) => setTicked((ids) => (on ? [...ids, id] : ids.filter((i) => i !== id)));
  const assign = async (modelId: number) => {
    try {
      const answer = await update.mutateAsync({ DriverPaymentID: modelId, driverIDs: ticked });
      notifySuccess(t('pay-rules.assign.saved'), answer.message);
      setTicked([]);
    } catch (error) {
      notifyError(t('pay-rules.assign.failed'), error);
    }
  };
  const columns: DataTableColumn<Row>[] = [
    ...(canAssign
      ? [
          {
            accessor: 'tick',
            title: t('pay-rules.assign.pick'),
            render: (r: Row) => (
              <Checkbox
                aria-label={t('pay-rules.assign.pickOf', { name: r.driverName })}
                checked={ticked.includes(r.driverID)}
                onChange={(e) => toggle(r.driverID, e.currentTarget.checked)}
              />
            ),
          },
        ]
      : []),
    {
      accessor: 'driverName',
      title: t('pay-rules.assign.driver'),
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`/drivers/${r.driverID}`} size="sm">
          {r.driverName}
        </Anchor>
      ),
    },
    { accessor: 'callsign', title: t('pay-rules.assign.callsign'), sortable: true, render: (r) => r.callsign ?? '—' },
    {
      accessor: 'driverTypeName',
      title: t('pay-rules.assign.driverType'),
      sortable: true,
      render: (r) => r.driverTypeName ?? '—',
    },
    {
      accessor: 'modelName',
      title: t('pay-rules.assign.model'),
      sortable: true,
      render: (r) =>
        r.modelID ? (
          <Group gap={6}>
            <Anchor component={Link} to={`${payModelKind.path}/${r.modelID}`} size="sm">
              {r.modelName}
            </Anchor>
            <Badge size="sm" variant="light" color={r.source === 'driver' ? 'blue' : 'gray'}>
              {t(`pay-rules.assign.source.${r.source}`)}
            </Badge>
          </Group>
        ) : (
          <Text size="sm">{t('pay-rules.assign.source.none')}</Text>
        ),
    },
  ];
  return (
    <>
      <PageHeader title={t('pay-rules.assign.title')} subtitle={t('pay-rules.assign.subtitle')} />
      {canAssign ? (
        <Group gap="sm" mb="md" align="flex-end">
          <LookupSelect
            call="Driver/GetDefaultPaymentModelList"
            label={t('pay-rules.assign.model')}
            placeholder={t('pay-rules.assign.chooseModel')}
            value={model}
            onChange={(v) => setModel(typeof v === 'number' ? v : null)}
            w={260}
          />
          <Button
            disabled={!model || ticked.length === 0}
            loading={update.isPending}
            onClick={() => model && void assign(model)}
          >
            {t('pay-rules.assign.assign', { count: ticked.length })}
          </Button>
          <Button variant="default" disabled={ticked.length === 0} onClick={() => void assign(0)}>
            {t('pay-rules.assign.toTypeDefault')}
          </Button>
        </Group>
      ) : null}
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={list.result}
        exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
        emptyText={t('pay-rules.assign.empty')}
        searchPlaceholder={t('pay-rules.assign.search')}
        filters={
          <>
            <LookupSelect
              call="Driver/GetDriverTypeList"
              aria-label={t('pay-rules.assign.driverType')}
              placeholder={t('pay-rules.assign.allTypes')}
              value={list.filters.driverTypeID}
              onChange={(v) => list.filter({ driverTypeID: typeof v === 'number' ? v : undefined })}
              w={200}
            />
            <LookupSelect
              call="Driver/GetDefaultPaymentModelList"
              aria-label={t('pay-rules.assign.filterModel')}
              placeholder={t('pay-rules.assign.allModels')}
              value={list.filters.modelID}
              onChange={(v) => list.filter({ modelID: typeof v === 'number' ? v : undefined })}
              w={220}
            />
          </>
        }
      />
    </>
  );
}
