import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMessages, IconSend } from '@tabler/icons-react';
import { schemas } from '@cabdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { useCallMutation } from '../../../api/hooks';
import { useRefreshAfter } from '../../../api/refresh';
import { EmptyState, ListSkeleton, LoadFailed, Screen } from '../account/screen';
import { usePagedList } from '../account/usePagedList';
import { ChatBubble, OutgoingBubble, type OutgoingMessage } from './ChatBubble';

const PAGE = 50;
const { CHAT_MESSAGE_MAX } = schemas;
// Keys of messages on their way; crypto.randomUUID needs a secure context a phone on plain http lacks.
let outgoingSeq = 0;

/** The conversation with dispatch: newest at the bottom, the office's messages marked read on sight. */
export function DriverChatPage() {
  const { t } = useTranslation();
  const refresh = useRefreshAfter();
  const list = usePagedList('Driver/GetDriverChatss', { sortType: 'desc' }, PAGE);
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  const end = useRef<HTMLDivElement>(null);
  const markRead = useCallMutation('Driver/UpdateStatusOfUnreadMessagesDriverApp');

  const rows = [...list.rows].reverse();
  const newest = rows.at(-1)?.id;
  const unreadFromOffice = rows.some((m) => !m.fromDriver && !m.readAt);

  useEffect(() => {
    if (unreadFromOffice && !markRead.isPending) markRead.mutate({});
    // A new unread message from the office is what asks for another mark, nothing else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreadFromOffice, newest]);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest, outgoing.length]);

  const send = async (key: string, text: string) => {
    setOutgoing((all) => [...all.filter((m) => m.key !== key), { key, text, state: 'sending' }]);
    try {
      await callApi('Driver/SendMessage', { message: text });
      await refresh('Driver/SendMessage');
      setOutgoing((all) => all.filter((m) => m.key !== key));
    } catch (error) {
      setOutgoing((all) => all.map((m) => (m.key === key ? { ...m, state: 'failed', error: messageOf(error) } : m)));
    }
  };

  return (
    <Screen
      title={t('driver-app.chat.title')}
      footer={<Composer onSend={(text) => void send(`out-${++outgoingSeq}`, text)} />}
    >
      {list.error && !list.rows.length ? (
        <LoadFailed title={t('driver-app.chat.loadFailed')} error={list.error} onRetry={list.refetch} />
      ) : list.isPending ? (
        <ListSkeleton rows={5} height={48} />
      ) : (
        <Stack gap="xs" aria-live="polite">
          {list.hasNextPage ? (
            <Button
              variant="subtle"
              size="md"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t('driver-app.chat.older')}
            </Button>
          ) : null}
          {rows.length === 0 && outgoing.length === 0 ? (
            <EmptyState
              icon={<IconMessages size={28} />}
              title={t('driver-app.chat.emptyTitle')}
              text={t('driver-app.chat.emptyText')}
            />
          ) : null}
          {rows.map((m) => (
            <ChatBubble key={m.id} m={m} />
          ))}
          {outgoing.map((m) => (
            <OutgoingBubble
              key={m.key}
              m={m}
              onRetry={() => void send(m.key, m.text)}
              onDiscard={() => setOutgoing((all) => all.filter((o) => o.key !== m.key))}
            />
          ))}
        </Stack>
      )}
      <div ref={end} />
    </Screen>
  );
}

/** Enter sends, Shift+Enter starts a new line; the box empties at once and the message shows as sending. */
function Composer({ onSend }: { onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = () => {
    const message = text.trim();
    if (!message) return;
    onSend(message);
    setText('');
  };
  return (
    <Stack gap={2}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          size="md"
          aria-label={t('driver-app.chat.message')}
          placeholder={t('driver-app.chat.placeholder')}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <ActionIcon
          size={44}
          radius="xl"
          aria-label={t('driver-app.chat.send')}
          onClick={submit}
          disabled={!text.trim()}
        >
          <IconSend size={20} />
        </ActionIcon>
      </Group>
      {text.length > CHAT_MESSAGE_MAX - 100 ? (
        <Text size="xs" c="dimmed" ta="right">
          {text.length} / {CHAT_MESSAGE_MAX}
        </Text>
      ) : null}
    </Stack>
  );
}
