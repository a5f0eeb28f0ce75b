import { AreaChart, BarChart } from '@mantine/charts';
import { SegmentedControl, Text } from '@mantine/core';
import type { CallInput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { money } from '../../ui/format';
import { Panel } from './Panel';

/** Bookings (or revenue) per day of the range. */
export function BookingsGraphPanel({ filters }: { filters: CallInput<'Dashboard/GetBookingsGraph'> }) {
  const { t } = useTranslation();
  const graph = useCall('Dashboard/GetBookingsGraph', filters);
  const [view, setView] = useState<'bookings' | 'revenue'>('bookings');
  const b = t('dashboard.bookings');
  const c = t('dashboard.completed');
  const x = t('dashboard.cancelled');
  const r = t('dashboard.revenue');
  return (
    <Panel
      title={t('dashboard.graph')}
      query={graph}
      testId="panel-graph"
      skeleton={300}
      action={
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v as 'bookings' | 'revenue')}
          data={[
            { value: 'bookings', label: b },
            { value: 'revenue', label: r },
          ]}
        />
      }
    >
      {(days) => {
        if (days.every((d) => d.bookings === 0)) {
          return (
            <Text c="dimmed" size="sm" py="xl" ta="center">
              {t('dashboard.noBookings')}
            </Text>
          );
        }
        const data = days.map((d) => ({
          day: `${d.date.slice(8, 10)}.${d.date.slice(5, 7)}.`,
          [b]: d.bookings,
          [c]: d.completed,
          [x]: d.cancelled,
          [r]: d.revenueMinor / 100,
        }));
        return view === 'bookings' ? (
          <AreaChart
            h={260}
            data={data}
            dataKey="day"
            curveType="monotone"
            withLegend
            series={[
              { name: b, color: 'cyan.6' },
              { name: c, color: 'teal.6' },
              { name: x, color: 'red.5' },
            ]}
            data-testid="bookings-graph"
          />
        ) : (
          <BarChart
            h={260}
            data={data}
            dataKey="day"
            valueFormatter={(v) => money(Math.round(v * 100))}
            series={[{ name: r, color: 'teal.6' }]}
          />
        );
      }}
    </Panel>
  );
}
