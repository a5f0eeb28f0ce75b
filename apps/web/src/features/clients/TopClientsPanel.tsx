import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { TopList } from '../statistics/TopList';

type Period = 'month' | 'year' | 'all';

/** The first day of the period ending today, as YYYY-MM-DD (none for all time). */
export function periodStart(period: Period, today = new Date()): string | undefined {
  if (period === 'all') return undefined;
  const start = new Date(today);
  if (period === 'month') start.setUTCDate(start.getUTCDate() - 30);
  else start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start.toISOString().slice(0, 10);
}

/** The busiest clients by completed jobs, over the last 30 days, 12 months or all time. */
export function TopClientsPanel() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('year');
  const fromDate = periodStart(period);
  const top = useCall('Client/GetTopClient', { limit: 5, ...(fromDate ? { fromDate } : {}) });
  return (
    <Stack gap="xs" data-testid="top-clients">
      <SegmentedControl
        size="xs"
        fullWidth
        value={period}
        onChange={(v) => setPeriod(v as Period)}
        data={[
          { value: 'month', label: t('clients.last30Days') },
          { value: 'year', label: t('clients.last12Months') },
          { value: 'all', label: t('clients.allTime') },
        ]}
      />
      <TopList
        title={t('clients.topClients')}
        rows={top.data?.data}
        failed={!!top.error}
        hrefOf={(id) => `/clients/${id}`}
      />
    </Stack>
  );
}
