import { Alert, Button, Checkbox, Group, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall, useCallMutation } from '../../../api/hooks';
import { RecordFormModal } from '../../../kit/RecordFormModal';
import { fromMinor, toMinor } from '../../../ui/format';
import { notifySuccess } from '../../../ui/notify';
import { CardForm } from '../CardForm';

type State = CallOutput<'Booking/CheckExistingPayment'>;

/**
 * The office takes a card for a booking: a saved card of its payer (charged off-session) or a card the
 * customer reads out, typed into the provider's card form; now, or authorised and taken at completion.
 */
export function TakeCardPaymentDialog({
  state,
  opened,
  onClose,
}: {
  state: State;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={opened} onClose={onClose} title={t('payments.booking.take.title')} size="min(520px, 96vw)">
      <TakeCardPayment state={state} onClose={onClose} />
    </RecordFormModal>
  );
}

function TakeCardPayment({ state, onClose }: { state: State; onClose: () => void }) {
  const { t } = useTranslation();
  const usable = state.payerCards.filter((c) => !c.isExpired);
  const [card, setCard] = useState<string>(usable[0] ? String(usable[0].id) : 'new');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [amount, setAmount] = useState(fromMinor(state.due));
  const [save, setSave] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const provider = useCall('Configuration/GetStripeKeyLive', {});
  const saved = useCallMutation('PaymentTransaction/StripePayment', { refreshes: { also: ['Booking'] } });
  const typed = useCallMutation('PaymentTransaction/StripePaymentTokenProvided', { refreshes: { also: ['Booking'] } });
  const minor = amount.trim() === '' ? undefined : toMinor(amount);
  const done = (message: string | undefined) => {
    notifySuccess(t('payments.booking.take.done'), message);
    onClose();
  };
  const run = async (send: () => Promise<{ message?: string }>) => {
    setFailure(null);
    try {
      done((await send()).message);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  const cardLabel = (c: State['payerCards'][number]) =>
    t('payments.booking.take.cardLabel', {
      brand: c.brand[0]?.toUpperCase() + c.brand.slice(1),
      last4: c.last4,
      expiry: `${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`,
    }) + (c.isDefault ? ` · ${t('payments.booking.take.default')}` : '');
  return (
    <Stack gap="sm">
      <TextInput
        label={t('payments.booking.amount')}
        description={t('payments.booking.take.dueHint', { amount: fromMinor(state.due) })}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="take-when">
          {t('payments.booking.take.when')}
        </Text>
        <SegmentedControl
          aria-labelledby="take-when"
          value={when}
          onChange={(v) => setWhen(v === 'later' ? 'later' : 'now')}
          data={[
            { value: 'now', label: t('payments.booking.take.now') },
            { value: 'later', label: t('payments.booking.take.later') },
          ]}
        />
      </div>
      <Radio.Group label={t('payments.booking.take.which')} value={card} onChange={setCard}>
        <Stack gap={6} mt={4}>
          {state.payerCards.map((c) => (
            <Radio
              key={c.id}
              value={String(c.id)}
              disabled={c.isExpired}
              label={cardLabel(c)}
              description={c.isExpired ? t('payments.booking.take.expired') : undefined}
            />
          ))}
          <Radio value="new" label={t('payments.booking.take.newCard')} />
        </Stack>
      </Radio.Group>
      {failure ? (
        <Alert color="red" role="alert" title={t('payments.booking.take.failed')}>
          {failure}
        </Alert>
      ) : null}
      {card === 'new' ? (
        provider.data ? (
          <Stack gap="xs">
            <Checkbox
              label={t('payments.booking.take.save')}
              checked={save}
              onChange={(e) => setSave(e.currentTarget.checked)}
            />
            <CardForm
              provider={provider.data.data.provider}
              publishableKey={provider.data.data.publishableKey}
              submitLabel={t('payments.booking.take.submit')}
              busy={typed.isPending}
              onToken={(token) =>
                run(() =>
                  typed.mutateAsync({
                    bookingId: state.bookingId,
                    token,
                    saveCard: save,
                    amount: minor,
                    capture: when,
                  }),
                )
              }
            />
          </Stack>
        ) : (
          <Text size="sm" role="status">
            {provider.error ? messageOf(provider.error) : t('payments.booking.take.loadingForm')}
          </Text>
        )
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button
            loading={saved.isPending}
            onClick={() =>
              run(() =>
                saved.mutateAsync({ bookingId: state.bookingId, cardId: Number(card), amount: minor, capture: when }),
              )
            }
          >
            {t('payments.booking.take.submit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
