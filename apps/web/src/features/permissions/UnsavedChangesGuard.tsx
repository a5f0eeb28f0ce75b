import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** Warns before edits are lost: leaving the page inside the app, and closing or reloading the tab. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('permissions.unsavedTitle')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <Text>{t('permissions.unsavedText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('permissions.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('permissions.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
