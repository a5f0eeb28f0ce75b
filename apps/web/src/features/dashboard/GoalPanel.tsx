import { Group, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { count, money, percent } from '../../ui/format';
import { Panel } from './Panel';
import { goalPercent } from './range';

function Ring({
  label,
  value,
  goal,
  shown,
}: {
  label: string;
  value: number;
  goal: number | null;
  shown: (n: number) => string;
}) {
  const { t } = useTranslation();
  const pct = goalPercent(value, goal);
  return (
    <Stack align="center" gap={4}>
      <RingProgress
        size={112}
        thickness={11}
        roundCaps
        sections={pct === null ? [] : [{ value: Math.min(100, pct), color: pct >= 100 ? 'teal' : 'cyan' }]}
        label={
          <Text ta="center" fw={700} size="lg">
            {pct === null ? '—' : `${pct} %`}
          </Text>
        }
      />
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {goal === null
          ? `${shown(value)} · ${t('dashboard.noGoal')}`
          : t('dashboard.ofGoal', { value: shown(value), goal: shown(goal) })}
      </Text>
    </Stack>
  );
}

/** This month so far against the company's goals, with the projection to the month's end. */
export function GoalPanel({ filters }: { filters: CallInput<'Dashboard/GetGoalOverview'> }) {
  const { t } = useTranslation();
  const goal = useCall('Dashboard/GetGoalOverview', filters);
  return (
    <Panel title={t('dashboard.goal')} query={goal} testId="panel-goal">
      {(g) => (
        <Stack gap="sm">
          <Group justify="space-around" wrap="nowrap" align="flex-start">
            <Ring label={t('dashboard.bookings')} value={g.bookings} goal={g.bookingsGoal} shown={count} />
            <Ring
              label={t('dashboard.revenue')}
              value={g.revenueMinor}
              goal={g.revenueGoalMinor}
              shown={(n) => money(n, g.currency)}
            />
          </Group>
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm">
              {t('dashboard.completionRate')}: <b>{percent(g.completionRate)}</b>
            </Text>
            <Text size="sm">
              {t('dashboard.cancellationRate')}: <b>{percent(g.cancellationRate)}</b>
            </Text>
            <Text size="sm">
              {t('dashboard.projectedBookings')}: <b>{count(g.projectedBookings)}</b>
            </Text>
            <Text size="sm">
              {t('dashboard.projectedRevenue')}: <b>{money(g.projectedRevenueMinor, g.currency)}</b>
            </Text>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('dashboard.dayOfMonth', { day: g.daysElapsed, days: g.daysInMonth })}
          </Text>
        </Stack>
      )}
    </Panel>
  );
}
