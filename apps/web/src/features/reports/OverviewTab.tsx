import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { ExportButton } from '../../ui/ExportButton';
import { money } from '../../ui/format';
import type { CallInput } from '@cabdesk/contract';

type Totals = z.output<typeof schemas.bookingsTotals>;
const grains = ['day', 'week', 'month'] as const;

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} %`);
const minutes = (s: number | null) => (s === null ? '—' : `${Math.round(s / 60)} min`);

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

/** Bookings totals: figures, KPIs, the trend and the status distribution of the period. */
export function OverviewTab({ input }: { input: CallInput<'Reports/GetReportsDataBookingsTotals'> }) {
  const { t } = useTranslation();
  const res = useCall('Reports/GetReportsDataBookingsTotals', input);
  if (res.error)
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('reports.failed')} role="alert">
        {messageOf(res.error)}
      </Alert>
    );
  const data = res.data?.data;
  if (!data) return <Skeleton h={320} radius="md" aria-label={t('reports.loading')} />;
  if (data.summary.bookings === 0) return <Text c="dimmed">{t('reports.empty')}</Text>;
  return (
    <Stack gap="md">
      <ExportButton call="Reports/GetReportsDataBookingsTotals" input={input} pdfTitle={t('reports.overviewByDay')} />
      <Overview data={data} />
    </Stack>
  );
}

function Overview({ data }: { data: Totals }) {
  const { t } = useTranslation();
  const [grain, setGrain] = useState<(typeof grains)[number]>(data.trend.day.length > 62 ? 'week' : 'day');
  const cur = data.currency;
  const { summary, kpis } = data;
  return (
    <Stack gap="md" data-testid="report-overview">
      <SimpleGrid cols={{ base: 2, md: 4, lg: 6 }}>
        <Figure label={t('reports.col.bookings')} value={String(summary.bookings)} testId="figure-bookings" />
        <Figure label={t('reports.col.done')} value={String(summary.done)} />
        <Figure label={t('reports.col.lost')} value={String(summary.lost)} />
        <Figure label={t('reports.col.future')} value={String(summary.future)} />
        <Figure label={t('reports.col.revenue')} value={money(summary.revenueMinor, cur)} testId="figure-revenue" />
        <Figure label={t('reports.col.averageFare')} value={money(summary.averageFareMinor, cur)} />
        <Figure label={t('reports.kpi.revenuePerShiftHour')} value={money(kpis.revenuePerShiftHourMinor, cur)} />
        <Figure label={t('reports.kpi.utilisation')} value={pct(kpis.utilisationPercent)} />
        <Figure label={t('reports.kpi.offerAcceptance')} value={pct(kpis.offerAcceptancePercent)} />
        <Figure label={t('reports.kpi.onTime')} value={pct(kpis.onTimePercent)} />
        <Figure label={t('reports.kpi.wait')} value={minutes(kpis.averageWaitSeconds)} />
        <Figure label={t('reports.kpi.allocate')} value={minutes(kpis.averageAllocateSeconds)} />
        <Figure label={t('reports.kpi.deadMileage')} value={pct(kpis.deadMileagePercent)} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="sm">
          {t('reports.trend')}
        </Title>
        <SegmentedControl
          size="xs"
          mb="sm"
          aria-label={t('reports.grain.label')}
          value={grain}
          onChange={(v) => setGrain(v as typeof grain)}
          data={grains.map((g) => ({ value: g, label: t(`reports.grain.${g}`) }))}
        />
        <AreaChart
          h={240}
          data={data.trend[grain].map((p) => ({
            period: p.period,
            [t('reports.col.bookings')]: p.bookings,
            [t('reports.col.done')]: p.done,
            [t('reports.col.lost')]: p.lost,
          }))}
          dataKey="period"
          series={[
            { name: t('reports.col.bookings'), color: 'blue.7' },
            { name: t('reports.col.done'), color: 'teal.8' },
            { name: t('reports.col.lost'), color: 'red.8' },
          ]}
          curveType="linear"
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="sm">
            {t('reports.byStatus')}
          </Title>
          <BarChart
            h={220}
            data={data.byStatus.map((s) => ({ status: s.label, [t('reports.col.bookings')]: s.bookings }))}
            dataKey="status"
            series={[{ name: t('reports.col.bookings'), color: 'indigo.7' }]}
          />
          <Table mt="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.status')}</Table.Th>
                <Table.Th ta="right">{t('reports.col.bookings')}</Table.Th>
                <Table.Th ta="right">{t('reports.col.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.byStatus.map((s) => (
                <Table.Tr key={s.status}>
                  <Table.Td>{s.label}</Table.Td>
                  <Table.Td ta="right">{s.bookings}</Table.Td>
                  <Table.Td ta="right">{money(s.amountMinor, cur)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="sm">
            {t('reports.jobsLost')}
          </Title>
          <Table striped>
            <Table.Tbody>
              {(['office', 'driver', 'customer', 'system', 'unknown'] as const).map((by) => (
                <Table.Tr key={by}>
                  <Table.Td>{t(`reports.cancelledBy.${by}`)}</Table.Td>
                  <Table.Td ta="right">{data.cancelledBy[by]}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>{t('reports.col.noShow')}</Table.Td>
                <Table.Td ta="right">{summary.noShow}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('reports.col.rejected')}</Table.Td>
                <Table.Td ta="right">{summary.rejected}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
