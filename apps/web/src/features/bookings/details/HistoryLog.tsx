import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { dateTime } from '../../../ui/format';
import { ChangeList } from './ChangeList';

/** Every recorded change of the booking, newest first: who, when, and each field before and after. */
export function HistoryLog({ id }: { id: number }) {
  const { t } = useTranslation();
  const history = useCall('Booking/GetBookingHistoryLog', { id, perPage: 100, page: 0 });
  if (history.error) {
    return (
      <Alert color="red" title={t('bookings.history.failed')} role="alert">
        {messageOf(history.error)}
      </Alert>
    );
  }
  if (!history.data) return <Loader size="sm" aria-label={t('bookings.loading')} />;
  const entries = history.data.data;
  if (!entries.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('bookings.history.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {entries.map((e) => (
        <Stack key={e.id} gap={2}>
          <Group gap="xs" wrap="wrap">
            <Badge size="sm" variant="light">
              {t(`bookings.history.action.${e.action}`, { defaultValue: e.actionName })}
            </Badge>
            <Text size="sm" fw={500}>
              {e.actorName ?? t('bookings.history.system')}
            </Text>
            <Text size="xs" c="dimmed">
              {dateTime(e.createdAt)} · {t(`bookings.source.${e.source}`, { defaultValue: e.source })}
            </Text>
          </Group>
          {e.changes.length ? (
            <ChangeList changes={e.changes} />
          ) : (
            <Text size="sm" c="dimmed">
              {e.description}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
