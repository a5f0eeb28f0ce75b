import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { TrackingCard } from './BookingTrackingPanel';

/** /map/bookings/:id: one booking's tracking on a large map, to keep open beside the board. */
export function BookingTrackingPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Text c="red">{t('map.tracking.badAddress')}</Text>;
  return (
    <>
      <PageHeader
        title={t('map.tracking.pageTitle', { id })}
        actions={
          <Group gap="md">
            <Anchor component={Link} to={`/bookings/${id}`}>
              {t('map.tracking.toBooking')}
            </Anchor>
            <Anchor component={Link} to="/map">
              {t('map.tracking.toMap')}
            </Anchor>
          </Group>
        }
      />
      <TrackingCard bookingId={id} height={560} large />
    </>
  );
}
