import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for a new role's name; the role appears in the grid with no grants, saved with the rest. */
export function NewRoleModal({
  opened,
  taken,
  onClose,
  onAdd,
}: {
  opened: boolean;
  taken: readonly string[];
  onClose(): void;
  onAdd(name: string): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const add = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('permissions.nameRequired'));
    if (trimmed.length > 80) return setError(t('permissions.nameTooLong'));
    if (taken.some((n) => n.toLowerCase() === trimmed.toLowerCase())) return setError(t('permissions.nameTaken'));
    onAdd(trimmed);
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('permissions.newRole')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <TextInput
          label={t('permissions.roleName')}
          description={t('permissions.newRoleHelp')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t('permissions.cancel')}
          </Button>
          <Button type="submit">{t('permissions.addRole')}</Button>
        </Group>
      </form>
    </Modal>
  );
}
