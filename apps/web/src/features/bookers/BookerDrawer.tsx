import { Button, Drawer, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import { type BookerValues, emptyBooker, toCreateInput, toUpdateInput, valuesOf } from './booker-form';

type Booker = CallOutput<'Booking/GetTableSummaryBooker'>;

const validateCreate = zodValidate(schemas.bookerCreateInput);

/** Adds a booker (booker null) or changes one, in a drawer beside the list. */
export function BookerDrawer({
  opened,
  booker,
  onClose,
}: {
  opened: boolean;
  booker: Booker | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={booker ? t('bookers.editTitle', { name: booker.name }) : t('bookers.addTitle')}
      closeOnClickOutside={false}
    >
      {opened ? <BookerForm key={booker?.id ?? 'new'} booker={booker} onClose={onClose} /> : null}
    </Drawer>
  );
}

function BookerForm({ booker, onClose }: { booker: Booker | null; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useCallMutation('Booking/AddBooker');
  const update = useCallMutation('Booking/UpdateBooker');
  const form = useForm<BookerValues>({
    initialValues: booker ? valuesOf(booker) : emptyBooker,
    validate: (v) => validateCreate(toCreateInput(v)),
    validateInputOnChange: true,
  });
  const submit = useSubmit(
    form,
    (v) => (booker ? update.mutateAsync(toUpdateInput(booker.id, v)) : add.mutateAsync(toCreateInput(v))),
    { success: booker ? t('bookers.saved') : t('bookers.added'), onDone: onClose },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('bookers.name')} required data-autofocus {...form.getInputProps('name')} />
        <TextInput label={t('bookers.email')} type="email" {...form.getInputProps('email')} />
        <TextInput label={t('bookers.phone')} type="tel" {...form.getInputProps('phone')} />
        <LookupSelect
          call="Common/GetClientList"
          label={t('bookers.client')}
          description={t('bookers.clientHelp')}
          value={form.values.clientId}
          onChange={(v) => form.setFieldValue('clientId', v as number | null)}
          error={form.errors.clientId}
        />
        <Switch
          label={t('bookers.isActive')}
          description={t('bookers.isActiveHelp')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {booker ? t('form.save') : t('bookers.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
