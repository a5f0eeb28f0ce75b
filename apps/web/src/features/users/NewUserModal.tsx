import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CallInput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';

type UserType = (typeof schemas.newAccountTypes)[number];

interface Values {
  fullName: string;
  email: string;
  password: string;
  userType: UserType;
  staffRoleId: number | null;
  clientId: number | null;
}

/** The call's input: the role only for staff, the client only for client-portal users. */
export function toNewUserInput(v: Values): CallInput<'Users/CreateNewUser'> {
  return {
    fullName: v.fullName,
    email: v.email,
    password: v.password,
    userType: v.userType,
    ...(v.userType === 'Staff' && v.staffRoleId ? { staffRoleId: v.staffRoleId } : {}),
    ...(v.userType === 'Client' && v.clientId ? { clientId: v.clientId } : {}),
  };
}

const validate = zodValidate(schemas.createNewUserInput);

/** Settings → Users → "Add user": an office or client-portal account. */
export function NewUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('users.addTitle')} centered closeOnClickOutside={false}>
      {opened ? <NewUserForm onClose={onClose} /> : null}
    </Modal>
  );
}

function NewUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCallMutation('Users/CreateNewUser');
  const form = useForm<Values>({
    initialValues: { fullName: '', email: '', password: '', userType: 'Staff', staffRoleId: null, clientId: null },
    validate: (v) => validate(toNewUserInput(v)),
    validateInputOnChange: true,
  });
  const submit = useSubmit(form, (v) => create.mutateAsync(toNewUserInput(v)), {
    success: t('users.added'),
    onDone: onClose,
  });
  const type = form.values.userType;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Stack gap={4}>
          <SegmentedControl
            fullWidth
            aria-label={t('users.userType')}
            value={type}
            onChange={(v) => form.setFieldValue('userType', v as UserType)}
            data={schemas.newAccountTypes.map((u) => ({ value: u, label: u }))}
          />
          <Text size="xs" c="dimmed">
            {t(`users.typeHelp.${type}`)}
          </Text>
        </Stack>
        <TextInput label={t('users.fullName')} required data-autofocus {...form.getInputProps('fullName')} />
        <TextInput label={t('users.email')} type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <PasswordInput
          label={t('users.password')}
          description={t('users.passwordHelp')}
          required
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        {type === 'Staff' ? (
          <LookupSelect
            call="Staff/GetStaffRoleList"
            label={t('users.role')}
            description={t('users.roleHelp')}
            required
            value={form.values.staffRoleId}
            onChange={(v) => form.setFieldValue('staffRoleId', v as number | null)}
            error={form.errors.staffRoleId}
          />
        ) : null}
        {type === 'Client' ? (
          <LookupSelect
            call="Common/GetClientList"
            label={t('users.client')}
            description={t('users.clientHelp')}
            required
            value={form.values.clientId}
            onChange={(v) => form.setFieldValue('clientId', v as number | null)}
            error={form.errors.clientId}
          />
        ) : null}
        <Text size="xs" c="dimmed">
          {t('users.otherPeople')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('users.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
