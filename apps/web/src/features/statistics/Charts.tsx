import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { money } from '../../ui/format';

type WeekDay = z.output<typeof schemas.weekDayRow>;
type Trend = z.output<typeof schemas.trendRow>;

export function ChartPanel({
  title,
  children,
  empty,
  failed,
}: {
  title: string;
  children: ReactNode;
  empty?: boolean;
  /** Its call failed: the panel says so instead of waiting for ever. */
  failed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {failed || empty ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {failed ? t('statistics.notAvailable') : t('statistics.noBookings')}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

/** Bookings per day of the week, Monday first. */
export function WeekDaysChart({ rows, failed }: { rows: WeekDay[] | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  if (!rows && failed)
    return (
      <ChartPanel title={t('statistics.weekDays')} failed>
        {null}
      </ChartPanel>
    );
  if (!rows) return <Skeleton h={260} radius="md" />;
  return (
    <ChartPanel title={t('statistics.weekDays')} empty={rows.every((r) => r.bookings === 0)}>
      <BarChart
        h={220}
        data={rows.map((r) => ({ day: r.name.slice(0, 3), [t('statistics.bookings')]: r.bookings }))}
        dataKey="day"
        series={[{ name: t('statistics.bookings'), color: 'cyan.6' }]}
        tickLine="y"
        data-testid="week-days-chart"
      />
    </ChartPanel>
  );
}

/** Bookings, completed and cancelled per month. */
export function TrendsChart({
  rows,
  showRevenue = false,
  failed,
}: {
  rows: Trend[] | undefined;
  showRevenue?: boolean;
  failed?: boolean;
}) {
  const { t } = useTranslation();
  if (!rows && failed)
    return (
      <ChartPanel title={t('statistics.trends')} failed>
        {null}
      </ChartPanel>
    );
  if (!rows) return <Skeleton h={260} radius="md" />;
  const data = rows.map((r) => ({
    month: r.name,
    [t('statistics.bookings')]: r.bookings,
    [t('statistics.completed')]: r.completed,
    [t('statistics.cancelled')]: r.cancelled,
    [t('statistics.revenue')]: r.revenueMinor / 100,
  }));
  return (
    <ChartPanel title={t('statistics.trends')} empty={rows.every((r) => r.bookings === 0)}>
      <AreaChart
        h={240}
        data={data}
        dataKey="month"
        curveType="monotone"
        withLegend
        valueFormatter={showRevenue ? (v) => money(Math.round(v * 100)) : undefined}
        series={
          showRevenue
            ? [{ name: t('statistics.revenue'), color: 'teal.6' }]
            : [
                { name: t('statistics.bookings'), color: 'cyan.6' },
                { name: t('statistics.completed'), color: 'teal.6' },
                { name: t('statistics.cancelled'), color: 'red.5' },
              ]
        }
        data-testid="trends-chart"
      />
    </ChartPanel>
  );
}
