import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';

const validate = zodValidate(schemas.broadcastInput);

/** One message to every switched-on driver. */
export function BroadcastModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat.broadcastTitle')} size="lg" closeOnClickOutside={false}>
      {opened ? <BroadcastForm onClose={onClose} /> : null}
    </Modal>
  );
}

function BroadcastForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const send = useCallMutation('Staff/SendBroadCastMessageToAllActiveDriver');
  const form = useForm({ initialValues: { message: '' }, validate: (v) => validate(v) });
  const submit = useSubmit(form, (v) => send.mutateAsync(v), { success: t('chat.broadcastSent'), onDone: onClose });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('chat.broadcastHint')}
        </Text>
        <Textarea
          label={t('chat.message')}
          required
          autosize
          minRows={3}
          maxLength={2000}
          data-autofocus
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('chat.broadcastSend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
