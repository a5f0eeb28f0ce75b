import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { TrendsChart, WeekDaysChart } from '../statistics/Charts';
import { BookingCountCards, StatisticsCards } from '../statistics/StatisticsCards';

/** A client's bookings at a glance: totals, this period, busy days, the last twelve months. */
export function ClientOverviewTab({ clientId, hasChildren }: { clientId: number; hasChildren: boolean }) {
  const { t } = useTranslation();
  const input = { id: clientId };
  const stats = useCall('Client/GetClientStatistics', input);
  const counts = useCall('Client/GetClientBookingCount', input);
  const weekDays = useCall('Client/GetClientWeekDays', input);
  const trends = useCall('Client/GetClientBookingTrends', input);
  const error = stats.error ?? counts.error ?? weekDays.error ?? trends.error;
  return (
    <Stack gap="md">
      {error ? (
        <Alert color="red" title={t('clients.figuresFailed')}>
          {messageOf(error)}
        </Alert>
      ) : null}
      {hasChildren ? (
        <Text size="sm" c="dimmed">
          {t('clients.ownBookingsOnly')}
        </Text>
      ) : null}
      <StatisticsCards stats={stats.data?.data} />
      <BookingCountCards counts={counts.data?.data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <WeekDaysChart rows={weekDays.data?.data} />
        <TrendsChart rows={trends.data?.data} />
      </SimpleGrid>
    </Stack>
  );
}
