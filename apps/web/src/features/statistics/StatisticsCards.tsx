import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { count, dateTime, money } from '../../ui/format';

type Statistics = z.output<typeof schemas.statistics>;
type Counts = z.output<typeof schemas.bookingCount>;

/** A figure; null while it loads, or a dash when its call failed (never a skeleton for ever). */
function Card({
  label,
  value,
  hint,
  failed,
}: {
  label: string;
  value: string | null;
  hint?: string;
  failed?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value !== null ? (
        <Title order={3}>{value}</Title>
      ) : failed ? (
        <Title order={3} c="dimmed">
          —
        </Title>
      ) : (
        <Skeleton h={28} mt={6} w="60%" />
      )}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Totals of one driver, passenger, client or vehicle: jobs, completion, revenue, average fare. */
export function StatisticsCards({ stats, failed }: { stats: Statistics | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  const s = stats;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="statistics-cards">
      <Card
        label={t('statistics.bookings')}
        failed={failed}
        value={s ? count(s.totalBookings) : null}
        hint={s ? t('statistics.upcoming', { n: s.upcomingBookings }) : undefined}
      />
      <Card
        label={t('statistics.completed')}
        failed={failed}
        value={s ? count(s.completedBookings) : null}
        hint={
          s ? t('statistics.cancelledNoShow', { cancelled: s.cancelledBookings, noShow: s.noShowBookings }) : undefined
        }
      />
      <Card label={t('statistics.revenue')} value={s ? money(s.revenueMinor, s.currency) : null} failed={failed} />
      <Card
        label={t('statistics.averageFare')}
        failed={failed}
        value={s ? money(s.averageFareMinor, s.currency) : null}
        hint={s?.lastBookingAt ? t('statistics.last', { when: dateTime(s.lastBookingAt) }) : undefined}
      />
    </SimpleGrid>
  );
}

/** Bookings today, this week, month and year. */
export function BookingCountCards({ counts, failed }: { counts: Counts | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="booking-count">
      {(['today', 'thisWeek', 'thisMonth', 'thisYear', 'total'] as const).map((k) => (
        <Card key={k} label={t(`statistics.${k}`)} value={counts ? count(counts[k]) : null} failed={failed} />
      ))}
    </SimpleGrid>
  );
}
