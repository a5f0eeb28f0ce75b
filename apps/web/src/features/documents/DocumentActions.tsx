import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import type { DocumentRow } from './DocumentForm';

/** Open the file, change the document, delete it: each shown only to roles that may. */
export function DocumentActions({ row, onEdit }: { row: DocumentRow; onEdit: (row: DocumentRow) => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const remove = useCallMutation('Common/DeleteDocument');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {row.fileUrl ? (
        <Tooltip label={`${t('documents.openFile')}: ${row.fileName ?? ''}`}>
          <ActionIcon
            component="a"
            href={row.fileUrl}
            target="_blank"
            rel="noopener"
            variant="subtle"
            aria-label={t('documents.openFile')}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {ability.can('update', 'Document') ? (
        <Tooltip label={t('documents.replace')}>
          <ActionIcon variant="subtle" aria-label={t('documents.replace')} onClick={() => onEdit(row)}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {ability.can('delete', 'Document') ? (
        <ConfirmButton
          size="compact-xs"
          variant="subtle"
          color="red"
          question={t('documents.deleteQuestion', { type: row.documentTypeName, owner: row.ownerName })}
          onConfirm={async () => {
            try {
              const res = await remove.mutateAsync({ id: row.id });
              notifySuccess(t('documents.deleted'), res.message);
            } catch (error) {
              notifyError(t('documents.delete'), error);
            }
          }}
        >
          {t('documents.delete')}
        </ConfirmButton>
      ) : null}
    </Group>
  );
}
