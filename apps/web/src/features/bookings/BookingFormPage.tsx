import { Alert, Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../../api/errors';
import { PageHeader } from '../../ui/PageHeader';
import { useCall } from '../../api/hooks';
import type { BookingDetails } from './api';
import { BookingForm } from './form/BookingForm';

/** /bookings/new and /bookings/:id/edit — the booking form, on its own page. */
export function BookingFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().id;
  const isNew = param === undefined;
  const id = Number(param);
  const valid = isNew || (Number.isInteger(id) && id > 0);
  const details = useCall(
    'Booking/GetBookingDetails',
    { id: valid && !isNew ? id : 1 },
    { enabled: !isNew && valid, placeholderData: undefined },
  );
  // The form keeps the version it opened: a live refresh must not wipe what is being typed, and a
  // change made meanwhile by someone else is refused by the server (409) rather than overwritten.
  const [opened, setOpened] = useState<BookingDetails | null>(null);
  const latest = details.data?.data;
  if (latest && latest.id === id && opened?.id !== id) setOpened(latest);
  const changedMeanwhile = !!opened && !!latest && latest.id === opened.id && latest.version !== opened.version;
  const back = (
    <Anchor component={Link} to={isNew ? '/bookings' : `/bookings/${id}`} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {isNew ? t('bookings.backToList') : t('bookings.backToBooking', { id })}
      </Group>
    </Anchor>
  );
  const header = (
    <PageHeader
      title={isNew ? t('bookings.form.newTitle') : t('bookings.form.editTitleOf', { id })}
      subtitle={isNew ? t('bookings.form.newSubtitle') : undefined}
    />
  );

  if (!valid || details.error) {
    return (
      <Stack gap="md">
        {back}
        {header}
        <Alert color="red" icon={<IconAlertTriangle />} title={t('bookings.loadFailed')} role="alert">
          {valid ? messageOf(details.error) : t('bookings.badAddress')}
        </Alert>
      </Stack>
    );
  }
  const booking = isNew ? null : opened;
  if (!isNew && (!booking || booking.id !== id)) {
    return (
      <Stack gap="md">
        {back}
        {header}
        <Skeleton h={420} radius="md" />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {back}
      {header}
      {changedMeanwhile ? (
        <Alert color="orange" icon={<IconAlertTriangle />} mb="md" role="status">
          {t('bookings.form.changedMeanwhile')}
        </Alert>
      ) : null}
      <BookingForm
        key={booking ? booking.id : 'new'}
        booking={booking ?? null}
        onSaved={(b) => navigate(`/bookings/${b.id}`)}
        onCancel={() => navigate(isNew ? '/bookings' : `/bookings/${id}`)}
      />
    </Stack>
  );
}
