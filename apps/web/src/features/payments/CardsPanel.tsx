import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandMastercard, IconBrandVisa, IconCreditCard, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { useCanCall } from '../../app/can-call';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useCardProvider } from './useCardProvider';
import { CardForm } from './CardForm';

type Card = z.output<typeof schemas.savedCardRow>;
type Provider = 'offline' | 'stripe';

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
export const brandName = (brand: string) => brandNames[brand.toLowerCase()] ?? brand[0]?.toUpperCase() + brand.slice(1);

function BrandIcon({ brand }: { brand: string }) {
  const b = brand.toLowerCase();
  const Icon = b === 'visa' ? IconBrandVisa : b === 'mastercard' ? IconBrandMastercard : IconCreditCard;
  return (
    <ThemeIcon variant="light" color="blue" size={36} radius="md" aria-hidden>
      <Icon size={22} />
    </ThemeIcon>
  );
}

interface ViewProps {
  cards: Card[] | undefined;
  loading: boolean;
  error: unknown;
  /** Adding, making default and deleting, when the role may; left out on a read-only panel. */
  actions?: {
    canAdd: boolean;
    canMakeDefault: boolean;
    canDelete: boolean;
    add: (token: string) => Promise<{ message?: string }>;
    makeDefault: (id: number) => Promise<{ message?: string }>;
    remove: (id: number) => Promise<{ message?: string }>;
    busy: boolean;
  };
  note?: string;
  provider: Provider;
  publishableKey?: string | null;
}

