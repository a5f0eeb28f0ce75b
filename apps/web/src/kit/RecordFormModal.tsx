import { Modal, ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The modal a record's form opens in. The form inside is built afresh at every opening, so it starts
 * from the record as it is now; a click beside it does not throw typing away.
 */
export function RecordFormModal({
  opened,
  onClose,
  title,
  size = 'min(820px, 96vw)',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeOnClickOutside={false}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      {opened ? children : null}
    </Modal>
  );
}
