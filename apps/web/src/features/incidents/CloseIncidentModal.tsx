import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';

const validate = zodValidate(schemas.incidentCloseInput);

/** Close an open incident; the action taken is required. */
export function CloseIncidentModal({ incidentId, onClose }: { incidentId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={incidentId !== null}
      onClose={onClose}
      title={t('incidents.closeTitle', { id: incidentId ?? '' })}
      size="lg"
      closeOnClickOutside={false}
    >
      {incidentId !== null ? <CloseForm key={incidentId} id={incidentId} onClose={onClose} /> : null}
    </Modal>
  );
}

function CloseForm({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useCallMutation('Incident/Close');
  const form = useForm({
    initialValues: { actionTaken: '' },
    validate: (values) => validate({ id, ...values }),
  });
  const submit = useSubmit(form, (v) => close.mutateAsync({ id, actionTaken: v.actionTaken }), {
    success: t('incidents.closedDone'),
    onDone: onClose,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('incidents.closeHint')}
        </Text>
        <Textarea
          label={t('incidents.actionTaken')}
          required
          autosize
          minRows={3}
          maxLength={2000}
          data-autofocus
          {...form.getInputProps('actionTaken')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" color="teal" loading={close.isPending}>
            {t('incidents.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
