import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { count } from '../../../ui/format';
import { availabilities, type Availability, type AvailabilityTotals } from '../model';

export const availabilityChartColours: Record<Availability, string> = {
  1: 'green.6',
  2: 'orange.6',
  4: 'yellow.5',
  3: 'gray.5',
};

/**
 * How the fleet stands right now: a ring to take in at a glance and the four numbers beside it.
 * Each number filters the table below.
 */
export function AvailabilityChart({
  totals,
  active,
  onPick,
}: {
  totals: AvailabilityTotals;
  active: Availability | null;
  onPick: (a: Availability | null) => void;
}) {
  const { t } = useTranslation();
  const all = availabilities.reduce((sum, a) => sum + totals[a], 0);
  const data = availabilities
    .filter((a) => totals[a] > 0)
    .map((a) => ({
      name: t(`dispatch.sidebar.group.${a}`),
      value: totals[a],
      color: availabilityChartColours[a],
    }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="availability-totals">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('dispatch.driverStatus.totals')}</Title>
        <Text size="sm" c="dimmed" data-testid="on-shift">
          {t('dispatch.driverStatus.onShiftCount', { count: totals.onShift })}
        </Text>
      </Group>
      <Group gap="xl" wrap="wrap" align="center">
        <DonutChart
          size={140}
          thickness={22}
          withTooltip
          tooltipDataSource="segment"
          data={data.length ? data : [{ name: '—', value: 1, color: 'gray.2' }]}
          chartLabel={count(all)}
          aria-label={t('dispatch.driverStatus.chartLabel')}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" style={{ flex: 1, minWidth: 260 }}>
          {availabilities.map((a) => (
            <UnstyledButton
              key={a}
              onClick={() => onPick(active === a ? null : a)}
              aria-pressed={active === a}
              p="xs"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                border: `1px solid ${active === a ? 'var(--mantine-color-cyan-filled)' : 'var(--mantine-color-default-border)'}`,
              }}
              data-testid={`availability-total-${a}`}
            >
              <Stack gap={2}>
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch
                    size={10}
                    color={`var(--mantine-color-${availabilityChartColours[a].replace('.', '-')})`}
                  />
                  <Text size="sm" c="dimmed" truncate>
                    {t(`dispatch.sidebar.group.${a}`)}
                  </Text>
                </Group>
                <Text fz={28} fw={700} lh={1.1}>
                  {count(totals[a])}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
