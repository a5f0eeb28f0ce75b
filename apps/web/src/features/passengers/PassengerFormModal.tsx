import {
  Anchor,
  Autocomplete,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { notifyError, notifySuccess } from '../../ui/notify';
import {
  emptyPassenger,
  type Passenger,
  type PassengerFormValues,
  titles,
  toCreateInput,
  toUpdateInput,
  validatePassenger,
  valuesOf,
} from './passengerForm';
import { type Clash, useAvailability } from './useAvailability';

function PassengerTagsInput({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const tags = useCall('Common/GetTagList', { perPage: 0, tagType: 'passenger' }, { staleTime: 60_000 });
  return (
    <MultiSelect
      label={t('passengers.field.tags')}
      placeholder={value.length ? undefined : t('passengers.form.noTags')}
      data={(tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      disabled={tags.isPending}
      searchable
      clearable
    />
  );
}

function PassengerForm({ passenger, onDone }: { passenger: Passenger | null; onDone: (p: Passenger | null) => void }) {
  const { t } = useTranslation();
  const create = useCallMutation('Passenger/Create');
  const update = useCallMutation('Passenger/Update');
  const form = useForm<PassengerFormValues>({
    initialValues: passenger ? valuesOf(passenger) : emptyPassenger(),
    validate: validatePassenger,
    validateInputOnChange: true,
  });
  const { clashes, checking } = useAvailability(form.values, passenger?.id ?? null);

  // useSubmit's way with field errors, but a new passenger is announced by the page, with a link to them.
  const submit = form.onSubmit(async (values) => {
    try {
      if (passenger) {
        const result = await update.mutateAsync(toUpdateInput(passenger.id, values));
        notifySuccess(t('passengers.saved'), result.message);
        onDone(result.data);
      } else {
        onDone((await create.mutateAsync(toCreateInput(values))).data);
      }
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) {
        form.setErrors(error.byField);
        notifyError(t('form.checkFields'), error);
      } else {
        notifyError(t('form.failed'), error);
      }
    }
  });

  /** A validation message wins; otherwise the clash the server found, with a link to that passenger. */
  const contactProps = (field: 'email' | 'phone' | 'mobile') => {
    const props = form.getInputProps(field);
    const clash: Clash | undefined = clashes[field];
    const error: ReactNode =
      props.error ??
      (clash ? (
        <>
          {t(`passengers.form.clash.${field}`)}{' '}
          <Anchor component={Link} to={`/passengers/${clash.passengerID}`} size="xs" target="_blank">
            {clash.name}
          </Anchor>
        </>
      ) : undefined);
    return { ...props, error, rightSection: checking && !props.error ? <Loader size={14} /> : undefined };
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Autocomplete label={t('passengers.field.title')} data={titles} {...form.getInputProps('title')} />
          <TextInput label={t('passengers.field.firstName')} withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label={t('passengers.field.surname')} withAsterisk {...form.getInputProps('surname')} />
        </SimpleGrid>
        <TextInput
          label={t('passengers.field.email')}
          description={t('passengers.form.contactHint')}
          type="email"
          autoComplete="off"
          {...contactProps('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('passengers.field.phone')} type="tel" {...contactProps('phone')} />
          <TextInput label={t('passengers.field.mobile')} type="tel" {...contactProps('mobile')} />
        </SimpleGrid>
        <LookupSelect
          call="Common/GetClientList"
          label={t('passengers.field.client')}
          placeholder={t('passengers.form.noClient')}
          value={form.values.clientId}
          onChange={(v) => form.setFieldValue('clientId', typeof v === 'number' ? v : null)}
          error={form.errors.clientId}
        />
        <PassengerTagsInput value={form.values.tagIds} onChange={(ids) => form.setFieldValue('tagIds', ids)} />
        {passenger ? null : (
          <Textarea label={t('passengers.field.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        )}
        <Group gap="xl">
          <Switch label={t('passengers.field.isVip')} {...form.getInputProps('isVip', { type: 'checkbox' })} />
          <Switch label={t('passengers.field.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {passenger ? t('form.save') : t('passengers.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds a passenger, or edits one; the form is built fresh at every opening. */
export function PassengerFormModal({
  opened,
  passenger,
  onClose,
  onSaved,
}: {
  opened: boolean;
  passenger: Passenger | null;
  onClose: () => void;
  onSaved?: (p: Passenger) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={passenger ? t('passengers.editTitle', { name: passenger.name }) : t('passengers.addTitle')}
      size="lg"
      closeOnClickOutside={false}
    >
      {opened ? (
        <PassengerForm
          passenger={passenger}
          onDone={(saved) => {
            if (saved) onSaved?.(saved);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
