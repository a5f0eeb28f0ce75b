import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '../../statistics/Charts';
import { moneyOf } from './shared';

/** Revenue per day of the period, under the totals. */
export function RevenueChart({
  days,
  currency,
  failed,
}: {
  days: { day: string; revenue: number }[] | undefined;
  currency: string;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const label = t('payments.finance.revenue');
  return (
    <ChartPanel title={t('payments.finance.revenueByDay')} failed={failed} empty={!days?.some((d) => d.revenue !== 0)}>
      <BarChart
        h={180}
        data={(days ?? []).map((d) => ({ day: d.day.slice(5), [label]: d.revenue / 100 }))}
        dataKey="day"
        series={[{ name: label, color: 'teal.7' }]}
        valueFormatter={(v) => moneyOf(Math.round(v * 100), currency)}
        tickLine="y"
      />
    </ChartPanel>
  );
}
