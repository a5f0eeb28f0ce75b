import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCall } from '../../api/hooks';
import { InactiveBadge, TagBadges } from '../../kit/badges';
import { ActiveFilter, FlagFilter } from '../../kit/list-filters';
import { ListPage } from '../../kit/ListPage';
import { useServerList } from '../../kit/useServerList';
import { count, dateTime } from '../../ui/format';
import { initialsOf } from '../../ui/initials';
import { LookupSelect } from '../../ui/LookupSelect';
import { TopList } from '../statistics/TopList';
import { VipBadge } from './badges';
import { notifyAdded } from './notifyAdded';
import { passengerKind } from './passenger-kind';
import { PassengerFormModal } from './PassengerFormModal';
import type { Passenger } from './passengerForm';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Passengers: the list with its filters, the most frequent travellers, and "Add passenger". */
export function PassengersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const list = useServerList('Passenger/GetTableSummary', {
    sort: { column: 'name', direction: 'asc' },
    filters: { isActive: true } as { isActive?: boolean; isVip?: boolean; clientId?: number },
  });
  const top = useCall('Passenger/GetTopPassenger', { fromDate: daysAgo(90), toDate: daysAgo(0), limit: 5 });
  const { filters, filter } = list;

  const columns: DataTableColumn<Passenger>[] = [
    {
      accessor: 'photoUrl',
      title: '',
      width: 56,
      render: (r) => (
        <Avatar src={r.photoUrl} alt={r.name} radius="xl" size={36} color="cyan">
          {initialsOf(r.name)}
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
          <InactiveBadge isActive={r.isActive} size="xs" />
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
    <ListPage
      kind={passengerKind}
      list={list}
      columns={columns}
      onAdd={() => setAdding(true)}
      importArea="Passenger"
      aside={
        <TopList
          title={t('passengers.topPassengers')}
          rows={top.data?.data}
          failed={!!top.error}
          hrefOf={(id) => `/passengers/${id}`}
        />
      }
      filters={
        <>
          <LookupSelect
            call="Common/GetClientList"
            aria-label={t('passengers.field.client')}
            placeholder={t('passengers.filter.anyClient')}
            value={filters.clientId}
            onChange={(v) => filter({ clientId: typeof v === 'number' ? v : undefined })}
            w={200}
          />
          <FlagFilter
            label={t('passengers.vip')}
            either={t('passengers.filter.vipOrNot')}
            yes={t('passengers.filter.vipOnly')}
            no={t('passengers.filter.notVip')}
            value={filters.isVip}
            onChange={(isVip) => filter({ isVip })}
          />
          <ActiveFilter value={filters.isActive} onChange={(isActive) => filter({ isActive })} />
        </>
      }
    >
      <PassengerFormModal
        opened={adding}
        passenger={null}
        onClose={() => setAdding(false)}
        onSaved={(p) => notifyAdded(p, t, navigate)}
      />
    </ListPage>
  );
}
