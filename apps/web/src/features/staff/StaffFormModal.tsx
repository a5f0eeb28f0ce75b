import {
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import { type StaffFormValues, type StaffMember, toCreateInput, toFormValues, toUpdateInput } from './form-values';

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={member ? t('staff.editTitle', { name: member.name }) : t('staff.addTitle')}
      size="min(820px, 96vw)"
      closeOnClickOutside={false}
    >
      {opened ? <StaffForm key={member?.id ?? 'new'} member={member} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

const validateCreate = zodValidate(schemas.staffCreateInput);
const validateUpdate = zodValidate(schemas.staffUpdateInput);

function StaffForm({ member, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const create = useCallMutation('Staff/Create');
  const update = useCallMutation('Staff/Update');
  const form = useForm<StaffFormValues>({
    initialValues: toFormValues(member),
    validate: (values) =>
      member
        ? validateUpdate(toUpdateInput(member.id, values) as never)
        : validateCreate(toCreateInput(values) as never),
    validateInputOnChange: true,
  });
  const submit = useSubmit(
    form,
    (values) =>
      member ? update.mutateAsync(toUpdateInput(member.id, values)) : create.mutateAsync(toCreateInput(values)),
    {
      success: member ? t('staff.saved') : t('staff.added'),
      onDone: (res) => {
        onClose();
        onSaved?.(res.data);
      },
    },
  );
  const date = (name: 'dateOfBirth' | 'startDate', extra: { defaultLevel?: 'decade' } = {}) => (
    <DateInput
      label={t(`staff.field.${name}`)}
      valueFormat="DD-MM-YYYY"
      clearable
      {...extra}
      {...form.getInputProps(name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title={t('staff.section.person')}>
          <Col>
            <TextInput
              label={t('staff.field.firstName')}
              required
              data-autofocus
              {...form.getInputProps('firstName')}
            />
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
              value={form.values.staffRoleId}
              onChange={(v) => form.setFieldValue('staffRoleId', v as number | null)}
              error={form.errors.staffRoleId}
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

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {member ? t('form.save') : t('staff.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
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
