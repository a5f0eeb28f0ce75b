import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { day } from '../../ui/format';
import { BookingsGraphPanel } from './BookingsGraphPanel';
import { DocumentAlertsPanel } from './DocumentAlertsPanel';
import { FilterBar } from './FilterBar';
import { GoalPanel } from './GoalPanel';
import { LocalDates } from './LocalDates';
import { LostFoundPanel, useLostFound } from './LostFoundPanel';
import { PendingPaymentsPanel } from './PendingPaymentsPanel';
import { filtersInput, initialFilters } from './range';
import { SourcesPanel } from './SourcesPanel';
import { TopPanel } from './TopPanel';

/** The landing page after sign-in: one filter bar, then every panel, each loading on its own. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [filters, setFilters] = useState(initialFilters);
  const input = filtersInput(filters);
  const lostFound = useLostFound(input);
  return (
    <LocalDates>
      <Stack gap="md" data-testid="home">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2}>{t('dashboard.title')}</Title>
            <Text c="dimmed">
              {t('dashboard.welcome', { name: user?.fullName ?? '' })} ·{' '}
              {t('dashboard.showing', { from: day(filters.fromDate), to: day(filters.toDate) })}
            </Text>
          </Stack>
        </Group>
        <FilterBar value={filters} onChange={setFilters} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <GoalPanel filters={input} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <BookingsGraphPanel filters={input} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <SourcesPanel filters={input} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <TopPanel who="driver" filters={input} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <TopPanel who="client" filters={input} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: lostFound.data ? 8 : 12 }}>
            <PendingPaymentsPanel filters={input} />
          </Grid.Col>
          {lostFound.data ? (
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <LostFoundPanel summary={lostFound.data} />
            </Grid.Col>
          ) : null}
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DocumentAlertsPanel owners="driver" filters={input} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DocumentAlertsPanel owners="vehicle" filters={input} />
          </Grid.Col>
        </Grid>
      </Stack>
    </LocalDates>
  );
}
