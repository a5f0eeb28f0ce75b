import { SimpleGrid, Stack } from '@mantine/core';
import { useCall } from '../../api/hooks';
import { TrendsChart, WeekDaysChart } from '../statistics/Charts';
import { BookingCountCards, StatisticsCards } from '../statistics/StatisticsCards';

/** The driver's bookings: totals, counts by period, week days and the last twelve months. */
export function DriverOverview({ id }: { id: number }) {
  const stats = useCall('Driver/GetDriverStatistics', { id });
  const counts = useCall('Driver/GetDriverBookingCount', { id });
  const weekDays = useCall('Driver/GetDriverWeekDays', { id });
  const trends = useCall('Driver/GetDriverBookingTrends', { id });
  return (
    <Stack gap="md">
      <StatisticsCards stats={stats.data?.data} />
      <BookingCountCards counts={counts.data?.data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <WeekDaysChart rows={weekDays.data?.data} />
        <TrendsChart rows={trends.data?.data} />
      </SimpleGrid>
    </Stack>
  );
}
