import { Anchor, Badge, Button, Group, Select, SegmentedControl, Stack, TextInput } from '@mantine/core';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import { payBases, type PayBasis } from '@cabdesk/pay-engine';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCanCall } from '../../app/can-call';
import { FormShell } from '../../kit/FormShell';
import { ActiveFilter } from '../../kit/list-filters';
import { DeleteRecordButton } from '../../kit/RecordActions';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useCallForm } from '../../kit/useContractForm';
import { useServerList } from '../../kit/useServerList';
import { dateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable } from '../../ui/ServerDataTable';
import { payModelKind } from './pay-kind';

type Row = CallOutput<'DriverPayment/GetDrvrPayments'>;

/** What a new model of each basis starts with: its basis at zero, typed on the model's page next. */
const startingRules: Record<PayBasis, Omit<CallInput<'DriverPayment/Create'>, 'name' | 'basis'>> = {
  commission: { commission: { cashPercent: '0', cardPercent: '0', accountPercent: '0' } },
  mileage: {
    mileage: {
      ownCar: { perJob: 0, steps: [{ fromKm: 0, ratePerKm: 0 }] },
      companyCar: { perJob: 0, steps: [{ fromKm: 0, ratePerKm: 0 }] },
    },
  },
  fixed: { fixedPerJob: 0 },
  hourly: { hourly: { ratePerHour: 0, minimumMinutes: 0 } },
};

function NewModelForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kit = useCallForm('DriverPayment/Create', {
    initialValues: { name: '', basis: 'commission' as PayBasis },
    toInput: (v) => ({ name: v.name, basis: v.basis, ...startingRules[v.basis] }),
    success: t('pay-rules.added'),
    onSaved: (saved) => void navigate(`${payModelKind.path}/${saved.id}`),
  });
  return (
    <FormShell kit={kit} onCancel={onClose} submitLabel={t('pay-rules.create')}>
      <Stack gap="md">
        <TextInput label={t('pay-rules.name')} required data-autofocus {...kit.form.getInputProps('name')} />
        <Stack gap={4}>
          <SegmentedControl
            aria-label={t('pay-rules.basis.title')}
            data={payBases.map((b) => ({ value: b, label: t(`pay-rules.basisName.${b}`) }))}
            {...kit.form.getInputProps('basis')}
          />
        </Stack>
      </Stack>
    </FormShell>
  );
}

/** Finance → Driver pay → Pay models: the models by name, filtered by basis and state; a new one; delete. */
export function PayModelsPage() {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [adding, setAdding] = useState(false);
  const list = useServerList('DriverPayment/GetDrvrPayments', {
    sort: { column: 'name', direction: 'asc' },
    filters: {} as { basis?: PayBasis; isActive?: boolean },
  });
  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'name',
      title: t('pay-rules.name'),
      sortable: true,
      render: (m) => (
        <Anchor component={Link} to={`${payModelKind.path}/${m.id}`} fw={500} size="sm">
          {m.name}
        </Anchor>
      ),
    },
    {
      accessor: 'basis',
      title: t('pay-rules.basis.title'),
      sortable: true,
      render: (m) => (m.basis ? t(`pay-rules.basisName.${m.basis}`) : t('pay-rules.noRules')),
    },
    {
      accessor: 'isActive',
      title: t('pay-rules.state'),
      render: (m) =>
        m.isActive ? (
          <Badge color="teal" variant="light">
            {t('form.active')}
          </Badge>
        ) : (
          <Badge color="gray" variant="outline">
            {t('form.inactive')}
          </Badge>
        ),
    },
    { accessor: 'version', title: t('pay-rules.version'), sortable: true, render: (m) => m.version ?? '—' },
    { accessor: 'driverCount', title: t('pay-rules.drivers'), render: (m) => m.driverCount },
    { accessor: 'driverTypeCount', title: t('pay-rules.driverTypes'), render: (m) => m.driverTypeCount },
    { accessor: 'updatedAt', title: t('pay-rules.updated'), sortable: true, render: (m) => dateTime(m.updatedAt) },
    {
      accessor: 'actions',
      title: t('pay-rules.actions'),
      render: (m) => <DeleteRecordButton kind={payModelKind} id={m.id} name={m.name} />,
    },
  ];
  return (
    <>
      <PageHeader
        title={t('pay-rules.title')}
        subtitle={t('pay-rules.subtitle')}
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={`${payModelKind.path}/assignments`}
              variant="default"
              leftSection={<IconUsers size={16} />}
            >
              {t('pay-rules.assign.title')}
            </Button>
            {canCall(payModelKind.create) ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('pay-rules.add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={list.result}
        exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
        emptyText={t('pay-rules.empty')}
        searchPlaceholder={t('pay-rules.searchPlaceholder')}
        filters={
          <>
            <Select
              aria-label={t('pay-rules.basis.title')}
              placeholder={t('pay-rules.allBases')}
              data={payBases.map((b) => ({ value: b, label: t(`pay-rules.basisName.${b}`) }))}
              value={list.filters.basis ?? null}
              onChange={(v) => list.filter({ basis: (v as PayBasis | null) ?? undefined })}
              clearable
              w={170}
            />
            <ActiveFilter
              value={list.filters.isActive}
              onChange={(isActive) => list.filter({ isActive })}
              either={t('pay-rules.allStates')}
            />
          </>
        }
      />
      <RecordFormModal opened={adding} onClose={() => setAdding(false)} title={t('pay-rules.add')}>
        <NewModelForm onClose={() => setAdding(false)} />
      </RecordFormModal>
    </>
  );
}
