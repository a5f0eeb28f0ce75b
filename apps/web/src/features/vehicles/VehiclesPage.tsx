import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { schemas } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAbility } from '../../app/ability';
import { useCall } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { fixedLabel } from '../../ui/fixedLabel';
import { PageHeader } from '../../ui/PageHeader';
import { ImportButton } from '../import-export/ImportButton';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { DocumentStateBadge, InactiveBadge, TagBadges } from './badges';
import type { Vehicle } from './form-values';
import { VehicleFormModal } from './VehicleFormModal';

type Filters = Pick<
  z.input<typeof schemas.vehicleListInput>,
  'vehicleTypeId' | 'vehicleClass' | 'isActive' | 'tagId' | 'documentState'
>;
type SortColumn = z.output<typeof schemas.vehicleListInput>['sortColumn'];

/** Vehicles: the fleet with its filters, document state at a glance, and "Add vehicle". */
export function VehiclesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const [adding, setAdding] = useState(false);
  const [filters, setFilters] = useState<Filters>({ isActive: true });
  const list = useListState({ column: 'registration', direction: 'asc' });
  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as SortColumn,
    ...filters,
  };
  const result = useCall('Vehicle/GetTableSummary', listInput);
  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.setPage(1);
  };

  const columns: DataTableColumn<Vehicle>[] = [
    {
      accessor: 'registration',
      title: t('vehicles.field.registration'),
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/vehicles/${r.id}`} size="sm" fw={600} ff="monospace">
            {r.registration}
          </Anchor>
          <InactiveBadge isActive={r.isActive} size="xs" />
        </Group>
      ),
    },
    {
      accessor: 'make',
      title: t('vehicles.field.make'),
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{[r.make, r.model].filter(Boolean).join(' ') || '—'}</Text>
          {r.colour ? (
            <Text size="xs" c="dimmed">
              {r.colour}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: 'vehicleTypeName', title: t('vehicles.field.vehicleType'), sortable: true },
    {
      accessor: 'vehicleClass',
      title: t('vehicles.field.vehicleClass'),
      render: (r) => (r.vehicleClass ? fixedLabel('vehicleClass', r.vehicleClass) : '—'),
    },
    { accessor: 'year', title: t('vehicles.field.year'), sortable: true, render: (r) => r.year ?? '—' },
    { accessor: 'seats', title: t('vehicles.field.seats'), render: (r) => r.seats ?? '—' },
    {
      accessor: 'ownerDriverName',
      title: t('vehicles.field.ownerDriver'),
      render: (r) =>
        r.ownerDriverId ? (
          <Anchor component={Link} to={`/drivers/${r.ownerDriverId}`} size="sm">
            {r.ownerDriverName}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('vehicles.companyCar')}
          </Text>
        ),
    },
    {
      accessor: 'documentState',
      title: t('vehicles.field.documents'),
      render: (r) => <DocumentStateBadge state={r.documentState} />,
    },
    { accessor: 'tags', title: t('vehicles.field.tags'), render: (r) => <TagBadges tags={r.tags} /> },
  ];

  const activeValue = filters.isActive === undefined ? 'all' : filters.isActive ? 'on' : 'off';

  return (
    <>
      <PageHeader
        title={t('vehicles.title')}
        subtitle={t('vehicles.subtitle')}
        actions={
          ability.can('create', 'Vehicle') ? (
            <Group gap="sm">
              <ImportButton area="Vehicle" />
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('vehicles.add')}
              </Button>
            </Group>
          ) : null
        }
      />
      <ServerDataTable<Vehicle>
        columns={columns}
        state={list}
        result={result}
        exportAs={{ call: 'Vehicle/GetTableSummary', input: listInput }}
        filters={
          <>
            <LookupSelect
              call="Vehicle/GetVehicleTypeList"
              aria-label={t('vehicles.field.vehicleType')}
              placeholder={t('vehicles.filter.allTypes')}
              value={filters.vehicleTypeId as number | undefined}
              onChange={(v) => filter({ vehicleTypeId: (v as number | null) ?? undefined })}
              w={160}
            />
            <LookupSelect
              call="Vehicle/GetVehicleClassList"
              valueKey="code"
              aria-label={t('vehicles.field.vehicleClass')}
              placeholder={t('vehicles.filter.allClasses')}
              value={filters.vehicleClass}
              onChange={(v) => filter({ vehicleClass: (v as Filters['vehicleClass']) ?? undefined })}
              w={170}
            />
            <Select
              aria-label={t('vehicles.field.documents')}
              placeholder={t('vehicles.filter.anyDocuments')}
              data={schemas.vehicleDocumentStates.map((s) => ({ value: s, label: t(`vehicles.documentState.${s}`) }))}
              value={(filters.documentState as string | undefined) ?? null}
              onChange={(v) => filter({ documentState: (v as Filters['documentState']) ?? undefined })}
              clearable
              w={170}
            />
            <LookupSelect
              call="Vehicle/GetVehicleTagList"
              aria-label={t('vehicles.field.tags')}
              placeholder={t('vehicles.filter.anyTag')}
              value={filters.tagId as number | undefined}
              onChange={(v) => filter({ tagId: (v as number | null) ?? undefined })}
              w={150}
            />
            <Select
              aria-label={t('vehicles.field.isActive')}
              data={[
                { value: 'on', label: t('vehicles.filter.activeOnly') },
                { value: 'off', label: t('vehicles.filter.inactiveOnly') },
                { value: 'all', label: t('vehicles.filter.everyone') },
              ]}
              value={activeValue}
              onChange={(v) => filter({ isActive: v === 'all' || v === null ? undefined : v === 'on' })}
              allowDeselect={false}
              w={150}
            />
          </>
        }
      />
      <VehicleFormModal
        vehicle={null}
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(v) => navigate(`/vehicles/${v.id}`)}
      />
    </>
  );
}
