import {
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import { type DriverFormValues, type DriverProfile, toCreateInput, toFormValues, toUpdateInput } from './form-values';

interface Props {
  /** The driver being edited; null adds a new one. */
  driver: DriverProfile | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (driver: DriverProfile) => void;
}

/** Add or edit a driver in a modal, checked as you type with the contract's rules. */
export function DriverFormModal({ driver, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={driver ? t('drivers.form.editTitle', { name: driver.fullName }) : t('drivers.form.addTitle')}
      size="min(960px, 96vw)"
      closeOnClickOutside={false}
    >
      {opened ? <DriverForm key={driver?.id ?? 'new'} driver={driver} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

const yearsAgo = (n: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - n);
  return d.toISOString().slice(0, 10);
};

const validateCreate = zodValidate(schemas.driverCreateInput);
const validateUpdate = zodValidate(schemas.driverUpdateInput);

function DriverForm({ driver, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const create = useCallMutation('Driver/Create');
  const update = useCallMutation('Driver/Update');
  const form = useForm<DriverFormValues>({
    initialValues: toFormValues(driver),
    validate: (values) =>
      driver
        ? validateUpdate(toUpdateInput(driver.id, values) as never)
        : validateCreate(toCreateInput(values) as never),
    validateInputOnChange: true,
  });
  const submit = useSubmit(
    form,
    (values) =>
      driver ? update.mutateAsync(toUpdateInput(driver.id, values)) : create.mutateAsync(toCreateInput(values)),
    {
      success: driver ? t('drivers.form.saved') : t('drivers.form.added'),
      onDone: (res) => {
        onClose();
        onSaved?.(res.data);
      },
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title={t('drivers.section.person')}>
          <Col>
            <TextInput label={t('drivers.field.firstName')} required {...form.getInputProps('firstName')} />
          </Col>
          <Col>
            <TextInput label={t('drivers.field.lastName')} required {...form.getInputProps('lastName')} />
          </Col>
          <Col>
            <TextInput label={t('drivers.field.callsign')} {...form.getInputProps('callsign')} />
          </Col>
          <Col>
            <DateInput
              label={t('drivers.field.dateOfBirth')}
              valueFormat="DD-MM-YYYY"
              clearable
              defaultLevel="decade"
              defaultDate={yearsAgo(35)}
              maxDate={yearsAgo(18)}
              {...form.getInputProps('dateOfBirth')}
            />
          </Col>
          <Col>
            <LookupSelect
              call="Common/GetNationalityList"
              valueKey="code"
              label={t('drivers.field.nationality')}
              {...pick(form, 'nationality')}
            />
          </Col>
          <Col>
            <TextInput label={t('drivers.field.licenceNumber')} {...form.getInputProps('licenceNumber')} />
          </Col>
        </Section>

        <Section title={t('drivers.section.contact')}>
          <Col>
            <TextInput label={t('drivers.field.email')} type="email" {...form.getInputProps('email')} />
          </Col>
          <Col>
            <TextInput label={t('drivers.field.phone')} type="tel" {...form.getInputProps('phone')} />
          </Col>
          <Col>
            <TextInput label={t('drivers.field.mobile')} type="tel" {...form.getInputProps('mobile')} />
          </Col>
          <Col span={8}>
            <TextInput label={t('drivers.field.address')} {...form.getInputProps('address')} />
          </Col>
          <Col>
            <TextInput label={t('drivers.field.postcode')} {...form.getInputProps('postcode')} />
          </Col>
        </Section>

        <Section title={t('drivers.section.work')}>
          <Col>
            <LookupSelect
              call="Driver/GetDriverTypeList"
              label={t('drivers.field.driverType')}
              {...pick(form, 'driverTypeId')}
            />
          </Col>
          <Col>
            <LookupSelect
              call="Vendor/GetVendorList"
              label={t('drivers.field.vendor')}
              placeholder={t('drivers.help.vendor')}
              {...pick(form, 'vendorId')}
            />
          </Col>
          <Col>
            <LookupSelect
              call="Driver/GetDefaultPaymentModelList"
              label={t('drivers.field.paymentModel')}
              {...pick(form, 'defaultPaymentModelId')}
            />
          </Col>
          <Col>
            <DateInput
              label={t('drivers.field.dateJoined')}
              valueFormat="DD-MM-YYYY"
              clearable
              {...form.getInputProps('dateJoined')}
            />
          </Col>
          <Col span={8}>
            <TagSelect form={form} />
          </Col>
          <Col span={12}>
            <Switch
              label={t('drivers.field.isActive')}
              description={t('drivers.help.isActive')}
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
          </Col>
        </Section>

        <Section title={t('drivers.section.bank')}>
          <Col>
            <TextInput label={t('drivers.field.bankAccountName')} {...form.getInputProps('bankAccountName')} />
          </Col>
          <Col>
            <TextInput label={t('drivers.field.bankSortCode')} {...form.getInputProps('bankSortCode')} />
          </Col>
          <Col>
            <TextInput
              label={t('drivers.field.bankAccountNumber')}
              autoComplete="off"
              placeholder={
                driver?.bankAccountNumberLast4
                  ? t('drivers.help.keepAccount', { last4: driver.bankAccountNumberLast4 })
                  : undefined
              }
              {...form.getInputProps('bankAccountNumber')}
            />
          </Col>
        </Section>

        {driver ? null : (
          <Section title={t('drivers.section.app')} hint={t('drivers.help.app')}>
            <Col>
              <TextInput
                label={t('drivers.field.appEmail')}
                type="email"
                autoComplete="off"
                {...form.getInputProps('appEmail')}
              />
            </Col>
            <Col>
              <PasswordInput
                label={t('drivers.field.appPassword')}
                autoComplete="new-password"
                {...form.getInputProps('appPassword')}
              />
            </Col>
          </Section>
        )}

        <Textarea label={t('drivers.field.notes')} autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {driver ? t('form.save') : t('drivers.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Pickable = 'nationality' | 'driverTypeId' | 'vendorId' | 'defaultPaymentModelId';

/** The value, change and error of a look-up field (LookupSelect wants its value always given). */
function pick(form: UseFormReturnType<DriverFormValues>, field: Pickable) {
  return {
    value: form.values[field],
    onChange: (v: string | number | null) => form.setFieldValue(field, v as never),
    error: form.errors[field],
  };
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Divider label={title} labelPosition="left" />
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      <Grid gap="sm">{children}</Grid>
    </Stack>
  );
}

function Col({ span = 4, children }: { span?: number; children: ReactNode }) {
  return <Grid.Col span={{ base: 12, sm: span === 12 ? 12 : 6, md: span }}>{children}</Grid.Col>;
}

function TagSelect({ form }: { form: UseFormReturnType<DriverFormValues> }) {
  const { t } = useTranslation();
  const tags = useCall('Driver/GetDriverTagList', { perPage: 0 }, { staleTime: 60_000 });
  const props = form.getInputProps('tagIds');
  return (
    <MultiSelect
      label={t('drivers.field.tags')}
      searchable
      clearable
      data={(tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
      value={form.values.tagIds.map(String)}
      onChange={(values) => form.setFieldValue('tagIds', values.map(Number))}
      error={props.error as ReactNode}
      nothingFoundMessage="—"
    />
  );
}
