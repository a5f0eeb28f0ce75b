import { Group, Paper, SegmentedControl, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { namedByValue } from '../../ui/named-by-value';
import { bookingSources } from '@cabdesk/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { LookupSelect } from '../../ui/LookupSelect';
import { type DashboardFilterState, localToday, type Preset, presetRange, presets } from './range';

/** The one filter bar of the dashboard: every panel follows it. */
export function FilterBar({
  value,
  onChange,
}: {
  value: DashboardFilterState;
  onChange: (next: DashboardFilterState) => void;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const set = (patch: Partial<DashboardFilterState>) => onChange({ ...value, ...patch });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="dashboard-filters">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t('dashboard.period')}
          value={value.preset}
          onChange={(v) => {
            const preset = v as Preset;
            set(preset === 'custom' ? { preset } : { preset, ...presetRange(preset, localToday()) });
          }}
          data={presets.map((p) => ({ value: p, label: t(`dashboard.preset.${p}`) }))}
        />
        <DatePickerInput
          type="range"
          {...namedByValue(t('dashboard.dates'), rangeText(value.fromDate, value.toDate))}
          leftSection={<IconCalendar size={16} />}
          allowSingleDateInRange
          value={[value.fromDate, value.toDate]}
          onChange={([from, to]) => {
            if (from && to) set({ preset: 'custom', fromDate: from, toDate: to });
          }}
          w={250}
        />
        {ability.can('read', 'Client') ? (
          <LookupSelect
            call="Common/GetClientList"
            aria-label={t('dashboard.client')}
            placeholder={t('dashboard.allClients')}
            value={value.clientId}
            onChange={(v) => set({ clientId: v === null ? null : Number(v) })}
            w={200}
          />
        ) : null}
        {ability.can('read', 'Driver') ? (
          <LookupSelect
            call="Driver/GetDriverList"
            aria-label={t('dashboard.driver')}
            placeholder={t('dashboard.allDrivers')}
            value={value.driverId}
            onChange={(v) => set({ driverId: v === null ? null : Number(v) })}
            w={190}
          />
        ) : null}
        <LookupSelect
          call="Common/GetVehicleTypeList"
          aria-label={t('dashboard.vehicleType')}
          placeholder={t('dashboard.allVehicleTypes')}
          value={value.vehicleTypeId}
          onChange={(v) => set({ vehicleTypeId: v === null ? null : Number(v) })}
          w={180}
        />
        <Select
          aria-label={t('dashboard.sourceLabel')}
          placeholder={t('dashboard.allSources')}
          data={bookingSources.map((s) => ({ value: s, label: t(`dashboard.source.${s}`) }))}
          value={value.source}
          onChange={(v) => set({ source: v as DashboardFilterState['source'] })}
          clearable
          w={170}
        />
      </Group>
    </Paper>
  );
}

const dayText = (date: string | null) => (date ? dayjs(date).format('DD-MM-YYYY') : '');
const rangeText = (from: string | null, to: string | null) => (from ? `${dayText(from)} – ${dayText(to)}` : '');
