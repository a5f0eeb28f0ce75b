import { Anchor, Badge, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime } from '../../ui/format';
import { OutboxStatusBadge } from './OutboxStatusBadge';

type Row = CallOutput<'Outbox/GetTableSummary'>;

/** One message as it was (or will be) sent: recipient, subject and the whole text. */
export function MessageModal({ message, onClose }: { message: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== null} onClose={onClose} title={t('notifications.messageTitle')} size="lg" centered>
      {message ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="outline">{t(`notifications.channel.${message.channel}`)}</Badge>
            <OutboxStatusBadge status={message.status} />
            <Text size="sm" c="dimmed">
              {dateTime(message.createdAt)}
            </Text>
          </Group>
          <Text size="sm">
            <b>{t('notifications.recipient')}:</b> {message.recipient}
          </Text>
          {message.subject ? (
            <Text size="sm">
              <b>{t('notifications.subject')}:</b> {message.subject}
            </Text>
          ) : null}
          {message.bookingId ? (
            <Text size="sm">
              <b>{t('notifications.booking')}:</b>{' '}
              <Anchor component={Link} to={`/bookings/${message.bookingId}`}>
                #{message.bookingId}
              </Anchor>
            </Text>
          ) : null}
          <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message.body}
            </Text>
          </Paper>
          {message.error ? (
            <Text size="sm" c="red">
              <b>{t('notifications.lastError')}:</b> {message.error}
            </Text>
          ) : null}
          {message.sentAt ? (
            <Text size="xs" c="dimmed">
              {t('notifications.sentAt', { at: dateTime(message.sentAt) })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
