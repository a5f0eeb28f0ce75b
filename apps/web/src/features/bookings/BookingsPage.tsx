import { Badge, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { type BookingStatus, bookingStatuses } from '@cabdesk/contract';
import { DatePickerInput } from '@mantine/dates';
import { useHotkeys } from '@mantine/hooks';
import { IconBolt, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAbility } from '../../app/ability';
import { useLiveEvents } from '../../app/LiveProvider';
import { companyToday } from '../../ui/date-entry';
import { dateTime, money } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { LocalDates } from '../dashboard/LocalDates';
import { useCall } from '../../api/hooks';
import type { BookingListFilters, BookingListInput, BookingRow } from './api';
import { filtersFromSearch, openingView, searchFromFilters, viewKey, writeView } from './list-filters';
import { StatusBadge } from './status';

/** Live changes that touch the list (the live provider refreshes every Booking/… answer on them). */
export const bookingEvents = ['booking.created', 'booking.updated', 'booking.moved'];

/** /bookings — every booking, filtered by dates, status, client, driver and text; filters live in the address. */
export function BookingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const [params, setParams] = useSearchParams();
  // Opens on the address's filters, else this person's last sort and filters, else today onwards.
  const storeKey = viewKey(localStorage.getItem('companyID'), localStorage.getItem('userID'));
  const [opening] = useState(() => openingView(params, localStorage.getItem(storeKey), companyToday()));
  const [filters, setFilters] = useState<BookingListFilters>(opening.filters);
  const list = useListState(opening.sort);
  useEffect(() => {
    localStorage.setItem(storeKey, writeView({ filters, sort: list.sort }));
  }, [storeKey, filters, list.sort]);
  // N opens a new booking (not while typing in a field).
  useHotkeys(ability.can('create', 'Booking') ? [['n', () => navigate('/bookings/new')]] : []);
  const started = useRef(false);
  const [lastLive, setLastLive] = useState<number | null>(null);

  // The address is read once (a shared link opens filtered), then follows the page.
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      const q = filtersFromSearch(params).q;
      if (q) list.setSearch(q);
      // The address shows what the list opened on, so it can be shared as it is.
      setParams(searchFromFilters({ ...filters, q }), { replace: true });
      return;
    }
    setParams(searchFromFilters({ ...filters, q: list.search.trim() }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters, list.search]);

  const onLive = useCallback((e: { payload: Record<string, unknown> }) => {
    setLastLive(typeof e.payload.id === 'number' ? e.payload.id : 0);
  }, []);
  useLiveEvents(bookingEvents, onLive);

  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as BookingListInput['sortColumn'],
    ...filters,
  };
  const result = useCall('Booking/GetTableSummary', listInput);
  const filter = (patch: Partial<BookingListFilters>) => {
    setFilters((f) => {
      const next = { ...f, ...patch };
      for (const key of Object.keys(next) as (keyof BookingListFilters)[]) {
        if (next[key] === undefined || next[key] === null || next[key] === '') delete next[key];
      }
      return next;
    });
    list.setPage(1);
  };

  const columns: DataTableColumn<BookingRow>[] = [
    {
      accessor: 'id',
      title: t('bookings.field.number'),
      sortable: true,
      width: 90,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            #{r.id}
          </Text>
          {r.remotePending ? (
            <Tooltip label={t('bookings.remotePendingHint')}>
              <Badge size="xs" color="orange" variant="dot" aria-label={t('bookings.remotePendingHint')}>
                !
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
    {
      accessor: 'pickupAt',
      title: t('bookings.field.pickupAt'),
      sortable: true,
      noWrap: true,
      render: (r) =>
        r.isAsap ? (
          <Stack gap={0}>
            <Text size="sm">{dateTime(r.pickupAt)}</Text>
            <Text size="xs" c="orange" fw={600}>
              {t('bookings.form.asap')}
            </Text>
          </Stack>
        ) : (
          dateTime(r.pickupAt)
        ),
    },
    {
      accessor: 'status',
      title: t('bookings.field.status'),
      sortable: true,
      noWrap: true,
      width: 150,
      render: (r) => <StatusBadge status={r.status} size="sm" />,
    },
    {
      accessor: 'pickup',
      title: t('bookings.field.journey'),
      render: (r) => (
        <Stack gap={0} maw={340}>
          <Text size="sm" lineClamp={1}>
            {r.pickup}
          </Text>
          {r.isUnplaced ? (
            <Badge size="xs" color="red.9" variant="filled" title={t('bookings.unplacedHint')}>
              {t('bookings.unplaced')}
            </Badge>
          ) : null}
          <Text size="xs" c="dimmed" lineClamp={1}>
            {r.viaCount ? `${t('bookings.viaCount', { count: r.viaCount })} · ` : ''}→{' '}
            {r.dropoff ?? t('bookings.asDirected')}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'passengerName',
      title: t('bookings.field.passenger'),
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.passengerName ?? '—'}</Text>
          {r.passengerPhone ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {r.passengerPhone}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'clientName',
      title: t('bookings.field.client'),
      sortable: true,
      render: (r) => r.clientName ?? '—',
    },
    {
      accessor: 'vehicleTypeName',
      title: t('bookings.field.vehicleType'),
      render: (r) => r.vehicleTypeName ?? '—',
    },
    {
      accessor: 'driverName',
      title: t('bookings.field.driver'),
      sortable: true,
      render: (r) =>
        r.driverName ? `${r.driverCallsign ? `${r.driverCallsign} · ` : ''}${r.driverName}` : (r.vendorName ?? '—'),
    },
    {
      accessor: 'priceMinor',
      title: t('bookings.field.price'),
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (r) => money(r.priceMinor, r.currency),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('bookings.title')}
        subtitle={t('bookings.subtitle')}
        actions={
          ability.can('create', 'Booking') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/bookings/new')}>
              {t('bookings.add')}
            </Button>
          ) : null
        }
      />
      <ServerDataTable<BookingRow>
        columns={columns}
        state={list}
        result={result}
        onRowClick={(r) => navigate(`/bookings/${r.id}`)}
        exportAs={{ call: 'Booking/GetTableSummary', input: listInput }}
        actions={
          lastLive !== null ? (
            <Tooltip label={t('bookings.liveHint')}>
              <Badge color="teal" variant="light" leftSection={<IconBolt size={12} />}>
                {lastLive ? t('bookings.liveChanged', { id: lastLive }) : t('bookings.live')}
              </Badge>
            </Tooltip>
          ) : null
        }
        filters={
          <>
            <LocalDates>
              <DatePickerInput
                type="range"
                // Named by what it shows (the placeholder, or the chosen days), so the name and the
                // visible text never differ.
                placeholder={t('bookings.filter.dates')}
                clearButtonProps={{ 'aria-label': t('bookings.filter.clearDates') }}
                valueFormat="DD-MM-YYYY"
                clearable
                allowSingleDateInRange
                value={[filters.fromDate ?? null, filters.toDate ?? null]}
                onChange={([from, to]) => {
                  if (from && !to) return;
                  filter({ fromDate: from ?? undefined, toDate: to ?? undefined });
                }}
                w={{ base: '100%', xs: 230 }}
              />
            </LocalDates>
            <Select
              aria-label={t('bookings.field.status')}
              placeholder={t('bookings.filter.anyStatus')}
              data={bookingStatuses.map((s) => ({ value: s, label: t(`bookings.status.${s}`) }))}
              value={filters.status ?? null}
              onChange={(v) => filter({ status: (v as BookingStatus | null) ?? undefined })}
              clearable
              w={{ base: '100%', xs: 170 }}
            />
            <LookupSelect
              call="Common/GetClientList"
              aria-label={t('bookings.field.client')}
              placeholder={t('bookings.filter.anyClient')}
              value={filters.clientId ?? null}
              onChange={(v) => filter({ clientId: (v as number | null) ?? undefined })}
              w={{ base: '100%', xs: 190 }}
            />
            <LookupSelect
              call="Driver/GetDriverList"
              aria-label={t('bookings.field.driver')}
              placeholder={t('bookings.filter.anyDriver')}
              value={filters.driverId ?? null}
              onChange={(v) => filter({ driverId: (v as number | null) ?? undefined })}
              w={{ base: '100%', xs: 190 }}
            />
            <LookupSelect
              call="Vehicle/GetVehicleList"
              aria-label={t('bookings.field.vehicle')}
              placeholder={t('bookings.filter.anyVehicle')}
              value={filters.vehicleId ?? null}
              onChange={(v) => filter({ vehicleId: (v as number | null) ?? undefined })}
              w={{ base: '100%', xs: 190 }}
            />
          </>
        }
      />
    </>
  );
}
