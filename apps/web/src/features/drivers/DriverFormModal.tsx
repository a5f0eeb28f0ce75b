import { PasswordInput, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { lookupProps, TagsField } from '../../kit/form-fields';
import { FormCol as Col, FormSection as Section, FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useContractForm } from '../../kit/useContractForm';
import { LookupSelect } from '../../ui/LookupSelect';
import { driverKind } from './driver-kind';
import { type DriverProfile, toCreateInput, toFormValues, toUpdateInput } from './form-values';

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
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={driver ? t('drivers.form.editTitle', { name: driver.fullName }) : t('drivers.form.addTitle')}
      size="min(960px, 96vw)"
    >
      <DriverForm driver={driver} onClose={onClose} onSaved={onSaved} />
    </RecordFormModal>
  );
}

const yearsAgo = (n: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - n);
  return d.toISOString().slice(0, 10);
};

function DriverForm({ driver, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const kit = useContractForm(
    driverKind.create,
    driverKind.update,
    { create: toCreateInput, update: (values, d) => toUpdateInput(d.id, values) },
    {
      record: driver,
      initialValues: toFormValues(driver),
      success: driver ? t('drivers.form.saved') : t('drivers.form.added'),
      onSaved: (saved) => {
        onClose();
        onSaved?.(saved);
      },
    },
  );
  const { form } = kit;

  return (
    <FormShell kit={kit} onCancel={onClose} submitLabel={driver ? undefined : t('drivers.add')}>
      <Section title={t('drivers.section.person')}>
        <Col>
          <TextInput
            label={t('drivers.field.firstName')}
            required
            data-autofocus
            {...form.getInputProps('firstName')}
          />
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
            clearButtonProps={{ 'aria-label': t('form.clear') }}
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
            {...lookupProps(form, 'nationality')}
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
            {...lookupProps(form, 'driverTypeId')}
          />
        </Col>
        <Col>
          <LookupSelect
            call="Vendor/GetVendorList"
            label={t('drivers.field.vendor')}
            placeholder={t('drivers.help.vendor')}
            {...lookupProps(form, 'vendorId')}
          />
        </Col>
        <Col>
          <LookupSelect
            call="Driver/GetDefaultPaymentModelList"
            label={t('drivers.field.paymentModel')}
            {...lookupProps(form, 'defaultPaymentModelId')}
          />
        </Col>
        <Col>
          <DateInput
            label={t('drivers.field.dateJoined')}
            valueFormat="DD-MM-YYYY"
            clearable
            clearButtonProps={{ 'aria-label': t('form.clear') }}
            {...form.getInputProps('dateJoined')}
          />
        </Col>
        <Col span={8}>
          <TagsField form={form} call="Driver/GetDriverTagList" label={t('drivers.field.tags')} />
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
    </FormShell>
  );
}
