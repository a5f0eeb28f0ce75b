import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks first ("Delete driver James Walker?"), then runs the action. */
export function ConfirmButton({
  children,
  question,
  onConfirm,
  confirmLabel,
  ...props
}: ButtonProps & { children: ReactNode; question: string; onConfirm: () => Promise<unknown>; confirmLabel?: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button {...props} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={t('form.areYouSure')} centered>
        <Text mb="md">{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
                close();
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel ?? t('form.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
