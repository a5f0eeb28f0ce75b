import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { count, money } from '../../ui/format';
import { Panel } from './Panel';

const colours: Record<string, string> = {
  office: 'cyan.6',
  phone: 'indigo.6',
  web: 'teal.6',
  passenger_app: 'grape.6',
  client_portal: 'orange.6',
  api: 'gray.6',
};

/** Where the bookings of the range came from. */
export function SourcesPanel({ filters }: { filters: CallInput<'Dashboard/GetDashboardSources'> }) {
  const { t } = useTranslation();
  const sources = useCall('Dashboard/GetDashboardSources', filters);
  return (
    <Panel title={t('dashboard.sources')} query={sources} testId="panel-sources">
      {(rows) => {
        const used = rows.filter((r) => r.bookings > 0);
        if (used.length === 0) {
          return (
            <Text c="dimmed" size="sm" py="xl" ta="center">
              {t('dashboard.noBookings')}
            </Text>
          );
        }
        return (
          <Stack align="center" gap="sm">
            <DonutChart
              size={150}
              thickness={24}
              withTooltip
              tooltipDataSource="segment"
              data={used.map((r) => ({
                name: t(`dashboard.source.${r.source}`),
                value: r.bookings,
                color: colours[r.source] ?? 'gray.6',
              }))}
              chartLabel={count(used.reduce((a, r) => a + r.bookings, 0))}
            />
            <SimpleGrid cols={2} spacing={6} verticalSpacing={4} w="100%">
              {used.map((r) => (
                <Group key={r.source} gap={6} wrap="nowrap" align="flex-start">
                  <ColorSwatch
                    size={10}
                    color={`var(--mantine-color-${(colours[r.source] ?? 'gray.6').replace('.', '-')})`}
                  />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {t(`dashboard.source.${r.source}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <b>{count(r.bookings)}</b> · {money(r.revenueMinor)}
                    </Text>
                  </div>
                </Group>
              ))}
            </SimpleGrid>
          </Stack>
        );
      }}
    </Panel>
  );
}
