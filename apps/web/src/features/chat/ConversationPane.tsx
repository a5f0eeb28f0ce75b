import { Alert, Anchor, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconMessages, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';

const SHOWN = 100;

/** The open conversation: the latest messages, oldest at the top; reading it marks the driver's messages read. */
export function ConversationPane({ driverId, onDeleted }: { driverId: number | null; onDeleted: () => void }) {
  const { t } = useTranslation();
  if (!driverId) {
    return (
      <Paper withBorder radius="md" p="xl" h="100%">
        <Stack align="center" gap="xs" c="dimmed" py="xl">
          <IconMessages size={40} />
          <Text>{t('chat.pick')}</Text>
        </Stack>
      </Paper>
    );
  }
  return <OpenConversation key={driverId} driverId={driverId} onDeleted={onDeleted} />;
}

function OpenConversation({ driverId, onDeleted }: { driverId: number; onDeleted: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const viewport = useRef<HTMLDivElement>(null);
  const messages = useCall('Staff/GetDispatcherChatss', { driverId, perPage: SHOWN, sortType: 'desc' });
  const conversation = useCall('Staff/GetTableSummaryDispatcherChatsList', { q: '', perPage: 100 });
  const who = conversation.data?.data.find((c) => c.driverId === driverId);
  const markRead = useCallMutation('Staff/UpdateStatusOfUnreadMessagesForDriver');
  const remove = useCallMutation('Staff/DeleteDriverChat');
  const rows = [...(messages.data?.data ?? [])].reverse();
  const unreadFromDriver = rows.some((m) => m.fromDriver && !m.readAt);
  const newest = rows.at(-1)?.id;

  useEffect(() => {
    if (unreadFromDriver && !markRead.isPending) markRead.mutate({ driverId });
    // Only a new unread message should trigger another mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [driverId, unreadFromDriver, newest]);

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [newest]);

  return (
    <Paper withBorder radius="md" p="sm" h="100%">
      <Stack gap="sm">
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={4}>{who?.driverName ?? t('chat.driver', { id: driverId })}</Title>
            <Anchor component={Link} to={`/drivers/${driverId}`} size="xs">
              {t('chat.profile')}
            </Anchor>
          </Stack>
          {ability.can('delete', 'Chat') && rows.length ? (
            <ConfirmButton
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              question={t('chat.deleteQuestion', { name: who?.driverName ?? '' })}
              onConfirm={async () => {
                await remove.mutateAsync({ driverId });
                onDeleted();
              }}
            >
              {t('chat.delete')}
            </ConfirmButton>
          ) : null}
        </Group>
        {messages.error ? (
          <Alert color="red" title={t('chat.loadFailed')}>
            {messageOf(messages.error)}
          </Alert>
        ) : null}
        <ScrollArea h="calc(100vh - 380px)" mih={260} viewportRef={viewport} type="auto">
          <Stack gap="xs" p="xs">
            {messages.isPending ? <Text c="dimmed">{t('app.loading')}</Text> : null}
            {(messages.data?.count ?? 0) > SHOWN ? (
              <Text size="xs" c="dimmed" ta="center">
                {t('chat.older', { count: (messages.data?.count ?? 0) - SHOWN })}
              </Text>
            ) : null}
            {!messages.isPending && !rows.length ? (
              <Text c="dimmed" ta="center" py="xl">
                {t('chat.empty')}
              </Text>
            ) : null}
            {rows.map((m) => (
              <MessageBubble key={m.id} m={m} />
            ))}
          </Stack>
        </ScrollArea>
        {ability.can('create', 'Chat') ? <Composer driverId={driverId} /> : null}
      </Stack>
    </Paper>
  );
}
