import { Button, Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { RecordFormModal } from '../../../kit/RecordFormModal';
import { fromMinor, toMinor } from '../../../ui/format';
import { useSubmit } from '../../../ui/useSubmit';

interface DialogProps {
  bookingId: number;
  opened: boolean;
  onClose: () => void;
}

/** Money typed as units (12.50), sent in minor units; empty stays empty so the server can name it. */
const minorOrNothing = (text: string) => (text.trim() === '' ? undefined : toMinor(text));

/** Cash at the desk, a bank transfer or a cheque the office took for the booking. */
export function RecordPaymentDialog({ bookingId, opened, onClose, due }: DialogProps & { due: number }) {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={t('payments.booking.record.title')}
      size="min(480px, 96vw)"
    >
      <RecordPaymentForm bookingId={bookingId} onClose={onClose} due={due} />
    </RecordFormModal>
  );
}

function RecordPaymentForm({ bookingId, onClose, due }: { bookingId: number; onClose: () => void; due: number }) {
  const { t } = useTranslation();
  const record = useCallMutation('PaymentTransaction/AddPaymentTransaction', { refreshes: { also: ['Booking'] } });
  const form = useForm({
    initialValues: { amount: fromMinor(due), method: 'cash', reference: '', note: '' },
  });
  const submit = useSubmit(
    form,
    (v) =>
      record.mutateAsync({
        bookingId,
        amount: minorOrNothing(v.amount) as number,
        method: v.method as CallInput<'PaymentTransaction/AddPaymentTransaction'>['method'],
        reference: v.reference || undefined,
        note: v.note || undefined,
      }),
    { success: t('payments.booking.record.done'), onDone: onClose },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('payments.booking.amount')}
          inputMode="decimal"
          required
          {...form.getInputProps('amount')}
        />
        <Select
          label={t('payments.booking.record.method')}
          data={['cash', 'bank_transfer', 'cheque'].map((m) => ({
            value: m,
            label: t(`payments.booking.method.${m}`),
          }))}
          allowDeselect={false}
          {...form.getInputProps('method')}
        />
        <TextInput label={t('payments.booking.record.reference')} {...form.getInputProps('reference')} />
        <Textarea label={t('payments.booking.note')} autosize minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('payments.booking.record.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Money back to the card: in full or in part, always with a reason. */
export function RefundDialog({ bookingId, opened, onClose, refundable }: DialogProps & { refundable: number }) {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      opened={opened}
      onClose={onClose}
      title={t('payments.booking.refund.title')}
      size="min(480px, 96vw)"
    >
      <RefundForm bookingId={bookingId} onClose={onClose} refundable={refundable} />
    </RecordFormModal>
  );
}

function RefundForm({
  bookingId,
  onClose,
  refundable,
}: {
  bookingId: number;
  onClose: () => void;
  refundable: number;
}) {
  const { t } = useTranslation();
  const refund = useCallMutation('PaymentTransaction/RefundPayment', { refreshes: { also: ['Booking'] } });
  const form = useForm({ initialValues: { amount: fromMinor(refundable), reason: '' } });
  const submit = useSubmit(
    form,
    (v) => refund.mutateAsync({ bookingId, amount: minorOrNothing(v.amount), reason: v.reason }),
    { success: t('payments.booking.refund.done'), onDone: onClose },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('payments.booking.amount')}
          description={t('payments.booking.refund.upTo', { amount: fromMinor(refundable) })}
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
        <Textarea
          label={t('payments.booking.refund.reason')}
          required
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" color="red" loading={refund.isPending}>
            {t('payments.booking.refund.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A link mailed to the payer to pay by card; it expires and pays once. */
export function PaymentLinkDialog({ bookingId, opened, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={opened} onClose={onClose} title={t('payments.booking.link.title')} size="min(480px, 96vw)">
      <PaymentLinkForm bookingId={bookingId} onClose={onClose} />
    </RecordFormModal>
  );
}

function PaymentLinkForm({ bookingId, onClose }: { bookingId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useCallMutation('Booking/SendEmailPaymentLink', { refreshes: { also: ['Booking'] } });
  const form = useForm<{ email: string; hours: number | string }>({ initialValues: { email: '', hours: 72 } });
  const submit = useSubmit(
    form,
    (v) => send.mutateAsync({ bookingId, email: v.email.trim() || undefined, hours: Number(v.hours) || undefined }),
    { success: t('payments.booking.link.done'), onDone: onClose },
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('payments.booking.link.email')}
          description={t('payments.booking.link.emailHint')}
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <NumberInput
          label={t('payments.booking.link.hours')}
          min={1}
          max={720}
          allowDecimal={false}
          {...form.getInputProps('hours')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('payments.booking.link.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
