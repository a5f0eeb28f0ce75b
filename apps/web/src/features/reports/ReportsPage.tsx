import { Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyToday } from '../../ui/date-entry';
import { BookingsTab } from './BookingsTab';
import { drillField, type EntityReport, EntityTab } from './EntityTab';
import { datesProblem, initialFilter, reportInput, type ReportFilterState } from './filter';
import { OverviewTab } from './OverviewTab';
import { ReportFilterBar } from './ReportFilterBar';

const tabs = ['overview', 'bookings', 'client', 'driver', 'passenger', 'vehicleType'] as const;
type Tab = (typeof tabs)[number];

/**
 * /reports — one filter bar over six reports: the totals with KPIs and charts, the bookings, and
 * one row per client, driver, passenger and vehicle type. A count opens the bookings behind it.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const today = companyToday();
  const [filter, setFilter] = useState<ReportFilterState>(() => initialFilter(today));
  const [tab, setTab] = useState<Tab>('overview');
  const [drilled, setDrilled] = useState<string | null>(null);
  // A date half typed is not sent: the reports keep showing the last whole filter.
  const [sent, setSent] = useState<ReportFilterState>(filter);
  const change = (next: ReportFilterState) => {
    setFilter(next);
    setDrilled(null);
    if (!datesProblem(next)) setSent(next);
  };
  const input = reportInput(sent);
  const currency = localStorage.getItem('currency') ?? 'GBP';
  const drill = (report: EntityReport) => (id: number, name: string) => {
    const next = { ...filter, [drillField[report]]: id };
    setFilter(next);
    setSent(next);
    setDrilled(name);
    setTab('bookings');
  };
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('reports.title')}
        </Title>
        <Text c="dimmed">{t('reports.subtitle')}</Text>
      </div>
      <ReportFilterBar value={filter} today={today} onChange={change} />
      {drilled ? (
        <Group gap="xs">
          <Badge variant="light" size="lg">
            {t('reports.drilledTo', { name: drilled })}
          </Badge>
          <Button
            variant="subtle"
            size="xs"
            onClick={() =>
              change({ ...filter, clientID: null, driverID: null, passengerID: null, vehicletypeID: null })
            }
          >
            {t('reports.clearDrill')}
          </Button>
        </Group>
      ) : null}
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'overview')} keepMounted={false}>
        <Tabs.List>
          {tabs.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`reports.tab.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab input={input} />
        </Tabs.Panel>
        <Tabs.Panel value="bookings" pt="md">
          <BookingsTab input={input} currency={currency} />
        </Tabs.Panel>
        {(['client', 'driver', 'passenger', 'vehicleType'] as const).map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <EntityTab report={k} input={input} currency={currency} onDrill={drill(k)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
