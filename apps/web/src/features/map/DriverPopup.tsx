import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LastSeen } from './LastSeen';
import { statusColour } from './status';
import type { DriverOnMap } from './useDriverMap';

/**
 * What a click on a driver's marker tells: who, status, vehicle, the job in hand, last seen. Text
 * is laid out in divs: Leaflet gives paragraphs inside popups wide margins.
 */
export function DriverPopup({ driver, now }: { driver: DriverOnMap; now: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} miw={220}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={`/drivers/${driver.driverId}`} fw={600} size="sm">
          {driver.fullName}
        </Anchor>
        {driver.callsign ? (
          <Text component="div" size="xs" c="dimmed">
            {driver.callsign}
          </Text>
        ) : null}
      </Group>
      <Group gap={6}>
        <Badge
          size="sm"
          variant="filled"
          color={driver.blockedReason ? 'red' : statusColour(driver.availability)}
          data-testid="map-driver-status"
        >
          {driver.blockedReason
            ? t('map.blocked', { reason: driver.blockedReason })
            : t(`map.status.${driver.availability}`)}
        </Badge>
        {driver.onShift ? (
          <Badge size="sm" variant="light" color="blue">
            {t('map.onShift')}
          </Badge>
        ) : null}
      </Group>
      {driver.phone ? (
        <Text component="div" size="xs">
          {driver.phone}
        </Text>
      ) : null}
      <Text component="div" size="xs">
        <Text span c="dimmed" size="xs">
          {t('map.vehicle')}:{' '}
        </Text>
        {driver.vehicleRegistration
          ? [driver.vehicleRegistration, driver.vehicleDescription].filter(Boolean).join(' · ')
          : t('map.noVehicle')}
      </Text>
      <Text component="div" size="xs">
        <Text span c="dimmed" size="xs">
          {t('map.booking')}:{' '}
        </Text>
        {driver.bookingId ? (
          <>
            <Anchor component={Link} to={`/bookings/${driver.bookingId}`} size="xs">
              #{driver.bookingId}
            </Anchor>{' '}
            {driver.bookingStatus ? t(`map.bookingStatus.${driver.bookingStatus}`) : null}
            {driver.bookingPickup ? ` · ${driver.bookingPickup}` : null}{' '}
            <Anchor component={Link} to={`/map/bookings/${driver.bookingId}`} size="xs">
              {t('map.track')}
            </Anchor>
          </>
        ) : (
          t('map.noBooking')
        )}
      </Text>
      <Text component="div" size="xs">
        <Text span c="dimmed" size="xs">
          {t('map.lastSeen')}:{' '}
        </Text>
        <LastSeen at={driver.position?.recordedAt} now={now} c={undefined} />
      </Text>
    </Stack>
  );
}
