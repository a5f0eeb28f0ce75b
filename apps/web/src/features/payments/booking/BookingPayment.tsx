import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, Timeline } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../app/ability';
import { messageOf } from '../../../api/errors';
import { useCall, useCallMutation } from '../../../api/hooks';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { dateTime, money } from '../../../ui/format';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { ReceiptButtons } from '../../invoicing/documents/InvoiceDocumentsPanel';
import { PaymentLinkDialog, RecordPaymentDialog, RefundDialog } from './PaymentDialogs';
import { TakeCardPaymentDialog } from './TakeCardPaymentDialog';

type State = CallOutput<'Booking/CheckExistingPayment'>;
type Dialog = 'card' | 'record' | 'refund' | 'link' | null;

const statusColour: Record<State['paymentStatus'], string> = {
  unpaid: 'gray',
  authorised: 'blue',
  paid: 'teal',
  partlyRefunded: 'orange',
  refunded: 'grape',
  invoiced: 'indigo',
};

/** A booking's money on its page: what is paid and left, its steps, and the office's payment actions. */
export function BookingPayment({ bookingId, closed }: { bookingId: number; closed: boolean }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const state = useCall('Booking/CheckExistingPayment', { bookingId });
  const [dialog, setDialog] = useState<Dialog>(null);
  const expire = useCallMutation('Booking/ExpirePaymentLink', { refreshes: { also: ['Booking'] } });
  if (state.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} role="alert" title={t('payments.booking.loadFailed')}>
        {messageOf(state.error)}
      </Alert>
    );
  }
  const s = state.data?.data;
  if (!s || s.bookingId !== bookingId)
    return <Skeleton h={140} radius="md" aria-label={t('payments.booking.loading')} />;
  const canTake = ability.can('create', 'Payment') && !closed && s.due > 0 && (s.price ?? 0) > 0;
  const refundable = s.payments.reduce((sum, p) => sum + p.captured - p.refunded, 0);
  const close = () => setDialog(null);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Badge color={statusColour[s.paymentStatus]} variant="light" size="lg">
          {t(`bookings.paymentStatus.${s.paymentStatus}`)}
        </Badge>
        {s.paymentMethod ? (
          <Text size="sm">{t(`payments.booking.method.${s.paymentMethod}`, { defaultValue: s.paymentMethod })}</Text>
        ) : null}
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} aria-label={t('payments.booking.summary')}>
        <Table.Tbody>
          <Figure label={t('payments.booking.price')} value={money(s.price, s.currency)} />
          <Figure label={t('payments.booking.paid')} value={money(s.paid, s.currency)} />
          {s.authorised ? (
            <Figure label={t('payments.booking.authorised')} value={money(s.authorised, s.currency)} />
          ) : null}
          {s.refunded ? <Figure label={t('payments.booking.refunded')} value={money(s.refunded, s.currency)} /> : null}
          <Figure label={t('payments.booking.due')} value={money(s.due, s.currency)} strong />
        </Table.Tbody>
      </Table>
      {s.openLink ? (
        <Alert color="blue" variant="light" title={t('payments.booking.link.open')}>
          <Stack gap={6}>
            <Text size="sm">
              {t('payments.booking.link.openText', {
                amount: money(s.openLink.amount, s.currency),
                email: s.openLink.email,
                until: dateTime(s.openLink.expiresAt),
              })}
            </Text>
            {ability.can('update', 'Payment') ? (
              <ConfirmButton
                size="xs"
                variant="outline"
                color="red"
                question={t('payments.booking.link.expireQuestion')}
                onConfirm={async () => {
                  try {
                    await expire.mutateAsync({ bookingId });
                    notifySuccess(t('payments.booking.link.expired'));
                  } catch (error) {
                    notifyError(t('payments.booking.link.expireFailed'), error);
                  }
                }}
              >
                {t('payments.booking.link.expire')}
              </ConfirmButton>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Group gap="xs">
        {canTake ? (
          <>
            <Button size="xs" onClick={() => setDialog('card')}>
              {t('payments.booking.takeCard')}
            </Button>
            <Button size="xs" variant="light" onClick={() => setDialog('record')}>
              {t('payments.booking.record.open')}
            </Button>
            <Button size="xs" variant="light" onClick={() => setDialog('link')}>
              {t('payments.booking.link.send')}
            </Button>
          </>
        ) : null}
        {ability.can('update', 'Payment') && refundable > 0 ? (
          <Button size="xs" variant="outline" color="red" onClick={() => setDialog('refund')}>
            {t('payments.booking.refund.open')}
          </Button>
        ) : null}
      </Group>
      {s.paid > 0 && (s.paymentMethod === 'card' || s.paymentMethod === 'cash') ? (
        <ReceiptButtons bookingId={bookingId} method={s.paymentMethod} />
      ) : null}
      <Steps state={s} />
      <TakeCardPaymentDialog state={s} opened={dialog === 'card'} onClose={close} />
      <RecordPaymentDialog bookingId={bookingId} opened={dialog === 'record'} onClose={close} due={s.due} />
      <RefundDialog bookingId={bookingId} opened={dialog === 'refund'} onClose={close} refundable={refundable} />
      <PaymentLinkDialog bookingId={bookingId} opened={dialog === 'link'} onClose={close} />
    </Stack>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 400} pl={0}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400} pr={0}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** Every step the booking's money took, oldest first. */
function Steps({ state }: { state: State }) {
  const { t } = useTranslation();
  if (!state.transactions.length) {
    return <Text size="sm">{t('payments.booking.noSteps')}</Text>;
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label={t('payments.booking.steps')}>
      {state.transactions.map((step) => (
        <Timeline.Item
          key={step.id}
          title={`${t(`payments.booking.kind.${step.kind}`)} · ${money(step.amount, step.currency)}`}
        >
          <Text size="xs">{[dateTime(step.createdAt), step.reference, step.reason].filter(Boolean).join(' · ')}</Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
