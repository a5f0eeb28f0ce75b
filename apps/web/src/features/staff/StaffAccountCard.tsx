import { Badge, Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { useCallMutation } from '../../api/hooks';
import { dateTime } from '../../ui/format';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import type { StaffMember } from './form-values';

/** The staff member's sign-in account: who they sign in as, when they last did, or opening one. */
export function StaffAccountCard({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [opening, setOpening] = useState(false);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('staff.account.title')}</Title>
          {member.staffRoleName ? <Badge variant="light">{member.staffRoleName}</Badge> : null}
        </Group>
        {member.hasAccount ? (
          <>
            <Text size="sm">{t('staff.account.signsInAs', { email: member.accountEmail })}</Text>
            <Text size="sm" c="dimmed">
              {member.lastSignInAt
                ? t('staff.account.lastSignIn', { when: dateTime(member.lastSignInAt) })
                : t('staff.account.neverSignedIn')}
            </Text>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('staff.account.none')}
            </Text>
            {ability.can('create', 'User') ? (
              <Button
                variant="light"
                leftSection={<IconKey size={16} />}
                w="fit-content"
                onClick={() => setOpening(true)}
              >
                {t('staff.account.open')}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
      <Modal
        opened={opening}
        onClose={() => setOpening(false)}
        title={t('staff.account.openTitle', { name: member.name })}
        centered
      >
        {opening ? <OpenAccountForm member={member} onClose={() => setOpening(false)} /> : null}
      </Modal>
    </Paper>
  );
}

const validate = zodValidate(schemas.createUserInput);

function OpenAccountForm({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { t } = useTranslation();
  const open = useCallMutation('User/CreateUser');
  const form = useForm({
    initialValues: { email: member.email ?? '', password: '' },
    validate: (v) => validate({ personType: 'staff', personId: member.id, ...v }),
    validateInputOnChange: true,
  });
  const submit = useSubmit(form, (v) => open.mutateAsync({ personType: 'staff', personId: member.id, ...v }), {
    success: t('staff.account.opened'),
    onDone: onClose,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('staff.field.accountEmail')} type="email" data-autofocus {...form.getInputProps('email')} />
        <PasswordInput
          label={t('staff.field.accountPassword')}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('staff.account.open')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
