import { Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import { type Client, toInput, valuesOf } from './clientForm';

const notesRule = schemas.clientShape.pick({ notes: true });

function NotesEditor({ client, notes }: { client: Client; notes: string }) {
  const { t } = useTranslation();
  const update = useCallMutation('Client/Update');
  const form = useForm({
    initialValues: { notes },
    validate: zodValidate(notesRule),
    validateInputOnChange: true,
  });
  const submit = useSubmit(
    form,
    (values) => update.mutateAsync({ ...toInput(valuesOf(client)), id: client.id, notes: values.notes }),
    { success: t('clients.notesSaved'), onDone: () => form.resetDirty() },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('clients.notes')}
          description={t('clients.notesHint')}
          autosize
          minRows={6}
          maxRows={16}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('clients.saveNotes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The client's notes (Client/GetClientNote); people who manage clients can change them here. */
export function ClientNotesTab({ client }: { client: Client }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const note = useCall('Client/GetClientNote', { id: client.id });
  if (!note.data) return <Skeleton h={160} radius="md" />;
  const notes = note.data.data.notes ?? '';
  return (
    <Paper withBorder radius="md" p="md">
      {ability.can('update', 'Client') ? (
        <NotesEditor key={notes} client={client} notes={notes} />
      ) : notes ? (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{notes}</Text>
      ) : (
        <Text c="dimmed">{t('clients.noNotes')}</Text>
      )}
    </Paper>
  );
}
