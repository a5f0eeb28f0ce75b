import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { dateTime } from '../../../ui/format';

/**
 * Journey steps of the driver that looked wrong (arrived far away or hours early, completed at
 * once): allowed, since signal and GPS lie, but shown to the office with the figures. Nothing is
 * shown when every step looked right.
 */
export function JourneyMarks({ id }: { id: number }) {
  const { t } = useTranslation();
  const marks = useCall('Booking/GetBookingJourneyMarks', { id });
  if (marks.error) {
    return (
      <Alert color="gray" variant="light" title={t('bookings.marks.failed')}>
        {messageOf(marks.error)}
      </Alert>
    );
  }
  if (!marks.data) return <Loader size="xs" aria-label={t('bookings.loading')} />;
  const list = marks.data.data.marks;
  if (!list.length) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('bookings.marks.title', { count: list.length })}
      data-testid="journey-marks"
    >
      <Stack gap={6}>
        {list.map((m) => (
          <Stack key={m.id} gap={0}>
            <Group gap="xs" wrap="wrap">
              <Badge size="xs" color="orange" variant="light">
                {t(`bookings.marks.kind.${m.kind}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {m.driverName} · {dateTime(m.createdAt)}
              </Text>
            </Group>
            <Text size="sm" data-testid="journey-mark">
              {m.message}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
