import { Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { useDispatchQuery } from './api';
import { AvailabilityChart } from './components/AvailabilityChart';
import { DriverStatusTable } from './components/DriverStatusTable';
import { StartShiftModal } from './components/StartShiftModal';
import { ReadFailure } from './components/ReadFailure';
import { useDriverActions } from './hooks/useDriverActions';
import { useLivePrefixes } from './hooks/useLiveBoard';
import { useQueryClient } from '@tanstack/react-query';
import {
  availabilities,
  type Availability,
  type AvailabilityTotals,
  readAvailabilityTotals,
  readDrivers,
  type SidebarDriver,
} from './model';

function totalsOf(drivers: SidebarDriver[]): AvailabilityTotals {
  const totals: AvailabilityTotals = { 1: 0, 2: 0, 3: 0, 4: 0, onShift: 0 };
  for (const d of drivers) {
    totals[d.availability] += 1;
    if (d.onShift) totals.onShift += 1;
  }
  return totals;
}

/** The driver status dashboard: totals by availability, then every driver with shift and current job. */
export function DriverStatusPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [only, setOnly] = useState<Availability | null>(null);
  const [search, setSearch] = useState('');
  const [starting, setStarting] = useState<SidebarDriver | null>(null);
  const totals = useDispatchQuery('Driver/GetDispatchDriverDetailsSumAvailability', {}, readAvailabilityTotals);
  const drivers = useDispatchQuery('Driver/GetTableSummaryDriverAllocation', { perPage: 0 }, readDrivers);
  const actions = useDriverActions();

  useLivePrefixes(['driver.', 'booking.'], () => {
    void client.invalidateQueries({
      predicate: (q) =>
        ['Driver/GetDispatchDriverDetailsSumAvailability', 'Driver/GetTableSummaryDriverAllocation'].includes(
          String(q.queryKey[0]),
        ),
    });
  });

  const needle = search.trim().toLowerCase();
  const shown = (drivers.data ?? []).filter(
    (d) =>
      (only === null || d.availability === only) &&
      (!needle || `${d.callsign ?? ''} ${d.name} ${d.vehicle ?? ''}`.toLowerCase().includes(needle)),
  );
  // The totals call is the source; until it answers, the list's own counts stand in.
  const figures = totals.data ?? totalsOf(drivers.data ?? []);

  return (
    <Stack gap="md">
      <PageHeader title={t('dispatch.driverStatus.title')} subtitle={t('dispatch.driverStatus.subtitle')} />
      {totals.error && !drivers.data ? (
        <ReadFailure title={t('dispatch.driverStatus.failed')} error={totals.error} />
      ) : null}
      <AvailabilityChart totals={figures} active={only} onPick={setOnly} />
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('dispatch.driverStatus.search')}
          placeholder={t('dispatch.driverStatus.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <SegmentedControl
          value={only === null ? 'all' : String(only)}
          onChange={(v) => setOnly(v === 'all' ? null : (Number(v) as Availability))}
          data={[
            { value: 'all', label: t('dispatch.driverStatus.filterAll') },
            ...availabilities.map((a) => ({ value: String(a), label: t(`dispatch.sidebar.group.${a}`) })),
          ]}
        />
      </Group>
      {drivers.error ? <ReadFailure title={t('dispatch.driverStatus.failed')} error={drivers.error} /> : null}
      <DriverStatusTable
        drivers={shown}
        fetching={drivers.isFetching}
        actions={actions}
        onStartShift={setStarting}
        emptyText={drivers.isPending ? t('dispatch.driverStatus.loading') : t('dispatch.driverStatus.empty')}
      />
      <StartShiftModal driver={starting} onClose={() => setStarting(null)} onStart={actions.startShift} />
    </Stack>
  );
}
