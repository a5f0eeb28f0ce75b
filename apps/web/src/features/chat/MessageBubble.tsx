import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconChecks } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../ui/format';
import { chatTime } from './time';

type Message = CallOutput<'Staff/GetDispatcherChatss'>;

/** One message: the office on the right, the driver on the left; office messages carry read marks. */
export function MessageBubble({ m }: { m: Message }) {
  const { t } = useTranslation();
  const mine = !m.fromDriver;
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-testid="chat-message">
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="75%"
        // The office's own bubble is a deep blue: white text and its paler lines keep 4.5:1 on it.
        bg={mine ? 'var(--mantine-color-blue-9)' : 'var(--mantine-color-default-hover)'}
        c={mine ? 'white' : undefined}
      >
        <Stack gap={2}>
          {mine ? (
            <Text size="xs">
              {m.senderName}
              {m.isBroadcast ? (
                <Badge ml={6} size="xs" variant="white" color="blue.9">
                  {t('chat.broadcastBadge')}
                </Badge>
              ) : null}
            </Text>
          ) : null}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.message}
          </Text>
          <Group gap={4} justify="flex-end">
            {m.bookingId ? (
              <Text size="xs" c={mine ? undefined : 'dimmed'}>
                #{m.bookingId}
              </Text>
            ) : null}
            <Tooltip label={dateTime(m.createdAt)}>
              <Text size="xs" c={mine ? undefined : 'dimmed'}>
                {chatTime(m.createdAt)}
              </Text>
            </Tooltip>
            {mine ? (
              <Tooltip label={m.readAt ? t('chat.readAt', { when: dateTime(m.readAt) }) : t('chat.sent')}>
                <span
                  role="img"
                  aria-label={m.readAt ? t('chat.read') : t('chat.sent')}
                  style={{ display: 'inline-flex' }}
                >
                  {m.readAt ? <IconChecks size={14} /> : <IconCheck size={14} />}
                </span>
              </Tooltip>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Group>
  );
}
