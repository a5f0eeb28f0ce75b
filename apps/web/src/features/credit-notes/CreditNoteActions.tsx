import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { useCanCall } from '../../app/can-call';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';

/** A draft note's issue and delete buttons, for roles that may; an issued note has none (it is final). */
export function CreditNoteActions({ note }: { note: { id: number; status: string; grossMinor: number } }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const issue = useCallMutation('CreditNote/UpdateCreditNote');
  const remove = useCallMutation('CreditNote/DeleteCreditCard');
  if (note.status !== 'draft') return null;
  const run = async (work: () => Promise<{ message?: string }>, done: string) => {
    try {
      notifySuccess(done, (await work()).message);
    } catch (e) {
      notifyError(t('credit-notes.failed'), e);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      {canCall('CreditNote/UpdateCreditNote') ? (
        <ConfirmButton
          size="xs"
          question={t('credit-notes.issueQuestion')}
          confirmLabel={t('credit-notes.issue')}
          onConfirm={() => run(() => issue.mutateAsync({ id: note.id, issue: true }), t('credit-notes.issued'))}
        >
          {t('credit-notes.issue')}
        </ConfirmButton>
      ) : null}
      {canCall('CreditNote/DeleteCreditCard') ? (
        <ConfirmButton
          size="xs"
          variant="default"
          color="red"
          question={t('credit-notes.deleteQuestion')}
          confirmLabel={t('credit-notes.delete')}
          onConfirm={() => run(() => remove.mutateAsync({ id: note.id }), t('credit-notes.deleted'))}
        >
          {t('credit-notes.delete')}
        </ConfirmButton>
      ) : null}
    </Group>
  );
}
