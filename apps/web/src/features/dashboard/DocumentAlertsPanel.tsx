import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../api/hooks';
import { day } from '../../ui/format';
import { ExpiryBadge } from '../documents/ExpiryBadge';
import { expiryColours } from '../documents/rules';
import { Panel } from './Panel';

/** Drivers' or vehicles' documents: counts by state as coloured badges, then the expired and expiring ones. */
export function DocumentAlertsPanel({
  owners,
  filters,
}: {
  owners: 'driver' | 'vehicle';
  filters: CallInput<'Dashboard/GetDashboardDriverDocuments'>;
}) {
  const { t } = useTranslation();
  const panel = useCall(
    owners === 'driver' ? 'Dashboard/GetDashboardDriverDocuments' : 'Dashboard/GetDashboardVehicleDocuments',
    filters,
  );
  return (
    <Panel
      title={t(owners === 'driver' ? 'dashboard.driverDocuments' : 'dashboard.vehicleDocuments')}
      query={panel}
      testId={`panel-${owners}-documents`}
      action={
        <Anchor component={Link} to="/documents" size="sm">
          {t('dashboard.allDocuments')}
        </Anchor>
      }
    >
      {(p) => (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={expiryColours.valid} size="lg" variant="light">
              {p.valid} {t('dashboard.valid')}
            </Badge>
            <Badge color={expiryColours.expiring} size="lg">
              {p.expiring} {t('dashboard.expiring')}
            </Badge>
            <Badge color={expiryColours.expired} size="lg">
              {p.expired} {t('dashboard.expired')}
            </Badge>
            <Badge color="red" size="lg" variant="outline">
              {p.missing} {t('dashboard.missing')}
            </Badge>
          </Group>
          {p.items.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('dashboard.allInOrder')}
            </Text>
          ) : (
            // A scrolling list is reached by the keyboard too (WCAG 2.1.1).
            <Stack
              gap={6}
              mah={260}
              style={{ overflowY: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={t(owners === 'driver' ? 'dashboard.driverDocuments' : 'dashboard.vehicleDocuments')}
            >
              {p.items.map((item) => (
                <Group key={item.id} justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {owners === 'driver' ? (
                        <Anchor component={Link} to={`/drivers/${item.ownerId}`} size="sm">
                          {item.ownerName}
                        </Anchor>
                      ) : (
                        item.ownerName
                      )}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {item.documentTypeName} · {day(item.expiryDate)}
                    </Text>
                  </div>
                  <ExpiryBadge state={item.expiryState} days={item.daysToExpiry} />
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Panel>
  );
}
