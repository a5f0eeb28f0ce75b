import { PasswordInput, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { lookupProps } from '../../kit/form-fields';
import { FormCol as Col, FormSection as Section, FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useContractForm } from '../../kit/useContractForm';
import { LookupSelect } from '../../ui/LookupSelect';
import { type StaffMember, toCreateInput, toFormValues, toUpdateInput } from './form-values';
import { staffKind } from './staff-kind';

interface Props {
  /** The staff member being edited; null adds a new one. */
  member: StaffMember | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (member: StaffMember) => void;
}

/** Add or edit a staff member in a modal, checked as you type with the contract's rules. */
export function StaffFormModal({ member, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={member ? t('staff.editTitle', { name: member.name }) : t('staff.addTitle')}
    >
      <StaffForm member={member} onClose={onClose} onSaved={onSaved} />
    </RecordFormModal>
  );
}

function StaffForm({ member, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const kit = useContractForm(
    staffKind.create,
    staffKind.update,
    { create: toCreateInput, update: (values, m) => toUpdateInput(m.id, values) },
    {
      record: member,
      initialValues: toFormValues(member),
      success: member ? t('staff.saved') : t('staff.added'),
      onSaved: (saved) => {
        onClose();
        onSaved?.(saved);
      },
    },
  );
  const { form } = kit;
  const date = (name: 'dateOfBirth' | 'startDate', extra: { defaultLevel?: 'decade' } = {}) => (
    <DateInput
      label={t(`staff.field.${name}`)}
      valueFormat="DD-MM-YYYY"
      clearable
      clearButtonProps={{ 'aria-label': t('form.clear') }}
      {...extra}
      {...form.getInputProps(name)}
    />
  );

  return (
    <FormShell kit={kit} onCancel={onClose} submitLabel={member ? undefined : t('staff.add')}>
      <Section title={t('staff.section.person')}>
        <Col>
          <TextInput label={t('staff.field.firstName')} required data-autofocus {...form.getInputProps('firstName')} />
        </Col>
        <Col>
          <TextInput label={t('staff.field.lastName')} required {...form.getInputProps('lastName')} />
        </Col>
        <Col>{date('dateOfBirth', { defaultLevel: 'decade' })}</Col>
      </Section>

      <Section title={t('staff.section.contact')}>
        <Col>
          <TextInput label={t('staff.field.email')} type="email" {...form.getInputProps('email')} />
        </Col>
        <Col>
          <TextInput label={t('staff.field.phone')} type="tel" {...form.getInputProps('phone')} />
        </Col>
        <Col>
          <TextInput label={t('staff.field.postcode')} {...form.getInputProps('postcode')} />
        </Col>
        <Col span={12}>
          <TextInput label={t('staff.field.address')} {...form.getInputProps('address')} />
        </Col>
      </Section>

      <Section title={t('staff.section.work')}>
        <Col>
          <LookupSelect
            call="Staff/GetStaffRoleList"
            label={t('staff.field.role')}
            description={t('staff.help.role')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            {...lookupProps(form, 'staffRoleId')}
          />
        </Col>
        <Col>{date('startDate')}</Col>
        <Col>
          <Switch
            mt={28}
            label={t('staff.field.isActive')}
            description={t('staff.help.isActive')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        </Col>
      </Section>

      {member ? null : (
        <Section title={t('staff.section.account')} hint={t('staff.help.account')}>
          <Col span={6}>
            <TextInput
              label={t('staff.field.accountEmail')}
              type="email"
              autoComplete="off"
              {...form.getInputProps('accountEmail')}
            />
          </Col>
          <Col span={6}>
            <PasswordInput
              label={t('staff.field.accountPassword')}
              autoComplete="new-password"
              {...form.getInputProps('accountPassword')}
            />
          </Col>
        </Section>
      )}

      <Textarea label={t('staff.field.notes')} autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
    </FormShell>
  );
}
