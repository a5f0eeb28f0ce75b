import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useCanCall } from '../../app/can-call';
import { useCallForm } from '../../kit/useContractForm';
import { type Client, toInput, valuesOf } from './clientForm';

function NotesEditor({ client, notes }: { client: Client; notes: string }) {
  const { t } = useTranslation();
  // The client's update is sent every field: the client as it is, with the notes as typed.
  const kit = useCallForm('Client/Update', {
    initialValues: { notes },
    toInput: (values) => ({ ...toInput(valuesOf(client)), id: client.id, notes: values.notes }),
    success: t('clients.notesSaved'),
  });
  return (
    <form onSubmit={kit.submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('clients.notes')}
          description={t('clients.notesHint')}
          autosize
          minRows={6}
          maxRows={16}
          {...kit.form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={kit.saving} disabled={!kit.form.isDirty()}>
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
  const canCall = useCanCall();
  const note = useCall('Client/GetClientNote', { id: client.id });
  if (note.error) {
    return (
      <Alert color="red" title={t('clients.notesFailed')} role="alert">
        {messageOf(note.error)}
      </Alert>
    );
  }
  if (!note.data) return <Skeleton h={160} radius="md" />;
  const notes = note.data.data.notes ?? '';
  return (
    <Paper withBorder radius="md" p="md">
      {canCall('Client/Update') ? (
        <NotesEditor key={notes} client={client} notes={notes} />
      ) : notes ? (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{notes}</Text>
      ) : (
        <Text c="dimmed">{t('clients.noNotes')}</Text>
      )}
    </Paper>
  );
}
