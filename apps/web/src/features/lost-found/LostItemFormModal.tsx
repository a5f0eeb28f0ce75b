import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { schemas, type CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import { BookingPicker } from './BookingPicker';
import { categoryOptions } from './categories';

interface Values {
  bookingId: number | null;
  category: string;
  description: string;
  foundAt: string | null;
  notes: string;
}

const validate = zodValidate(schemas.lostItemCreateInput);

/** Mantine gives "YYYY-MM-DD HH:mm:ss" on the viewer's clock; the server takes an instant. */
const toInstant = (local: string | null) => (local ? new Date(local.replace(' ', 'T')).toISOString() : undefined);

const toInput = (v: Values): CallInput<'LostandFound/Create'> => ({
  // Left empty, the fields are sent missing so the rules answer "is required".
  bookingId: (v.bookingId ?? undefined) as number,
  category: (v.category || undefined) as CallInput<'LostandFound/Create'>['category'],
  description: v.description,
  foundAt: toInstant(v.foundAt),
  notes: v.notes,
});

export function LostItemFormModal({
  opened,
  onClose,
  bookingId,
}: {
  opened: boolean;
  onClose: () => void;
  bookingId?: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('lost-found.recordTitle')} size="lg" closeOnClickOutside={false}>
      {opened ? <LostItemForm onClose={onClose} bookingId={bookingId ?? null} /> : null}
    </Modal>
  );
}

function LostItemForm({ onClose, bookingId }: { onClose: () => void; bookingId: number | null }) {
  const { t } = useTranslation();
  const create = useCallMutation('LostandFound/Create');
  const form = useForm<Values>({
    initialValues: { bookingId, category: '', description: '', foundAt: null, notes: '' },
    validate: (values) => validate(toInput(values) as never),
  });
  const submit = useSubmit(form, (v) => create.mutateAsync(toInput(v)), {
    success: t('lost-found.recorded'),
    onDone: onClose,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <BookingPicker
          label={t('lost-found.field.booking')}
          required
          value={form.values.bookingId}
          onChange={(id) => form.setFieldValue('bookingId', id)}
          error={form.errors.bookingId as string | undefined}
        />
        <Select
          label={t('lost-found.field.category')}
          required
          searchable
          data={categoryOptions(t)}
          {...form.getInputProps('category')}
        />
        <Textarea
          label={t('lost-found.field.description')}
          required
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('description')}
        />
        <DateTimePicker
          label={t('lost-found.field.foundAt')}
          description={t('lost-found.foundAtHint')}
          clearable
          maxDate={new Date()}
          valueFormat="DD-MM-YYYY HH:mm"
          {...form.getInputProps('foundAt')}
        />
        <Textarea label={t('lost-found.field.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('lost-found.record')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
