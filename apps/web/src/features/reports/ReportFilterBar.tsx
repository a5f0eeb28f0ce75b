import { Group, Paper, SegmentedControl, Select, TextInput } from '@mantine/core';
import { bookingStatuses, bookingStatusLabels, type BookingStatus, codesOf } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { fixedLabel } from '../../ui/fixedLabel';
import { LookupSelect } from '../../ui/LookupSelect';
import { datesProblem, quickOf, quickRange, type QuickRange, quickRanges, type ReportFilterState } from './filter';

/** Dates typed or picked from quick ranges, and the references every report narrows by. */
export function ReportFilterBar({
  value,
  today,
  onChange,
}: {
  value: ReportFilterState;
  today: string;
  onChange: (next: ReportFilterState) => void;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const set = (patch: Partial<ReportFilterState>) => onChange({ ...value, ...patch });
  const problem = datesProblem(value);
  const id = (v: string | number | null) => (v === null ? null : Number(v));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="report-filters">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t('reports.quickRange')}
          value={quickOf(value, today) ?? ''}
          onChange={(v) => set(quickRange(v as QuickRange, today))}
          data={quickRanges.map((r) => ({ value: r, label: t(`reports.range.${r}`) }))}
        />
        <TextInput
          type="date"
          label={t('reports.fromDate')}
          value={value.fromDate}
          onChange={(e) => set({ fromDate: e.currentTarget.value })}
          error={problem === 'fromDate' ? t('reports.badDate') : null}
          w={160}
        />
        <TextInput
          type="date"
          label={t('reports.toDate')}
          value={value.toDate}
          onChange={(e) => set({ toDate: e.currentTarget.value })}
          error={problem === 'toDate' ? t('reports.badDate') : problem === 'reversed' ? t('reports.reversed') : null}
          w={160}
        />
        {ability.can('read', 'Client') ? (
          <LookupSelect
            call="Common/GetClientList"
            label={t('reports.client')}
            placeholder={t('reports.all')}
            value={value.clientID}
            onChange={(v) => set({ clientID: id(v) })}
            w={190}
          />
        ) : null}
        {ability.can('read', 'Driver') ? (
          <LookupSelect
            call="Driver/GetDriverList"
            label={t('reports.driver')}
            placeholder={t('reports.all')}
            value={value.driverID}
            onChange={(v) => set({ driverID: id(v) })}
            w={190}
          />
        ) : null}
        <LookupSelect
          call="Common/GetVehicleTypeList"
          label={t('reports.vehicleType')}
          placeholder={t('reports.all')}
          value={value.vehicletypeID}
          onChange={(v) => set({ vehicletypeID: id(v) })}
          w={170}
        />
        <Select
          label={t('reports.paymentMethod')}
          placeholder={t('reports.all')}
          data={codesOf('paymentType').map((c) => ({ value: c, label: fixedLabel('paymentType', c) }))}
          value={value.paymentMethodID}
          onChange={(v) => set({ paymentMethodID: v })}
          clearable
          w={160}
        />
        <Select
          label={t('reports.status')}
          placeholder={t('reports.all')}
          data={bookingStatuses.map((s) => ({ value: s, label: bookingStatusLabels[s] }))}
          value={value.statusID}
          onChange={(v) => set({ statusID: v as BookingStatus | null })}
          clearable
          w={170}
        />
      </Group>
    </Paper>
  );
}
