import { Anchor, Avatar, Button, Grid, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CallOutput, schemas } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAbility } from '../../app/ability';
import { useCall } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { PageHeader } from '../../ui/PageHeader';
import { ImportButton } from '../import-export/ImportButton';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { TopList } from '../statistics/TopList';
import { ActiveBadge, AvailabilityBadge, DocumentStateBadge, TagBadges } from './badges';
import { DriverFormModal } from './DriverFormModal';

type Row = CallOutput<'Driver/GetTableSummary'>;
type Filters = Pick<
  z.input<typeof schemas.driverListInput>,
  'driverTypeId' | 'availability' | 'isActive' | 'documentState'
>;
type SortColumn = z.output<typeof schemas.driverListInput>['sortColumn'];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Drivers: the list with its filters, the busiest drivers of the last 30 days, and "Add driver". */
export function DriversPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const [adding, setAdding] = useState(false);
  const [filters, setFilters] = useState<Filters>({ isActive: true });
  const list = useListState({ column: 'name', direction: 'asc' });
  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as SortColumn,
    ...filters,
  };
  const result = useCall('Driver/GetTableSummary', listInput);
  const top = useCall('Driver/GetTopDriver', { fromDate: daysAgo(30), toDate: daysAgo(0), limit: 5 });
  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.setPage(1);
  };

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'photoUrl',
      title: '',
      width: 56,
      render: (r) => (
        <Avatar src={r.photoUrl} alt={r.fullName} radius="xl" size={36} color="cyan">
          {`${r.firstName[0] ?? ''}${r.lastName[0] ?? ''}`.toUpperCase()}
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
            <ActiveBadge isActive={r.isActive} size="xs" />
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
    <>
      <PageHeader
        title={t('drivers.title')}
        subtitle={t('drivers.subtitle')}
        actions={
          ability.can('create', 'Driver') ? (
            <Group gap="sm">
              <ImportButton area="Driver" />
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('drivers.add')}
              </Button>
            </Group>
          ) : null
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <ServerDataTable<Row>
            columns={columns}
            state={list}
            result={result}
            exportAs={{ call: 'Driver/GetTableSummary', input: listInput }}
            filters={
              <>
                <LookupSelect
                  call="Driver/GetDriverTypeList"
                  aria-label={t('drivers.field.driverType')}
                  placeholder={t('drivers.filter.allTypes')}
                  value={filters.driverTypeId as number | undefined}
                  onChange={(v) => filter({ driverTypeId: (v as number | null) ?? undefined })}
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
                  data={(['valid', 'expiring', 'expired', 'missing'] as const).map((s) => ({
                    value: s,
                    label: t(`drivers.documentState.${s}`),
                  }))}
                  value={(filters.documentState as string | undefined) ?? null}
                  onChange={(v) => filter({ documentState: (v as Filters['documentState']) ?? undefined })}
                  clearable
                  w={160}
                />
                <Select
                  aria-label={t('drivers.filter.active')}
                  data={[
                    { value: 'true', label: t('drivers.filter.activeOnly') },
                    { value: 'false', label: t('drivers.filter.inactiveOnly') },
                    { value: 'all', label: t('drivers.filter.everyone') },
                  ]}
                  value={filters.isActive === undefined ? 'all' : String(filters.isActive)}
                  onChange={(v) => filter({ isActive: v === 'all' || v === null ? undefined : v === 'true' })}
                  allowDeselect={false}
                  w={150}
                />
              </>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <TopList title={t('drivers.topDrivers')} rows={top.data?.data} hrefOf={(id) => `/drivers/${id}`} />
        </Grid.Col>
      </Grid>
      <DriverFormModal
        driver={null}
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(d) => navigate(`/drivers/${d.id}`)}
      />
    </>
  );
}
