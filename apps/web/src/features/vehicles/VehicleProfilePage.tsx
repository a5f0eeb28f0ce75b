import { Anchor, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InactiveBadge, TagBadges } from '../../kit/badges';
import { Fact, FactsCard } from '../../kit/Facts';
import { RecordHeader } from '../../kit/RecordHeader';
import { RecordPage } from '../../kit/RecordPage';
import { fixedLabel } from '../../ui/fixedLabel';
import { dateTime } from '../../ui/format';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { OwnerStatistics } from '../statistics/OwnerStatistics';
import { DocumentStateBadge } from './badges';
import type { Vehicle } from './form-values';
import { VehicleActions } from './VehicleActions';
import { vehicleKind } from './vehicle-kind';

/** /vehicles/:id — one vehicle: header with its actions, then bookings, documents and details. */
export function VehicleProfilePage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      kind={vehicleKind}
      // The spec has no single-vehicle read: the list narrowed to one id serves.
      read={{ call: 'Vehicle/GetTableSummary', input: (id) => ({ id, perPage: 1 }) }}
      header={(vehicle) => <Header vehicle={vehicle} />}
      tabs={(vehicle) => [
        {
          value: 'overview',
          label: t('vehicles.tab.overview'),
          panel: <OwnerStatistics owner="vehicle" id={vehicle.id} />,
        },
        {
          value: 'documents',
          label: t('vehicles.tab.documents'),
          badge:
            vehicle.documentState === 'valid' ? null : <DocumentStateBadge state={vehicle.documentState} size="xs" />,
          panel: <DocumentsPanel ownerType="vehicle" ownerId={vehicle.id} />,
        },
        { value: 'details', label: t('vehicles.tab.details'), panel: <Details vehicle={vehicle} /> },
      ]}
    />
  );
}

const classOf = (v: Vehicle) => (v.vehicleClass ? fixedLabel('vehicleClass', v.vehicleClass) : null);

function Header({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const car = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return (
    <RecordHeader
      picture={
        <ThemeIcon size={72} radius={72} variant="light" color="cyan">
          <IconCar size={40} aria-hidden />
        </ThemeIcon>
      }
      title={<span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{vehicle.registration}</span>}
      beside={
        car ? (
          <Text c="dimmed" fw={600} size="lg">
            {car}
          </Text>
        ) : null
      }
      badges={
        <>
          <DocumentStateBadge state={vehicle.documentState} />
          <InactiveBadge isActive={vehicle.isActive} />
          <TagBadges tags={vehicle.tags} />
        </>
      }
      actions={<VehicleActions vehicle={vehicle} />}
    >
      <Text size="sm" c="dimmed">
        {[
          vehicle.vehicleTypeName,
          classOf(vehicle),
          vehicle.ownerDriverName ? t('vehicles.ownedBy', { name: vehicle.ownerDriverName }) : t('vehicles.companyCar'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </RecordHeader>
  );
}

function Details({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={1} spacing="md">
      <FactsCard cols={3}>
        <Fact label={t('vehicles.field.registration')}>{vehicle.registration}</Fact>
        <Fact label={t('vehicles.field.vehicleType')}>{vehicle.vehicleTypeName}</Fact>
        <Fact label={t('vehicles.field.vehicleClass')}>{classOf(vehicle)}</Fact>
        <Fact label={t('vehicles.field.make')}>{vehicle.make}</Fact>
        <Fact label={t('vehicles.field.model')}>{vehicle.model}</Fact>
        <Fact label={t('vehicles.field.colour')}>{vehicle.colour}</Fact>
        <Fact label={t('vehicles.field.year')}>{vehicle.year}</Fact>
        <Fact label={t('vehicles.field.seats')}>{vehicle.seats}</Fact>
        <Fact label={t('vehicles.field.ownerDriver')}>
          {vehicle.ownerDriverId ? (
            <Anchor component={Link} to={`/drivers/${vehicle.ownerDriverId}`} size="sm">
              {vehicle.ownerDriverName}
            </Anchor>
          ) : (
            t('vehicles.companyCar')
          )}
        </Fact>
        <Fact label={t('vehicles.field.createdAt')}>{dateTime(vehicle.createdAt)}</Fact>
      </FactsCard>
      <FactsCard title={t('vehicles.field.notes')} cols={1}>
        <Text size="sm" c={vehicle.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {vehicle.notes ?? t('vehicles.noNotes')}
        </Text>
      </FactsCard>
    </SimpleGrid>
  );
}
