import { Alert, Group, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { TrendsChart, WeekDaysChart } from './Charts';
import { type Owner, ownerCalls, type Range, rangeDates } from './owners';
import { BookingCountCards, StatisticsCards } from './StatisticsCards';

/**
 * An owner's bookings at a glance: totals over a chosen range, counts by period, week days and the
 * last twelve months. A call that fails says so in words above the figures, and its own figures
 * show a dash instead of loading for ever.
 */
export function OwnerStatistics({ owner, id, intro }: { owner: Owner; id: number; intro?: ReactNode }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>('all');
  const calls = ownerCalls[owner];
  const dates = rangeDates(range);
  const stats = useCall(calls.statistics, { id, ...dates });
  // Staff count inside their statistics and have no charts: their other reads stay switched off.
  const counts = useCall(calls.counts ?? 'Driver/GetDriverBookingCount', { id }, { enabled: !!calls.counts });
  const weekDays = useCall(
    calls.weekDays ?? 'Driver/GetDriverWeekDays',
    { id, ...dates },
    { enabled: !!calls.weekDays },
  );
  const trends = useCall(calls.trends ?? 'Driver/GetDriverBookingTrends', { id }, { enabled: !!calls.trends });
  const failure = [stats, counts, weekDays, trends].find((read) => read.error)?.error;
  const countsOf = stats.data?.data && 'bookingCount' in stats.data.data ? stats.data.data.bookingCount : undefined;

  return (
    <Stack gap="md" data-testid="owner-statistics">
      <Group justify="space-between" wrap="wrap">
        <div>{intro}</div>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => setRange(v as Range)}
          aria-label={t('statistics.range.label')}
          data={(['all', 'year', 'month'] as const).map((r) => ({ value: r, label: t(`statistics.range.${r}`) }))}
        />
      </Group>
      {failure ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('statistics.failed')} role="alert">
          {messageOf(failure)}
        </Alert>
      ) : null}
      <StatisticsCards stats={stats.data?.data} failed={!!stats.error} />
      <BookingCountCards
        counts={calls.counts ? counts.data?.data : countsOf}
        failed={calls.counts ? !!counts.error : !!stats.error}
      />
      {calls.weekDays ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <WeekDaysChart rows={weekDays.data?.data} failed={!!weekDays.error} />
          <TrendsChart rows={trends.data?.data} failed={!!trends.error} />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
