import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useCanCall } from '../../app/can-call';
import { FormShell } from '../../kit/FormShell';
import { useCallForm } from '../../kit/useContractForm';

function NotesEditor({ id, notes, onDone }: { id: number; notes: string; onDone: () => void }) {
  const { t } = useTranslation();
  // Only the notes are sent: the update leaves every other field as it is.
  const kit = useCallForm('Passenger/Update', {
    initialValues: { notes },
    toInput: (values) => ({ id, notes: values.notes }),
    success: t('passengers.notes.saved'),
    onSaved: onDone,
  });
  return (
    <FormShell kit={kit} onCancel={onDone}>
      <Textarea
        label={t('passengers.field.notes')}
        description={t('passengers.notes.hint')}
        autosize
        minRows={5}
        maxRows={16}
        data-autofocus
        {...kit.form.getInputProps('notes')}
      />
    </FormShell>
  );
}

/** The office's notes about the passenger: read them, and edit them when the role may. */
export function NotesTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [editing, setEditing] = useState(false);
  const note = useCall('Passenger/GetPassengerNote', { id });
  const notes = note.data?.data.notes ?? '';

  if (note.error) {
    return (
      <Alert color="red" title={t('passengers.notes.loadFailed')}>
        {messageOf(note.error)}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg">
      {note.isPending ? (
        <Skeleton h={80} />
      ) : editing ? (
        <NotesEditor id={id} notes={notes} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="sm">
          {notes ? (
            <Text style={{ whiteSpace: 'pre-wrap' }}>{notes}</Text>
          ) : (
            <Text c="dimmed">{t('passengers.notes.empty')}</Text>
          )}
          {canCall('Passenger/Update') ? (
            <Group>
              <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {notes ? t('passengers.notes.edit') : t('passengers.notes.add')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
