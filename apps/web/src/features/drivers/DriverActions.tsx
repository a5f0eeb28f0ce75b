import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbility } from '../../app/ability';
import { useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { DriverFormModal } from './DriverFormModal';
import type { DriverProfile } from './form-values';

type NewPassword = CallOutput<'Driver/GetDriverPassword'>;

/** Edit, switch off/on, new app password and delete: each shown only to roles that may do it. */
export function DriverActions({ driver }: { driver: DriverProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState<NewPassword | null>(null);
  const update = useCallMutation('Driver/Update');
  const reset = useCallMutation('Driver/GetDriverPassword');
  const remove = useCallMutation('Driver/Delete');

  const switchOnOff = async () => {
    try {
      const res = await update.mutateAsync({ id: driver.id, isActive: !driver.isActive });
      notifySuccess(res.data.isActive ? t('drivers.switchedOn') : t('drivers.switchedOff'), res.message);
    } catch (error) {
      notifyError(t('form.failed'), error);
    }
  };

  return (
    <Group gap="xs">
      {ability.can('update', 'Driver') ? (
        <>
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            {t('form.edit')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPower size={16} />}
            loading={update.isPending}
            onClick={switchOnOff}
          >
            {driver.isActive ? t('drivers.switchOff') : t('drivers.switchOn')}
          </Button>
          <ConfirmButton
            variant="default"
            leftSection={<IconKey size={16} />}
            color="dark"
            confirmLabel={t('drivers.password.confirm')}
            question={
              driver.hasAppAccount
                ? t('drivers.password.question', { name: driver.fullName })
                : t('drivers.password.questionNew', { name: driver.fullName, email: driver.email ?? '—' })
            }
            onConfirm={async () => {
              try {
                const res = await reset.mutateAsync({ id: driver.id });
                setPassword(res.data);
              } catch (error) {
                notifyError(t('drivers.password.title'), error);
              }
            }}
          >
            {t('drivers.password.button')}
          </ConfirmButton>
        </>
      ) : null}
      {ability.can('delete', 'Driver') ? (
        <ConfirmButton
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          question={t('drivers.deleteQuestion', { name: driver.fullName })}
          onConfirm={async () => {
            try {
              const res = await remove.mutateAsync({ id: driver.id });
              notifySuccess(t('drivers.deleted'), res.message);
              void navigate('/drivers');
            } catch (error) {
              notifyError(t('drivers.deleteFailed'), error);
            }
          }}
        >
          {t('form.delete')}
        </ConfirmButton>
      ) : null}
      <DriverFormModal driver={driver} opened={editing} onClose={() => setEditing(false)} />
      <PasswordModal password={password} onClose={() => setPassword(null)} />
    </Group>
  );
}

/** The temporary password, shown this once: only its hash is kept. */
function PasswordModal({ password, onClose }: { password: NewPassword | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={password !== null} onClose={onClose} title={t('drivers.password.title')} centered>
      {password ? (
        <Stack gap="md">
          <Text size="sm">{t('drivers.password.signInWith', { email: password.email })}</Text>
          <Group gap="sm" wrap="nowrap">
            <Code fz="xl" p="sm" style={{ letterSpacing: 1 }} data-testid="temporary-password">
              {password.temporaryPassword}
            </Code>
            <CopyButton value={password.temporaryPassword}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t('drivers.password.copied') : t('drivers.password.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" variant="light">
            {t('drivers.password.once')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('form.close')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
