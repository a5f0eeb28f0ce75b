import { Group, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { TrendsChart, WeekDaysChart } from '../statistics/Charts';
import { BookingCountCards, StatisticsCards } from '../statistics/StatisticsCards';

type Range = 'all' | 'year' | 'month';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The range's dates; all time sends none. */
export function rangeDates(range: Range): { fromDate?: string; toDate?: string } {
  if (range === 'all') return {};
  return { fromDate: daysAgo(range === 'year' ? 365 : 30), toDate: daysAgo(0) };
}

/** The vehicle's bookings: totals over a chosen range, counts by period, week days and the last year. */
export function VehicleOverview({ id }: { id: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>('all');
  const dates = rangeDates(range);
  const stats = useCall('Vehicle/GetVehicleStatistics', { id, ...dates });
  const counts = useCall('Vehicle/GetVehicleBookingCount', { id });
  const weekDays = useCall('Vehicle/GetVehicleWeekDays', { id, ...dates });
  const trends = useCall('Vehicle/GetvehicleBookingTrends', { id });
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => setRange(v as Range)}
          data={(['all', 'year', 'month'] as const).map((r) => ({ value: r, label: t(`vehicles.range.${r}`) }))}
        />
      </Group>
      <StatisticsCards stats={stats.data?.data} />
      <BookingCountCards counts={counts.data?.data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <WeekDaysChart rows={weekDays.data?.data} />
        <TrendsChart rows={trends.data?.data} />
      </SimpleGrid>
    </Stack>
  );
}
