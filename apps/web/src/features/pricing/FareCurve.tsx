import { LineChart } from '@mantine/charts';
import { Alert, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '@cabdesk/contract';
import { money } from '../../ui/format';
import { curveMoments } from './curve-moments';
import { curveOf, MINUTES_PER_KM, TABLE_KM } from './fare-curve';
import type { ModelFormValues } from './model-form';

/**
 * The live fare curve: the price of 1–100 km under the model as the form stands, priced in the
 * browser by the fare engine and redrawn as the person types. A form the engine refuses draws
 * nothing and says which field is wrong. The table under the chart is its text alternative.
 */
export function FareCurve({ values }: { values: ModelFormValues }) {
  const { t } = useTranslation();
  const currency = localStorage.getItem('currency') ?? 'GBP';
  const timeZone = localStorage.getItem('timezone') || 'Europe/London';
  const [when, setWhen] = useState('ordinary');
  const moments = useMemo(
    () =>
      curveMoments(
        values,
        { ordinary: t('pricing.curve.ordinary'), peak: (name) => t('pricing.curve.atPeak', { name }) },
        timeZone,
      ),
    [values, t, timeZone],
  );
  const moment = moments.find((m) => m.value === when) ?? moments[0];
  const curve = useMemo(
    () => curveOf(values, { currency, timeZone, pickupAt: moment?.pickupAt ?? '' }),
    [values, currency, timeZone, moment?.pickupAt],
  );
  const price = t('pricing.curve.price');
  const data = curve.points.map((p) => ({ km: p.km, [price]: p.price === null ? null : p.price / 100 }));
  const drawn = curve.points.some((p) => p.price !== null);
  return (
    <Paper withBorder radius="md" p="md" data-testid="fare-curve">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t('pricing.curve.title')}
          </Title>
          {curve.notDistance ? null : (
            <Select
              size="xs"
              label={t('pricing.curve.when')}
              data={moments.map((m) => ({ value: m.value, label: m.label }))}
              value={moment?.value ?? 'ordinary'}
              onChange={(v) => setWhen(v ?? 'ordinary')}
              allowDeselect={false}
              w={220}
            />
          )}
        </Group>
        {curve.notDistance ? (
          <Text size="sm">{t('pricing.curve.notDistance')}</Text>
        ) : (
          <>
            {curve.problem ? (
              <Alert color="orange" icon={<IconAlertTriangle />} role="status" p="xs" data-testid="curve-problem">
                {t('pricing.curve.problem', {
                  field: curve.problem.field ? fieldLabel(curve.problem.field) : t('pricing.curve.theModel'),
                  message: curve.problem.message,
                })}
              </Alert>
            ) : null}
            {drawn ? (
              <div role="img" aria-label={t('pricing.curve.chartLabel')}>
                <LineChart
                  h={220}
                  data={data}
                  dataKey="km"
                  series={[{ name: price, color: 'blue.7' }]}
                  withDots={false}
                  connectNulls={false}
                  curveType="linear"
                  xAxisLabel="km"
                  valueFormatter={(v) => money(Math.round(v * 100), currency)}
                  // The table below is the chart's text alternative; the chart itself takes no focus.
                  lineChartProps={{ accessibilityLayer: false }}
                />
              </div>
            ) : null}
            <Table withTableBorder verticalSpacing={2} fz="sm" data-testid="curve-table">
              <caption style={{ textAlign: 'left', captionSide: 'top', fontSize: 'var(--mantine-font-size-xs)' }}>
                {t('pricing.curve.tableCaption', { minutes: MINUTES_PER_KM })}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('pricing.curve.distance')}</Table.Th>
                  <Table.Th ta="right">{price}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {TABLE_KM.map((km) => {
                  const point = curve.points[km - 1];
                  return (
                    <Table.Tr key={km}>
                      <Table.Td>{km} km</Table.Td>
                      <Table.Td ta="right">{point?.price == null ? '—' : money(point.price, currency)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}
