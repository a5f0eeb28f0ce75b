import { Anchor, Autocomplete, Group, Loader, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lookupProps, TagsField } from '../../kit/form-fields';
import { FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useContractForm } from '../../kit/useContractForm';
import { LookupSelect } from '../../ui/LookupSelect';
import { passengerKind } from './passenger-kind';
import { emptyPassenger, type Passenger, titles, toCreateInput, toUpdateInput, valuesOf } from './passengerForm';
import { type Clash, useAvailability } from './useAvailability';

interface Props {
  opened: boolean;
  /** The passenger being edited; null adds a new one. */
  passenger: Passenger | null;
  onClose: () => void;
  onSaved?: (p: Passenger) => void;
}

/** Adds a passenger, or edits one; the form is built fresh at every opening. */
export function PassengerFormModal({ opened, passenger, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={passenger ? t('passengers.editTitle', { name: passenger.name }) : t('passengers.addTitle')}
      size="lg"
    >
      <PassengerForm passenger={passenger} onClose={onClose} onSaved={onSaved} />
    </RecordFormModal>
  );
}

function PassengerForm({ passenger, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const kit = useContractForm(
    passengerKind.create,
    passengerKind.update,
    { create: toCreateInput, update: (values, p) => toUpdateInput(p.id, values) },
    {
      record: passenger,
      initialValues: passenger ? valuesOf(passenger) : emptyPassenger(),
      // A new passenger is announced by the page, with a link to them.
      success: passenger ? t('passengers.saved') : false,
      onSaved: (saved) => {
        onClose();
        onSaved?.(saved);
      },
    },
  );
  const { form } = kit;
  const { clashes, checking } = useAvailability(form.values, passenger?.id ?? null);

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
    <FormShell kit={kit} onCancel={onClose} submitLabel={passenger ? undefined : t('passengers.add')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Autocomplete label={t('passengers.field.title')} data={titles} {...form.getInputProps('title')} />
        <TextInput
          label={t('passengers.field.firstName')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('firstName')}
        />
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
        {...lookupProps(form, 'clientId')}
      />
      <TagsField
        form={form}
        call="Common/GetTagList"
        filters={{ tagType: 'passenger' }}
        label={t('passengers.field.tags')}
        placeholder={form.values.tagIds.length ? undefined : t('passengers.form.noTags')}
      />
      {passenger ? null : (
        <Textarea label={t('passengers.field.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
      )}
      <Group gap="xl">
        <Switch label={t('passengers.field.isVip')} {...form.getInputProps('isVip', { type: 'checkbox' })} />
        <Switch label={t('passengers.field.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
      </Group>
    </FormShell>
  );
}
