import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatTime } from '../../chat/time';

type Message = CallOutput<'Driver/GetDriverChatss'>;

function Bubble({ mine, children, testId }: { mine: boolean; children: ReactNode; testId: string }) {
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-testid={testId}>
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="82%"
        bg={mine ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-hover)'}
        c={mine ? 'white' : undefined}
      >
        <Stack gap={2}>{children}</Stack>
      </Paper>
    </Group>
  );
}

/** A message of the conversation: the driver's own on the right with sent/read marks, the office's on the left. */
export function ChatBubble({ m }: { m: Message }) {
  const { t } = useTranslation();
  const mine = m.fromDriver;
  return (
    <Bubble mine={mine} testId="driver-chat-message">
      {!mine ? (
        <Group gap={6}>
          <Text size="xs" fw={600}>
            {m.senderName}
          </Text>
          {m.isBroadcast ? (
            <Badge size="xs" color="grape" variant="light" data-testid="broadcast-badge">
              {t('driver-app.chat.broadcast')}
            </Badge>
          ) : null}
        </Group>
      ) : null}
      <Text size="md" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {m.message}
      </Text>
      <Group gap={4} justify="flex-end">
        {m.bookingId ? (
          <Anchor
            component={Link}
            to={`/driver/jobs/${m.bookingId}`}
            size="xs"
            c={mine ? 'white' : undefined}
            underline="always"
          >
            #{m.bookingId}
          </Anchor>
        ) : null}
        <Text size="xs" opacity={0.8}>
          {chatTime(m.createdAt)}
        </Text>
        {mine ? (
          <span
            aria-label={m.readAt ? t('driver-app.chat.read') : t('driver-app.chat.sent')}
            style={{ display: 'inline-flex' }}
          >
            {m.readAt ? <IconChecks size={14} /> : <IconCheck size={14} opacity={0.7} />}
          </span>
        ) : null}
      </Group>
    </Bubble>
  );
}

export interface OutgoingMessage {
  key: string;
  text: string;
  state: 'sending' | 'failed';
  error?: string;
}

/** A message on its way, or one that did not get through with the means to try again. */
export function OutgoingBubble({
  m,
  onRetry,
  onDiscard,
}: {
  m: OutgoingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const failed = m.state === 'failed';
  return (
    <Stack gap={4} align="flex-end">
      <Bubble mine testId={failed ? 'chat-failed' : 'chat-sending'}>
        <Text size="md" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.text}
        </Text>
        <Group gap={4} justify="flex-end">
          {failed ? <IconAlertCircle size={14} aria-hidden /> : <IconClock size={14} aria-hidden />}
          <Text size="xs" opacity={0.9}>
            {failed ? t('driver-app.chat.failed') : t('driver-app.chat.sending')}
          </Text>
        </Group>
      </Bubble>
      {failed ? (
        <Group gap="xs">
          {m.error ? (
            <Text size="xs" c="red">
              {m.error}
            </Text>
          ) : null}
          <Button size="compact-md" variant="light" onClick={onRetry}>
            {t('driver-app.chat.retry')}
          </Button>
          <Button size="compact-md" variant="subtle" color="gray" onClick={onDiscard}>
            {t('driver-app.chat.discard')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
