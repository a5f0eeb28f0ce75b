import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas, type CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import { BookingPicker } from '../lost-found/BookingPicker';
import { incidentCategoryOptions } from './categories';

type Input = CallInput<'Incident/Create'>;
interface Values {
  bookingId: number | null;
  category: string;
  description: string;
}

const validate = zodValidate(schemas.incidentCreateInput);
const toInput = (v: Values): Input => ({
  // Left empty, the fields are sent missing so the rules answer "is required".
  bookingId: (v.bookingId ?? undefined) as number,
  category: (v.category || undefined) as Input['category'],
  description: v.description,
});

/** Record an incident: the booking (its driver and passenger come with it), a category, what happened. */
export function IncidentFormModal({
  opened,
  onClose,
  bookingId,
}: {
  opened: boolean;
  onClose: () => void;
  bookingId: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('incidents.createTitle')} size="lg" closeOnClickOutside={false}>
      {opened ? <IncidentForm onClose={onClose} bookingId={bookingId} /> : null}
    </Modal>
  );
}

function IncidentForm({ onClose, bookingId }: { onClose: () => void; bookingId: number | null }) {
  const { t } = useTranslation();
  const create = useCallMutation('Incident/Create');
  const form = useForm<Values>({
    initialValues: { bookingId, category: '', description: '' },
    validate: (values) => validate(toInput(values) as never),
  });
  const submit = useSubmit(form, (v) => create.mutateAsync(toInput(v)), {
    success: t('incidents.created'),
    onDone: onClose,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <BookingPicker
          label={t('incidents.column.booking')}
          required
          allBookings
          value={form.values.bookingId}
          onChange={(id) => form.setFieldValue('bookingId', id)}
          error={form.errors.bookingId as string | undefined}
        />
        <Text size="xs" c="dimmed">
          {t('incidents.peopleFromBooking')}
        </Text>
        <Select
          label={t('incidents.column.category')}
          required
          searchable
          data={incidentCategoryOptions(t)}
          {...form.getInputProps('category')}
        />
        <Textarea
          label={t('incidents.description')}
          required
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('incidents.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
