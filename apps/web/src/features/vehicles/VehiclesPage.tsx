import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { type CodeOf, codesOf, schemas } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { InactiveBadge, TagBadges } from '../../kit/badges';
import { ActiveFilter } from '../../kit/list-filters';
import { ListPage } from '../../kit/ListPage';
import { useServerList } from '../../kit/useServerList';
import { fixedLabel } from '../../ui/fixedLabel';
import { LookupSelect } from '../../ui/LookupSelect';
import { DocumentStateBadge } from './badges';
import type { Vehicle } from './form-values';
import { vehicleKind } from './vehicle-kind';
import { VehicleFormModal } from './VehicleFormModal';

type VehicleClass = CodeOf<'vehicleClass'>;
const vehicleClasses = codesOf('vehicleClass');

/** Vehicles: the fleet with its filters, document state at a glance, and "Add vehicle". */
export function VehiclesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const list = useServerList('Vehicle/GetTableSummary', {
    sort: { column: 'registration', direction: 'asc' },
    filters: { isActive: true } as {
      isActive?: boolean;
      vehicleTypeId?: number;
      vehicleClass?: VehicleClass;
      tagId?: number;
      documentState?: Vehicle['documentState'];
    },
  });
  const { filters, filter } = list;

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

  return (
    <ListPage
      kind={vehicleKind}
      list={list}
      columns={columns}
      onAdd={() => setAdding(true)}
      importArea="Vehicle"
      filters={
        <>
          <LookupSelect
            call="Vehicle/GetVehicleTypeList"
            aria-label={t('vehicles.field.vehicleType')}
            placeholder={t('vehicles.filter.allTypes')}
            value={filters.vehicleTypeId}
            onChange={(v) => filter({ vehicleTypeId: typeof v === 'number' ? v : undefined })}
            w={160}
          />
          <LookupSelect
            call="Vehicle/GetVehicleClassList"
            valueKey="code"
            aria-label={t('vehicles.field.vehicleClass')}
            placeholder={t('vehicles.filter.allClasses')}
            value={filters.vehicleClass}
            onChange={(v) => filter({ vehicleClass: vehicleClasses.find((c) => c === v) })}
            w={170}
          />
          <Select
            aria-label={t('vehicles.field.documents')}
            placeholder={t('vehicles.filter.anyDocuments')}
            data={schemas.vehicleDocumentStates.map((s) => ({ value: s, label: t(`vehicles.documentState.${s}`) }))}
            value={filters.documentState ?? null}
            onChange={(v) => filter({ documentState: schemas.vehicleDocumentStates.find((s) => s === v) })}
            clearable
            w={170}
          />
          <LookupSelect
            call="Vehicle/GetVehicleTagList"
            aria-label={t('vehicles.field.tags')}
            placeholder={t('vehicles.filter.anyTag')}
            value={filters.tagId}
            onChange={(v) => filter({ tagId: typeof v === 'number' ? v : undefined })}
            w={150}
          />
          <ActiveFilter
            value={filters.isActive}
            onChange={(isActive) => filter({ isActive })}
            either={t('vehicles.filter.everyone')}
          />
        </>
      }
    >
      <VehicleFormModal
        vehicle={null}
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(v) => navigate(`/vehicles/${v.id}`)}
      />
    </ListPage>
  );
}
