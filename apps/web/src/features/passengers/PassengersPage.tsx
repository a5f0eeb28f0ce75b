import { Anchor, Avatar, Button, Grid, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { schemas } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAbility } from '../../app/ability';
import { useCall } from '../../api/hooks';
import { count, dateTime } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { PageHeader } from '../../ui/PageHeader';
import { ImportButton } from '../import-export/ImportButton';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { TopList } from '../statistics/TopList';
import { SwitchedOffBadge, TagBadges, VipBadge } from './badges';
import { setLatestPassenger } from './latest';
import { notifyAdded } from './notifyAdded';
import { PassengerFormModal } from './PassengerFormModal';
import type { Passenger } from './passengerForm';

type ListInput = z.input<typeof schemas.passengerListInput>;
type Filters = Pick<ListInput, 'clientId' | 'isVip' | 'isActive'>;
type SortColumn = z.output<typeof schemas.passengerListInput>['sortColumn'];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A yes/no/either filter as a select: undefined means either. */
function FlagFilter({
  label,
  yes,
  no,
  either,
  value,
  onChange,
}: {
  label: string;
  yes: string;
  no: string;
  either: string;
  value: boolean | undefined;
  onChange: (v: boolean | undefined) => void;
}) {
  return (
    <Select
      aria-label={label}
      data={[
        { value: 'all', label: either },
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      value={value === undefined ? 'all' : String(value)}
      onChange={(v) => onChange(v === 'all' || v === null ? undefined : v === 'true')}
      allowDeselect={false}
      w={160}
    />
  );
}

/** Passengers: the list with its filters, the most frequent travellers, and "Add passenger". */
export function PassengersPage() {
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
  const result = useCall('Passenger/GetTableSummary', listInput);
  const top = useCall('Passenger/GetTopPassenger', { fromDate: daysAgo(90), toDate: daysAgo(0), limit: 5 });
  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.setPage(1);
  };

  const added = (p: Passenger) => {
    setLatestPassenger({ id: p.id, clientId: p.clientId, clientName: p.clientName, name: p.name });
    notifyAdded(p, t, navigate);
  };

  const columns: DataTableColumn<Passenger>[] = [
    {
      accessor: 'photoUrl',
      title: '',
      width: 56,
      render: (r) => (
        <Avatar src={r.photoUrl} alt={r.name} radius="xl" size={36} color="cyan">
          {`${r.firstName[0] ?? ''}${r.surname[0] ?? ''}`.toUpperCase()}
        </Avatar>
      ),
    },
    {
      accessor: 'name',
      title: t('passengers.field.name'),
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/passengers/${r.id}`} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {r.title ? `${r.title} ${r.name}` : r.name}
          </Anchor>
          {r.isVip ? <VipBadge size="xs" /> : null}
          {r.isActive ? null : <SwitchedOffBadge size="xs" />}
        </Group>
      ),
    },
    {
      accessor: 'email',
      title: t('passengers.field.contact'),
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.email ?? '—'}</Text>
          {r.mobile || r.phone ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {[r.mobile, r.phone].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'clientName',
      title: t('passengers.field.client'),
      sortable: true,
      render: (r) =>
        r.clientId ? (
          <Anchor component={Link} to={`/clients/${r.clientId}`} size="sm">
            {r.clientName}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('passengers.private')}
          </Text>
        ),
    },
    { accessor: 'tags', title: t('passengers.field.tags'), render: (r) => <TagBadges tags={r.tags} /> },
    {
      accessor: 'totalBookings',
      title: t('passengers.field.bookings'),
      textAlign: 'right',
      render: (r) => count(r.totalBookings),
    },
    {
      accessor: 'lastBookingAt',
      title: t('passengers.field.lastBooking'),
      sortable: true,
      noWrap: true,
      render: (r) => dateTime(r.lastBookingAt),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('passengers.title')}
        subtitle={t('passengers.subtitle')}
        actions={
          ability.can('create', 'Passenger') ? (
            <Group gap="sm">
              <ImportButton area="Passenger" />
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('passengers.add')}
              </Button>
            </Group>
          ) : null
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <ServerDataTable<Passenger>
            columns={columns}
            state={list}
            result={result}
            exportAs={{ call: 'Passenger/GetTableSummary', input: listInput }}
            filters={
              <>
                <LookupSelect
                  call="Common/GetClientList"
                  aria-label={t('passengers.field.client')}
                  placeholder={t('passengers.filter.anyClient')}
                  value={filters.clientId as number | undefined}
                  onChange={(v) => filter({ clientId: typeof v === 'number' ? v : undefined })}
                  w={200}
                />
                <FlagFilter
                  label={t('passengers.vip')}
                  either={t('passengers.filter.vipOrNot')}
                  yes={t('passengers.filter.vipOnly')}
                  no={t('passengers.filter.notVip')}
                  value={filters.isVip as boolean | undefined}
                  onChange={(isVip) => filter({ isVip })}
                />
                <FlagFilter
                  label={t('passengers.filter.active')}
                  either={t('passengers.filter.everyone')}
                  yes={t('passengers.filter.activeOnly')}
                  no={t('passengers.filter.inactiveOnly')}
                  value={filters.isActive as boolean | undefined}
                  onChange={(isActive) => filter({ isActive })}
                />
              </>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <TopList title={t('passengers.topPassengers')} rows={top.data?.data} hrefOf={(id) => `/passengers/${id}`} />
        </Grid.Col>
      </Grid>
      <PassengerFormModal opened={adding} passenger={null} onClose={() => setAdding(false)} onSaved={added} />
    </>
  );
}
