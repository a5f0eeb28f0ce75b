import { Button } from '@mantine/core';
import { IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import type { CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanCall } from '../app/can-call';
import { useCallMutation } from '../api/hooks';
import { ConfirmButton } from '../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../ui/notify';
import type { ChangeName } from './call-kinds';
import type { RecordKind } from './record-kind';

/** "Edit", for roles that may make the kind's update call. */
export function EditButton({ kind, onClick }: { kind: RecordKind; onClick: () => void }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  if (!canCall(kind.update)) return null;
  return (
    <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onClick}>
      {t('form.edit')}
    </Button>
  );
}

/** Switches a record off (it stays, but gets no new work) or on again, through the update call. */
export function SwitchOnOffButton<U extends ChangeName>({
  kind,
  call,
  isActive,
  input,
}: {
  kind: RecordKind;
  call: U;
  isActive: boolean;
  /** What the update is sent to flip the switch (some kinds want every field). */
  input: CallInput<U>;
}) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const update = useCallMutation(call);
  if (!canCall(call)) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconPower size={16} />}
      loading={update.isPending}
      onClick={async () => {
        try {
          const answer = (await update.mutateAsync(input)) as { message?: string };
          notifySuccess(t(isActive ? `${kind.ns}.switchedOff` : `${kind.ns}.switchedOn`), answer.message);
        } catch (error) {
          notifyError(t('form.failed'), error);
        }
      }}
    >
      {isActive ? t(`${kind.ns}.switchOff`) : t(`${kind.ns}.switchOn`)}
    </Button>
  );
}

/**
 * Deletes the record after asking ("Delete James Walker?"), then goes back to the list. A refusal
 * (a client with bookings, 409) shows the server's reason as it is.
 */
export function DeleteRecordButton({ kind, id, name }: { kind: RecordKind; id: number; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const remove = useCallMutation(kind.remove);
  if (!canCall(kind.remove)) return null;
  return (
    <ConfirmButton
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} />}
      question={t(`${kind.ns}.deleteQuestion`, { name })}
      onConfirm={async () => {
        try {
          // Every kind's delete takes the id alone; the name is only known as ChangeName here.
          const answer = (await remove.mutateAsync({ id } as CallInput<typeof kind.remove>)) as { message?: string };
          notifySuccess(t(`${kind.ns}.deleted`), answer.message);
          void navigate(kind.path);
        } catch (error) {
          notifyError(t(`${kind.ns}.deleteFailed`), error);
        }
      }}
    >
      {t('form.delete')}
    </ConfirmButton>
  );
}
