import { BarChart } from '@mantine/charts';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '../statistics/Charts';
import type { ProfitabilityRow } from './types';

/** The ten best and ten worst rows by profit, in currency units (the chart's axis is not money-aware). */
export function ProfitChart({
  rows,
  currency,
  complete,
}: {
  rows: ProfitabilityRow[];
  currency: string;
  /** False when the set is larger than the answer's allData: the tens are of the page shown. */
  complete: boolean;
}) {
  const { t } = useTranslation();
  const sorted = [...rows].sort((a, b) => b.prfamount - a.prfamount || a.id - b.id);
  const top = sorted.slice(0, 10);
  const bottom = sorted.slice(-10).reverse();
  const series = t('profitability.column.prfamount');
  const chart = (list: ProfitabilityRow[], testId: string) => (
    <BarChart
      h={260}
      data={list.map((r) => ({ name: r.name, [series]: r.prfamount / 100 }))}
      dataKey="name"
      orientation="vertical"
      yAxisProps={{ width: 120 }}
      series={[{ name: series, color: 'teal.7' }]}
      valueFormatter={(v) => `${v.toFixed(2)} ${currency}`}
      data-testid={testId}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartPanel title={t('profitability.top')} empty={!top.length}>
          {chart(top, 'top-chart')}
        </ChartPanel>
        <ChartPanel title={t('profitability.bottom')} empty={!bottom.length}>
          {chart(bottom, 'bottom-chart')}
        </ChartPanel>
      </SimpleGrid>
      {complete ? null : (
        <Text size="sm" c="dimmed">
          {t('profitability.chartPage')}
        </Text>
      )}
    </>
  );
}
