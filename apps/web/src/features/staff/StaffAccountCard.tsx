import { Badge, Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { FormShell } from '../../kit/FormShell';
import { useCallForm } from '../../kit/useContractForm';
import { dateTime } from '../../ui/format';
import type { StaffMember } from './form-values';

/** The staff member's sign-in account: who they sign in as, when they last did, or opening one. */
export function StaffAccountCard({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [opening, setOpening] = useState(false);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('staff.account.title')}
          </Title>
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
            {canCall('User/CreateUser') ? (
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
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        {opening ? <OpenAccountForm member={member} onClose={() => setOpening(false)} /> : null}
      </Modal>
    </Paper>
  );
}

function OpenAccountForm({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { t } = useTranslation();
  const kit = useCallForm('User/CreateUser', {
    initialValues: { email: member.email ?? '', password: '' },
    toInput: (values) => ({ personType: 'staff', personId: member.id, ...values }),
    success: t('staff.account.opened'),
    onSaved: onClose,
  });
  return (
    <FormShell kit={kit} onCancel={onClose} submitLabel={t('staff.account.open')}>
      <TextInput
        label={t('staff.field.accountEmail')}
        type="email"
        data-autofocus
        {...kit.form.getInputProps('email')}
      />
      <PasswordInput
        label={t('staff.field.accountPassword')}
        autoComplete="new-password"
        {...kit.form.getInputProps('password')}
      />
    </FormShell>
  );
}
