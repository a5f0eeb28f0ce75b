import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { TrendsChart, WeekDaysChart } from '../statistics/Charts';
import { BookingCountCards, StatisticsCards } from '../statistics/StatisticsCards';

/** What the passenger's bookings add up to: totals, counts by period, weekdays and months. */
export function PassengerOverviewTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const stats = useCall('Passenger/GetPassengerStatistics', { id });
  const counts = useCall('Passenger/GetPassengerBookingCount', { id });
  const weekDays = useCall('Passenger/GetPassengerWeekDays', { id });
  const trends = useCall('Passenger/GetPassengerBookingTrends', { id });
  // A panel that failed says so instead of loading for ever.
  const failed = [stats, counts, weekDays, trends].find((q) => q.error)?.error;
  return (
    <Stack gap="md">
      {failed ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('passengers.overviewFailed')}>
          {messageOf(failed)}
        </Alert>
      ) : null}
      <StatisticsCards stats={stats.data?.data} />
      <BookingCountCards counts={counts.data?.data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {weekDays.error ? null : <WeekDaysChart rows={weekDays.data?.data} />}
        {trends.error ? null : <TrendsChart rows={trends.data?.data} />}
      </SimpleGrid>
    </Stack>
  );
}
