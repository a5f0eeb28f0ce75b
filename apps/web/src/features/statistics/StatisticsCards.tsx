import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { count, dateTime, money } from '../../ui/format';

type Statistics = z.output<typeof schemas.statistics>;
type Counts = z.output<typeof schemas.bookingCount>;

function Card({ label, value, hint }: { label: string; value: string | null; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === null ? <Skeleton h={28} mt={6} w="60%" /> : <Title order={3}>{value}</Title>}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Totals of one driver, passenger, client or vehicle: jobs, completion, revenue, average fare. */
export function StatisticsCards({ stats }: { stats: Statistics | undefined }) {
  const { t } = useTranslation();
  const s = stats;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="statistics-cards">
      <Card
        label={t('statistics.bookings')}
        value={s ? count(s.totalBookings) : null}
        hint={s ? t('statistics.upcoming', { n: s.upcomingBookings }) : undefined}
      />
      <Card
        label={t('statistics.completed')}
        value={s ? count(s.completedBookings) : null}
        hint={
          s ? t('statistics.cancelledNoShow', { cancelled: s.cancelledBookings, noShow: s.noShowBookings }) : undefined
        }
      />
      <Card label={t('statistics.revenue')} value={s ? money(s.revenueMinor, s.currency) : null} />
      <Card
        label={t('statistics.averageFare')}
        value={s ? money(s.averageFareMinor, s.currency) : null}
        hint={s?.lastBookingAt ? t('statistics.last', { when: dateTime(s.lastBookingAt) }) : undefined}
      />
    </SimpleGrid>
  );
}

/** Bookings today, this week, month and year. */
export function BookingCountCards({ counts }: { counts: Counts | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="booking-count">
      {(['today', 'thisWeek', 'thisMonth', 'thisYear', 'total'] as const).map((k) => (
        <Card key={k} label={t(`statistics.${k}`)} value={counts ? count(counts[k]) : null} />
      ))}
    </SimpleGrid>
  );
}
