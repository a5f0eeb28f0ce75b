import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { day, money } from '../../../ui/format';
import { EmptyState, ListSkeleton, LoadFailed, Screen } from '../account/screen';
import { usePagedList } from '../account/usePagedList';
import { AdjustmentModal, type Adjustment } from './AdjustmentForm';

/** Credits and debits the driver recorded on their own pay; a tap opens one to change or delete it. */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const list = usePagedList('Driver/GetAdjustmentsData', {});
  const [open, setOpen] = useState<{ adjustment: Adjustment | null } | null>(null);

  return (
    <Screen
      title={t('driver-app.money.adjustment.title')}
      back={{ to: '/driver/money', label: t('driver-app.money.title') }}
      footer={
        <Button size="lg" fullWidth leftSection={<IconPlus size={20} />} onClick={() => setOpen({ adjustment: null })}>
          {t('driver-app.money.adjustment.add')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('driver-app.money.adjustment.intro')}
      </Text>
      {list.error && !list.rows.length ? (
        <LoadFailed title={t('driver-app.money.adjustment.loadFailed')} error={list.error} onRetry={list.refetch} />
      ) : list.isPending ? (
        <ListSkeleton rows={3} />
      ) : list.rows.length === 0 ? (
        <EmptyState
          icon={<IconAdjustments size={28} />}
          title={t('driver-app.money.adjustment.emptyTitle')}
          text={t('driver-app.money.adjustment.emptyText')}
        />
      ) : (
        <Stack gap="sm">
          {list.rows.map((a) => (
            <Paper key={a.id} withBorder radius="md" data-testid="adjustment-row">
              <UnstyledButton
                w="100%"
                p="md"
                mih={64}
                onClick={() => setOpen({ adjustment: a })}
                aria-label={t('driver-app.money.adjustment.open', { reason: a.reason })}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {a.reason}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`driver-app.money.adjustment.${a.kind}`)} · {day(a.effectiveDate)}
                    </Text>
                  </Stack>
                  <Text
                    fw={700}
                    ff="monospace"
                    c={a.kind === 'credit' ? 'teal.8' : 'red.8'}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {a.kind === 'credit' ? '+' : '−'} {money(a.amountMinor, a.currency)}
                  </Text>
                </Group>
              </UnstyledButton>
            </Paper>
          ))}
          {list.hasNextPage ? (
            <Button
              variant="default"
              size="md"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t('driver-app.account.showMore', { shown: list.rows.length, total: list.count })}
            </Button>
          ) : null}
        </Stack>
      )}
      <AdjustmentModal adjustment={open?.adjustment ?? null} opened={!!open} onClose={() => setOpen(null)} />
    </Screen>
  );
}
