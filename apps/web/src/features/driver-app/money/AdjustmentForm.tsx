import { Button, Group, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { schemas, type CallInput, type CallOutput } from '@cabdesk/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { notifyError } from '../../../ui/notify';
import { useSubmit } from '../../../ui/useSubmit';
import { zodValidate } from '../../../ui/zodForm';
import { amountProblem, amountText, parseAmount } from './amount';

export type Adjustment = CallOutput<'Driver/GetAdjustmentsData'>;

interface Values {
  kind: Adjustment['kind'];
  /** Named as the call names it so the server's field errors land here; typed in major units. */
  amountMinor: string;
  reason: string;
  effectiveDate: string | null;
}

const validateCall = zodValidate(schemas.driverAdjustmentCreateInput);

const toInput = (v: Values): CallInput<'Driver/CreateAdjustment'> => ({
  kind: v.kind,
  amountMinor: parseAmount(v.amountMinor) ?? 0,
  reason: v.reason,
  effectiveDate: (v.effectiveDate ?? '').slice(0, 10),
});

/** Add or change one adjustment; an existing one can be deleted from here too, after a question. */
export function AdjustmentModal({
  adjustment,
  opened,
  onClose,
}: {
  adjustment: Adjustment | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(adjustment ? 'driver-app.money.adjustment.editTitle' : 'driver-app.money.adjustment.addTitle')}
      fullScreen
      closeOnClickOutside={false}
      styles={{ body: { maxWidth: 720, margin: '0 auto' } }}
    >
      {opened ? <AdjustmentForm adjustment={adjustment} onDone={onClose} /> : null}
    </Modal>
  );
}

export function AdjustmentForm({ adjustment, onDone }: { adjustment: Adjustment | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCallMutation('Driver/CreateAdjustment');
  const update = useCallMutation('Driver/UpdateAdjustments');
  const remove = useCallMutation('Driver/DeleteAdjustments');
  const form = useForm<Values>({
    initialValues: adjustment
      ? {
          kind: adjustment.kind,
          amountMinor: amountText(adjustment.amountMinor),
          reason: adjustment.reason,
          effectiveDate: adjustment.effectiveDate,
        }
      : { kind: 'debit', amountMinor: '', reason: '', effectiveDate: dayjs().format('YYYY-MM-DD') },
    validate: (values) => {
      const problem = amountProblem(values.amountMinor);
      const errors = validateCall(toInput(values));
      delete errors.amountMinor;
      if (problem) errors.amountMinor = t(`driver-app.money.expense.error.amount.${problem}`);
      if (!values.effectiveDate) errors.effectiveDate = t('driver-app.money.adjustment.dateRequired');
      return errors;
    },
  });
  const submit = useSubmit(
    form,
    (values) =>
      adjustment ? update.mutateAsync({ id: adjustment.id, ...toInput(values) }) : create.mutateAsync(toInput(values)),
    { success: t('driver-app.money.adjustment.saved'), onDone },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          size="md"
          data={[
            { value: 'debit', label: t('driver-app.money.adjustment.debit') },
            { value: 'credit', label: t('driver-app.money.adjustment.credit') },
          ]}
          aria-label={t('driver-app.money.adjustment.kind')}
          {...form.getInputProps('kind')}
        />
        <TextInput
          size="md"
          label={t('driver-app.money.adjustment.amount')}
          description={t('driver-app.money.expense.amountHint')}
          placeholder="12.50"
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.getInputProps('amountMinor')}
        />
        <Textarea
          size="md"
          label={t('driver-app.money.adjustment.reason')}
          description={t('driver-app.money.adjustment.reasonHint')}
          required
          autosize
          minRows={2}
          maxLength={300}
          {...form.getInputProps('reason')}
        />
        <DateInput
          size="md"
          label={t('driver-app.money.adjustment.effectiveDate')}
          valueFormat="DD-MM-YYYY"
          required
          {...form.getInputProps('effectiveDate')}
        />
        <Button type="submit" size="lg" fullWidth loading={create.isPending || update.isPending}>
          {t('form.save')}
        </Button>
        {adjustment ? (
          <Group justify="center">
            <ConfirmButton
              variant="subtle"
              color="red"
              size="md"
              question={t('driver-app.money.adjustment.deleteQuestion', { reason: adjustment.reason })}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync({ id: adjustment.id });
                  onDone();
                } catch (error) {
                  notifyError(t('driver-app.money.adjustment.deleteFailed'), error);
                }
              }}
            >
              {t('driver-app.money.adjustment.delete')}
            </ConfirmButton>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
