import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import { money } from '../../../ui/format';

type Day = CallOutput<'Driver/GetDriverEarnings'>['days'][number];

const locale = () => (i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-GB');

/** A week reads best by weekday, longer periods by date. */
function dayLabel(date: string, manyDays: boolean): string {
  const d = new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat(
    locale(),
    manyDays ? { day: 'numeric', month: 'numeric', timeZone: 'UTC' } : { weekday: 'short', timeZone: 'UTC' },
  ).format(d);
}

/** Earnings per day of the period; one day alone is said in words instead. */
export function EarningsChart({ days, currency }: { days: Day[]; currency: string }) {
  const { t } = useTranslation();
  if (days.every((d) => d.earningsMinor === 0 && d.jobs === 0)) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md" data-testid="earnings-empty">
        {t('driver-app.money.noJobs')}
      </Text>
    );
  }
  if (days.length < 2) return null;
  const series = t('driver-app.money.earned');
  // Display only: the chart library plots numbers, the labels go back through minor units.
  const data = days.map((d) => ({ day: dayLabel(d.date, days.length > 7), [series]: d.earningsMinor / 100 }));
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="day"
      series={[{ name: series, color: 'teal.6' }]}
      tickLine="none"
      gridAxis="y"
      valueFormatter={(v) => money(Math.round(v * 100), currency)}
      yAxisProps={{ width: 64 }}
      data-testid="earnings-chart"
      // A named picture: axe refuses a name on a plain div, and the total is said in words beside it.
      role="img"
      aria-label={t('driver-app.money.chartLabel')}
    />
  );
}
