import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useAbility } from '../../app/ability';
import { useCall, useCallMutation } from '../../api/hooks';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';

const notesSchema = schemas.passengerUpdateInput.pick({ notes: true });

function NotesEditor({ id, notes, onDone }: { id: number; notes: string; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useCallMutation('Passenger/Update');
  const form = useForm({
    initialValues: { notes },
    validate: zodValidate(notesSchema),
    validateInputOnChange: true,
  });
  // Only the notes are sent: the update leaves every other field as it is.
  const submit = useSubmit(form, (values) => update.mutateAsync({ id, notes: values.notes }), {
    success: t('passengers.notes.saved'),
    onDone,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('passengers.field.notes')}
          description={t('passengers.notes.hint')}
          autosize
          minRows={5}
          maxRows={16}
          data-autofocus
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The office's notes about the passenger: read them, and edit them when the role may. */
export function NotesTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const ability = useAbility();
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
          {ability.can('update', 'Passenger') ? (
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
