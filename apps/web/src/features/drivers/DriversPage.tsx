import { Anchor, Avatar, Group, Select, Stack, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCall } from '../../api/hooks';
import { InactiveBadge, TagBadges } from '../../kit/badges';
import { ActiveFilter } from '../../kit/list-filters';
import { ListPage } from '../../kit/ListPage';
import { useServerList } from '../../kit/useServerList';
import { initialsOf } from '../../ui/initials';
import { LookupSelect } from '../../ui/LookupSelect';
import { TopList } from '../statistics/TopList';
import { rangeDates } from '../statistics/owners';
import { AvailabilityBadge, DocumentStateBadge, documentStates } from './badges';
import { driverKind } from './driver-kind';
import { DriverFormModal } from './DriverFormModal';

type Row = CallOutput<'Driver/GetTableSummary'>;

/** Drivers: the list with its filters, the busiest drivers of the last 30 days, and "Add driver". */
export function DriversPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const list = useServerList('Driver/GetTableSummary', {
    sort: { column: 'name', direction: 'asc' },
    filters: { isActive: true } as {
      isActive?: boolean;
      driverTypeId?: number;
      availability?: number;
      documentState?: Row['documentState'];
    },
  });
  const top = useCall('Driver/GetTopDriver', { ...rangeDates('month'), limit: 5 });
  const { filters, filter } = list;

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'photoUrl',
      title: '',
      width: 56,
      render: (r) => (
        <Avatar src={r.photoUrl} alt={r.fullName} radius="xl" size={36} color="cyan">
          {initialsOf(r.fullName)}
        </Avatar>
      ),
    },
    { accessor: 'callsign', title: t('drivers.field.callsign'), sortable: true, render: (r) => r.callsign ?? '—' },
    {
      accessor: 'name',
      title: t('drivers.field.name'),
      sortable: true,
      noWrap: true,
      render: (r) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={`/drivers/${r.id}`} size="sm" fw={500}>
              {r.fullName}
            </Anchor>
            <InactiveBadge isActive={r.isActive} size="xs" />
          </Group>
          {r.vendorName ? (
            <Text size="xs" c="dimmed">
              {r.vendorName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: 'phone', title: t('drivers.field.phone'), noWrap: true, render: (r) => r.mobile ?? r.phone ?? '—' },
    {
      accessor: 'driverTypeName',
      title: t('drivers.field.driverType'),
      sortable: true,
      render: (r) => r.driverTypeName ?? '—',
    },
    {
      accessor: 'availability',
      title: t('drivers.field.availability'),
      sortable: true,
      noWrap: true,
      render: (r) => <AvailabilityBadge availability={r.availability} />,
    },
    {
      accessor: 'documentState',
      title: t('drivers.field.documents'),
      noWrap: true,
      render: (r) => <DocumentStateBadge state={r.documentState} />,
    },
    { accessor: 'tags', title: t('drivers.field.tags'), render: (r) => <TagBadges tags={r.tags} /> },
  ];

  return (
    <ListPage
      kind={driverKind}
      list={list}
      columns={columns}
      onAdd={() => setAdding(true)}
      importArea="Driver"
      aside={
        <TopList
          title={t('drivers.topDrivers')}
          rows={top.data?.data}
          failed={!!top.error}
          hrefOf={(id) => `/drivers/${id}`}
        />
      }
      filters={
        <>
          <LookupSelect
            call="Driver/GetDriverTypeList"
            aria-label={t('drivers.field.driverType')}
            placeholder={t('drivers.filter.allTypes')}
            value={filters.driverTypeId}
            onChange={(v) => filter({ driverTypeId: typeof v === 'number' ? v : undefined })}
            w={160}
          />
          <LookupSelect
            call="Driver/GetDriverStatusList"
            valueKey="code"
            aria-label={t('drivers.field.availability')}
            placeholder={t('drivers.filter.anyAvailability')}
            value={filters.availability === undefined ? null : String(filters.availability)}
            onChange={(v) => filter({ availability: v === null ? undefined : Number(v) })}
            w={160}
          />
          <Select
            aria-label={t('drivers.field.documents')}
            placeholder={t('drivers.filter.anyDocuments')}
            data={documentStates.map((s) => ({ value: s, label: t(`drivers.documentState.${s}`) }))}
            value={filters.documentState ?? null}
            onChange={(v) => filter({ documentState: documentStates.find((s) => s === v) })}
            clearable
            w={160}
          />
          <ActiveFilter value={filters.isActive} onChange={(isActive) => filter({ isActive })} />
        </>
      }
    >
      <DriverFormModal
        driver={null}
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(d) => navigate(`/drivers/${d.id}`)}
      />
    </ListPage>
  );
}
