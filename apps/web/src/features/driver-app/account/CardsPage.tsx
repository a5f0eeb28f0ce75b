import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../../api/hooks';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { notifyError } from '../../../ui/notify';
import { AddCardModal } from './AddCardModal';
import { EmptyState, ListSkeleton, LoadFailed, Screen } from './screen';

type Card = CallOutput<'Driver/GetTableSummaryDriverCreditCards'>;

export function isExpired(card: Pick<Card, 'expMonth' | 'expYear'>, now = new Date()): boolean {
  const year = now.getFullYear();
  return card.expYear < year || (card.expYear === year && card.expMonth < now.getMonth() + 1);
}

/** The driver's saved cards, the default first; a card is kept only as the provider's token. */
export function CardsPage() {
  const { t } = useTranslation();
  const answer = useCall('Driver/GetTableSummaryDriverCreditCards', { perPage: 0 });
  const [adding, setAdding] = useState(false);
  const cards = answer.data?.data ?? [];
  return (
    <Screen
      title={t('driver-app.account.cards.title')}
      back={{ to: '/driver/more', label: t('driver-app.account.more.title') }}
      footer={
        <Button size="lg" fullWidth leftSection={<IconPlus size={20} />} onClick={() => setAdding(true)}>
          {t('driver-app.account.cards.add')}
        </Button>
      }
    >
      {answer.error && !answer.data ? (
        <LoadFailed title={t('driver-app.account.cards.loadFailed')} error={answer.error} onRetry={answer.refetch} />
      ) : answer.isPending ? (
        <ListSkeleton rows={2} height={110} />
      ) : cards.length === 0 ? (
        <EmptyState
          icon={<IconCreditCard size={28} />}
          title={t('driver-app.account.cards.emptyTitle')}
          text={t('driver-app.account.cards.emptyText')}
        />
      ) : (
        <Stack gap="sm">
          {cards.map((card) => (
            <CardRow key={card.id} card={card} />
          ))}
        </Stack>
      )}
      <AddCardModal opened={adding} onClose={() => setAdding(false)} first={!cards.length} />
    </Screen>
  );
}

function CardRow({ card }: { card: Card }) {
  const { t } = useTranslation();
  const makeDefault = useCallMutation('Driver/UpdateCard');
  const remove = useCallMutation('Driver/DeleteCard');
  const expired = isExpired(card);
  return (
    <Paper withBorder radius="md" p="md" data-testid="card-row">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <IconCreditCard size={28} aria-hidden />
            <Stack gap={0}>
              <Text fw={600}>
                {card.brand} •••• {card.last4}
              </Text>
              <Text size="sm" c={expired ? 'red' : 'dimmed'}>
                {t('driver-app.account.cards.expires', {
                  date: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`,
                })}
                {card.holderName ? ` · ${card.holderName}` : ''}
              </Text>
            </Stack>
          </Group>
          <Group gap={4}>
            {card.isDefault ? <Badge variant="light">{t('driver-app.account.cards.default')}</Badge> : null}
            {expired ? <Badge color="red">{t('driver-app.account.cards.expired')}</Badge> : null}
          </Group>
        </Group>
        <Group grow>
          {!card.isDefault ? (
            <Button
              variant="light"
              size="md"
              loading={makeDefault.isPending}
              onClick={() =>
                makeDefault.mutate(
                  { id: card.id, isDefault: true },
                  { onError: (error) => notifyError(t('driver-app.account.cards.defaultFailed'), error) },
                )
              }
            >
              {t('driver-app.account.cards.setDefault')}
            </Button>
          ) : null}
          <ConfirmButton
            variant="subtle"
            color="red"
            size="md"
            question={t('driver-app.account.cards.deleteQuestion', { brand: card.brand, last4: card.last4 })}
            onConfirm={async () => {
              try {
                await remove.mutateAsync({ id: card.id });
              } catch (error) {
                notifyError(t('driver-app.account.cards.deleteFailed'), error);
              }
            }}
          >
            {t('driver-app.account.cards.delete')}
          </ConfirmButton>
        </Group>
      </Stack>
    </Paper>
  );
}
