import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { useCallMutation } from '../../api/hooks';
import { DeleteRecordButton, EditButton, SwitchOnOffButton } from '../../kit/RecordActions';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError } from '../../ui/notify';
import { driverKind } from './driver-kind';
import { DriverFormModal } from './DriverFormModal';
import type { DriverProfile } from './form-values';

type NewPassword = CallOutput<'Driver/GetDriverPassword'>;

/** Edit, switch off/on, new app password and delete: each shown only to roles that may do it. */
export function DriverActions({ driver }: { driver: DriverProfile }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState<NewPassword | null>(null);
  const reset = useCallMutation('Driver/GetDriverPassword');

  return (
    <>
      <EditButton kind={driverKind} onClick={() => setEditing(true)} />
      <SwitchOnOffButton
        kind={driverKind}
        call={driverKind.update}
        isActive={driver.isActive}
        input={{ id: driver.id, isActive: !driver.isActive }}
      />
      {canCall('Driver/GetDriverPassword') ? (
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
      ) : null}
      <DeleteRecordButton kind={driverKind} id={driver.id} name={driver.fullName} />
      <DriverFormModal driver={driver} opened={editing} onClose={() => setEditing(false)} />
      <PasswordModal password={password} onClose={() => setPassword(null)} />
    </>
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
