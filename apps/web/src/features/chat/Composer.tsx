import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { notifyError } from '../../ui/notify';

/** Enter sends, Shift+Enter starts a new line; the text stays when sending fails. */
export function Composer({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useCallMutation('Staff/SendMessage');
  const submit = async () => {
    const message = text.trim();
    if (!message || send.isPending) return;
    try {
      await send.mutateAsync({ driverId, message });
      setText('');
    } catch (error) {
      notifyError(t('chat.sendFailed'), error);
    }
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        aria-label={t('chat.message')}
        placeholder={t('chat.placeholder')}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <ActionIcon
        size="lg"
        aria-label={t('chat.send')}
        onClick={() => void submit()}
        loading={send.isPending}
        disabled={!text.trim()}
      >
        <IconSend size={18} />
      </ActionIcon>
    </Group>
  );
}