/** A list of saved cards: brand, •••• last four, expiry, default and expired in words. */
function CardsView({ cards, loading, error, actions, note, provider, publishableKey }: ViewProps) {
  const { t } = useTranslation();
  const [adding, { open, close }] = useDisclosure(false);
  const run = async (title: string, failed: string, work: () => Promise<{ message?: string }>) => {
    try {
      const answer = await work();
      notifySuccess(title, answer.message);
      return true;
    } catch (e) {
      notifyError(failed, e);
      return false;
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="cards-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('payments.cards.title')}
          </Title>
          {actions?.canAdd ? (
            <Button leftSection={<IconPlus size={16} />} onClick={open}>
              {t('payments.cards.add')}
            </Button>
          ) : null}
        </Group>
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" title={t('payments.cards.loadFailed')}>
            {messageOf(error)}
          </Alert>
        ) : loading || !cards ? (
          <Skeleton h={64} aria-label={t('payments.cards.loading')} />
        ) : cards.length === 0 ? (
          <Text c="dimmed">{t('payments.cards.empty')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {cards.map((card) => {
              const words = t('payments.cards.cardWords', { brand: brandName(card.brand), last4: card.last4 });
              return (
                <Paper component="li" key={card.id} withBorder radius="sm" p="sm">
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Group gap="sm">
                      <BrandIcon brand={card.brand} />
                      <div>
                        <Text fw={600}>
                          {brandName(card.brand)}{' '}
                          <Text span ff="monospace" aria-label={t('payments.cards.endingIn', { last4: card.last4 })}>
                            •••• {card.last4}
                          </Text>
                        </Text>
                        <Text size="sm" c={card.isExpired ? 'red.8' : 'dimmed'}>
                          {card.isExpired ? t('payments.cards.expiredOn') : t('payments.cards.expires')}{' '}
                          {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                          {card.holderName ? ` · ${card.holderName}` : ''}
                          {card.ownerKind === 'client' && note ? ` · ${t('payments.cards.clientCard')}` : ''}
                        </Text>
                      </div>
                      {card.isDefault ? (
                        <Badge color="blue" variant="light" leftSection={<IconStar size={12} />}>
                          {t('payments.cards.default')}
                        </Badge>
                      ) : null}
                      {card.isExpired ? (
                        <Badge color="red" variant="light">
                          {t('payments.cards.expired')}
                        </Badge>
                      ) : null}
                    </Group>
                    {actions ? (
                      <Group gap="xs">
                        {actions.canMakeDefault && !card.isDefault && !card.isExpired ? (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t('payments.cards.makeDefaultOf', { card: words })}
                            onClick={() =>
                              void run(t('payments.cards.madeDefault'), t('payments.cards.failed'), () =>
                                actions.makeDefault(card.id),
                              )
                            }
                          >
                            {t('payments.cards.makeDefault')}
                          </Button>
                        ) : null}
                        {actions.canDelete ? (
                          <ConfirmButton
                            size="xs"
                            color="red"
                            variant="light"
                            leftSection={<IconTrash size={14} />}
                            aria-label={t('payments.cards.deleteOf', { card: words })}
                            question={t('payments.cards.deleteQuestion', { card: words })}
                            confirmLabel={t('payments.cards.delete')}
                            onConfirm={() =>
                              run(t('payments.cards.deleted'), t('payments.cards.failed'), () =>
                                actions.remove(card.id),
                              )
                            }
                          >
                            {t('payments.cards.delete')}
                          </ConfirmButton>
                        ) : null}
                      </Group>
                    ) : null}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
      {actions ? (
        <Modal opened={adding} onClose={close} title={t('payments.cards.addTitle')} centered size="lg">
          <CardForm
            provider={provider}
            publishableKey={publishableKey ?? null}
            busy={actions.busy}
            submitLabel={t('payments.cards.save')}
            onToken={async (token) => {
              if (await run(t('payments.cards.saved'), t('payments.cards.failed'), () => actions.add(token))) close();
            }}
          />
        </Modal>
      ) : null}
    </Paper>
  );
}

interface OwnerProps {
  id: number;
  /** The card provider to use instead of the company's (Configuration/GetStripeKeyLive). */
  provider?: Provider;
  publishableKey?: string | null;
}

/** A passenger's saved cards on the passenger's record. */
export function PassengerCardsPanel({ id, ...given }: OwnerProps) {
  const company = useCardProvider();
  const provider = given.provider ?? company.provider;
  const publishableKey = given.publishableKey ?? company.publishableKey;
  const canCall = useCanCall();
  const list = useCall('Passenger/GetPassengerCreditCardList', { passengerID: id });
  const add = useCallMutation('Passenger/CreateCard');
  const makeDefault = useCallMutation('PaymentTransaction/MakePassengerCardDefault');
  const remove = useCallMutation('Passenger/DeleteCard');
  return (
    <CardsView
      cards={list.data?.data}
      loading={list.isPending}
      error={list.error}
      provider={provider}
      publishableKey={publishableKey ?? null}
      actions={{
        canAdd: canCall('Passenger/CreateCard'),
        canMakeDefault: canCall('PaymentTransaction/MakePassengerCardDefault'),
        canDelete: canCall('Passenger/DeleteCard'),
        add: (token) => add.mutateAsync({ passengerID: id, token }),
        makeDefault: (cardId) => makeDefault.mutateAsync({ id: cardId }),
        remove: (cardId) => remove.mutateAsync({ id: cardId }),
        busy: add.isPending,
      }}
    />
  );
}

/** A client's saved cards on the client's record. */
export function ClientCardsPanel({ id, ...given }: OwnerProps) {
  const company = useCardProvider();
  const provider = given.provider ?? company.provider;
  const publishableKey = given.publishableKey ?? company.publishableKey;
  const canCall = useCanCall();
  const list = useCall('Client/GetClientCreditCards', { clientID: id });
  const add = useCallMutation('Client/CreateCard');
  const makeDefault = useCallMutation('PaymentTransaction/MakeClientCardDefault');
  const remove = useCallMutation('Client/DeleteCard');
  return (
    <CardsView
      cards={list.data?.data}
      loading={list.isPending}
      error={list.error}
      provider={provider}
      publishableKey={publishableKey ?? null}
      actions={{
        canAdd: canCall('Client/CreateCard'),
        canMakeDefault: canCall('PaymentTransaction/MakeClientCardDefault'),
        canDelete: canCall('Client/DeleteCard'),
        add: (token) => add.mutateAsync({ clientID: id, token }),
        makeDefault: (cardId) => makeDefault.mutateAsync({ id: cardId }),
        remove: (cardId) => remove.mutateAsync({ id: cardId }),
        busy: add.isPending,
      }}
    />
  );
}

/** A driver's saved cards on the driver's record: the driver keeps them in the driver app. */
export function DriverCardsPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const list = useCall('PaymentTransaction/GetDriverCreditCards', { driverID: id });
  return (
    <CardsView
      cards={list.data?.data}
      loading={list.isPending}
      error={list.error}
      provider="offline"
      note={t('payments.cards.driverNote')}
    />
  );
}
