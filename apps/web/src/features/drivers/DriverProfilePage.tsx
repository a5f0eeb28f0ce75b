import { Alert, Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InactiveBadge, TagBadges } from '../../kit/badges';
import { RecordHeader, RecordPicture } from '../../kit/RecordHeader';
import { useCanCall } from '../../app/can-call';
import { RecordPage } from '../../kit/RecordPage';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { DriverCardsPanel } from '../payments/CardsPanel';
import { OwnerStatistics } from '../statistics/OwnerStatistics';
import { AvailabilityBadge, DocumentStateBadge } from './badges';
import { DriverActions } from './DriverActions';
import { DriverDetails } from './DriverDetails';
import { DriverPayPanel } from './DriverPayPanel';
import { driverKind } from './driver-kind';
import { DriverVehicles } from './DriverVehicles';
import type { DriverProfile } from './form-values';

/**
 * /drivers/:id — one driver: header with photo and actions, then overview, documents, vehicles, details,
 * and the cards and pay a person may see.
 */
export function DriverProfilePage() {
  const { t } = useTranslation();
  const canCall = useCanCall();
  return (
    <RecordPage
      kind={driverKind}
      read={{ call: 'Driver/GetTableSummaryDriver', input: (id) => ({ id }) }}
      header={(driver) => <Header driver={driver} />}
      tabs={(driver) => [
        {
          value: 'overview',
          label: t('drivers.tab.overview'),
          panel: <OwnerStatistics owner="driver" id={driver.id} />,
        },
        {
          value: 'documents',
          label: t('drivers.tab.documents'),
          badge:
            driver.documentState === 'valid' ? null : <DocumentStateBadge state={driver.documentState} size="xs" />,
          panel: (
            <Stack gap="md">
              {driver.missingDocumentTypes.length ? (
                <Alert color="gray" icon={<IconAlertTriangle />} title={t('drivers.missingDocuments')}>
                  {driver.missingDocumentTypes.map((d) => d.name).join(', ')}
                </Alert>
              ) : null}
              <DocumentsPanel ownerType="driver" ownerId={driver.id} />
            </Stack>
          ),
        },
        {
          value: 'vehicles',
          label: t('drivers.tab.vehicles'),
          badge: (
            <Badge size="xs" variant="light">
              {driver.vehicles.length}
            </Badge>
          ),
          panel: <DriverVehicles vehicles={driver.vehicles} />,
        },
        { value: 'details', label: t('drivers.tab.details'), panel: <DriverDetails driver={driver} /> },
        ...(canCall('PaymentTransaction/GetDriverCreditCards')
          ? [{ value: 'cards', label: t('drivers.tab.cards'), panel: <DriverCardsPanel id={driver.id} /> }]
          : []),
        ...(canCall('DrvrPayment/GetGeneratedPayments')
          ? [{ value: 'pay', label: t('drivers.tab.pay'), panel: <DriverPayPanel driverId={driver.id} /> }]
          : []),
      ]}
    />
  );
}

function Header({ driver }: { driver: DriverProfile }) {
  return (
    <RecordHeader
      picture={
        <RecordPicture id={driver.id} url={driver.photoUrl} name={driver.fullName} upload="Common/UploadImageDriver" />
      }
      title={driver.fullName}
      beside={
        driver.callsign ? (
          <Text c="dimmed" fw={600} size="lg">
            {driver.callsign}
          </Text>
        ) : null
      }
      badges={
        <>
          <AvailabilityBadge availability={driver.availability} />
          <DocumentStateBadge state={driver.documentState} long />
          <InactiveBadge isActive={driver.isActive} />
          {driver.vendorName ? (
            <Badge variant="outline" color="violet">
              {driver.vendorName}
            </Badge>
          ) : null}
          <TagBadges tags={driver.tags} />
        </>
      }
      actions={<DriverActions driver={driver} />}
    >
      <Text size="sm" c="dimmed">
        {[driver.driverTypeName, driver.mobile ?? driver.phone, driver.email].filter(Boolean).join(' · ')}
      </Text>
    </RecordHeader>
  );
}
