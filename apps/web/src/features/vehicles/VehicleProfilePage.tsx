import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { fixedLabel } from '../../ui/fixedLabel';
import { IconAlertTriangle, IconArrowLeft, IconCar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { dateTime } from '../../ui/format';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { DocumentStateBadge, InactiveBadge, TagBadges } from './badges';
import type { Vehicle } from './form-values';
import { VehicleActions } from './VehicleActions';
import { VehicleOverview } from './VehicleOverview';

/** /vehicles/:id — one vehicle: header with its actions, then bookings, documents and details. */
export function VehicleProfilePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  // The spec has no single-vehicle read: the list narrowed to one id serves.
  const found = useCall('Vehicle/GetTableSummary', { id: valid ? id : 0, perPage: 1 }, { enabled: valid });
  const back = (
    <Anchor component={Link} to="/vehicles" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('vehicles.backToList')}
      </Group>
    </Anchor>
  );
  const vehicle = found.data?.data[0];

  if (!valid || found.error || (found.data && !found.isPlaceholderData && !vehicle)) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" icon={<IconAlertTriangle />} title={t('vehicles.notFound')}>
          {!valid ? t('vehicles.badAddress') : found.error ? messageOf(found.error) : t('vehicles.missing')}
        </Alert>
      </Stack>
    );
  }
  if (!vehicle || vehicle.id !== id) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton h={110} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <Header vehicle={vehicle} />
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">{t('vehicles.tab.overview')}</Tabs.Tab>
          <Tabs.Tab
            value="documents"
            rightSection={
              vehicle.documentState === 'valid' ? null : <DocumentStateBadge state={vehicle.documentState} size="xs" />
            }
          >
            {t('vehicles.tab.documents')}
          </Tabs.Tab>
          <Tabs.Tab value="details">{t('vehicles.tab.details')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <VehicleOverview id={vehicle.id} />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <DocumentsPanel ownerType="vehicle" ownerId={vehicle.id} />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <Details vehicle={vehicle} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Header({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const car = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="lg" wrap="nowrap" align="center">
          <ThemeIcon size={72} radius={72} variant="light" color="cyan">
            <IconCar size={40} />
          </ThemeIcon>
          <Stack gap={6}>
            <Group gap="sm" align="baseline">
              <Title order={2} ff="monospace">
                {vehicle.registration}
              </Title>
              {car ? (
                <Text c="dimmed" fw={600} size="lg">
                  {car}
                </Text>
              ) : null}
            </Group>
            <Group gap={6}>
              <DocumentStateBadge state={vehicle.documentState} />
              <InactiveBadge isActive={vehicle.isActive} />
              <TagBadges tags={vehicle.tags} />
            </Group>
            <Text size="sm" c="dimmed">
              {[
                vehicle.vehicleTypeName,
                vehicle.vehicleClass ? fixedLabel('vehicleClass', vehicle.vehicleClass) : null,
                vehicle.ownerDriverName
                  ? t('vehicles.ownedBy', { name: vehicle.ownerDriverName })
                  : t('vehicles.companyCar'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        </Group>
        <VehicleActions vehicle={vehicle} />
      </Group>
    </Paper>
  );
}

function Details({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const item = (label: string, value: ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {item(t('vehicles.field.registration'), vehicle.registration)}
        {item(t('vehicles.field.vehicleType'), vehicle.vehicleTypeName)}
        {item(
          t('vehicles.field.vehicleClass'),
          vehicle.vehicleClass ? fixedLabel('vehicleClass', vehicle.vehicleClass) : null,
        )}
        {item(t('vehicles.field.make'), vehicle.make)}
        {item(t('vehicles.field.model'), vehicle.model)}
        {item(t('vehicles.field.colour'), vehicle.colour)}
        {item(t('vehicles.field.year'), vehicle.year)}
        {item(t('vehicles.field.seats'), vehicle.seats)}
        {item(
          t('vehicles.field.ownerDriver'),
          vehicle.ownerDriverId ? (
            <Anchor component={Link} to={`/drivers/${vehicle.ownerDriverId}`} size="sm">
              {vehicle.ownerDriverName}
            </Anchor>
          ) : (
            t('vehicles.companyCar')
          ),
        )}
        {item(t('vehicles.field.createdAt'), dateTime(vehicle.createdAt))}
      </SimpleGrid>
      <Stack gap={0} mt="lg">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('vehicles.field.notes')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={vehicle.notes ? undefined : 'dimmed'}>
          {vehicle.notes ?? t('vehicles.noNotes')}
        </Text>
      </Stack>
    </Paper>
  );
}
