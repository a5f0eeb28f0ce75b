import { Alert, Anchor, Avatar, Badge, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { ImageUpload } from '../../ui/ImageUpload';
import { notifySuccess } from '../../ui/notify';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { ActiveBadge, AvailabilityBadge, DocumentStateBadge, TagBadges } from './badges';
import { DriverActions } from './DriverActions';
import { DriverDetails } from './DriverDetails';
import { DriverOverview } from './DriverOverview';
import { DriverVehicles } from './DriverVehicles';
import type { DriverProfile } from './form-values';

/** /drivers/:id — one driver: header with photo and actions, then overview, documents, vehicles, details. */
export function DriverProfilePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const profile = useCall('Driver/GetTableSummaryDriver', { id: valid ? id : 1 }, { enabled: valid });
  const back = (
    <Anchor component={Link} to="/drivers" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('drivers.backToList')}
      </Group>
    </Anchor>
  );

  if (!valid || profile.error) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" icon={<IconAlertTriangle />} title={t('drivers.notFound')}>
          {valid ? messageOf(profile.error) : t('drivers.badAddress')}
        </Alert>
      </Stack>
    );
  }
  const driver = profile.data?.data;
  // A driver of another address stays on screen while the new one loads: show nothing stale.
  if (!driver || driver.id !== id) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton h={120} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <Header driver={driver} />
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">{t('drivers.tab.overview')}</Tabs.Tab>
          <Tabs.Tab
            value="documents"
            rightSection={
              driver.documentState === 'valid' ? null : <DocumentStateBadge state={driver.documentState} size="xs" />
            }
          >
            {t('drivers.tab.documents')}
          </Tabs.Tab>
          <Tabs.Tab
            value="vehicles"
            rightSection={
              <Badge size="xs" variant="light">
                {driver.vehicles.length}
              </Badge>
            }
          >
            {t('drivers.tab.vehicles')}
          </Tabs.Tab>
          <Tabs.Tab value="details">{t('drivers.tab.details')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <DriverOverview id={driver.id} />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <Stack gap="md">
            {driver.missingDocumentTypes.length ? (
              <Alert color="gray" icon={<IconAlertTriangle />} title={t('drivers.missingDocuments')}>
                {driver.missingDocumentTypes.map((d) => d.name).join(', ')}
              </Alert>
            ) : null}
            <DocumentsPanel ownerType="driver" ownerId={driver.id} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="vehicles">
          <DriverVehicles vehicles={driver.vehicles} />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <DriverDetails driver={driver} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Header({ driver }: { driver: DriverProfile }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const upload = useCallMutation('Common/UploadImageDriver');
  const canEdit = ability.can('create', 'Driver');
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="lg" wrap="nowrap" align="center">
          {canEdit ? (
            <ImageUpload
              imageUrl={driver.photoUrl}
              name={driver.fullName}
              onUpload={async (file) => {
                const res = await upload.mutateAsync({ id: driver.id, file });
                notifySuccess(t('drivers.photoSaved'), res.message);
              }}
            />
          ) : (
            <Avatar src={driver.photoUrl} alt={driver.fullName} size={96} radius={96} color="cyan">
              {driver.fullName.slice(0, 2).toUpperCase()}
            </Avatar>
          )}
          <Stack gap={6}>
            <Group gap="sm" align="baseline">
              <Title order={2}>{driver.fullName}</Title>
              {driver.callsign ? (
                <Text c="dimmed" fw={600} size="lg">
                  {driver.callsign}
                </Text>
              ) : null}
            </Group>
            <Group gap={6}>
              <AvailabilityBadge availability={driver.availability} />
              <DocumentStateBadge state={driver.documentState} long />
              <ActiveBadge isActive={driver.isActive} />
              {driver.vendorName ? (
                <Badge variant="outline" color="violet">
                  {driver.vendorName}
                </Badge>
              ) : null}
              <TagBadges tags={driver.tags} />
            </Group>
            <Text size="sm" c="dimmed">
              {[driver.driverTypeName, driver.mobile ?? driver.phone, driver.email].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>
        <DriverActions driver={driver} />
      </Group>
    </Paper>
  );
}
