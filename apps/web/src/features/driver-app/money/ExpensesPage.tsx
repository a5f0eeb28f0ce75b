import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemas } from '@cabdesk/contract';
import { EmptyState, ListSkeleton, LoadFailed, Screen } from '../account/screen';
import { usePagedList } from '../account/usePagedList';
import { AddExpenseSheet } from './AddExpenseSheet';
import { ExpenseCard } from './ExpenseCard';

type Status = (typeof schemas.driverExpenseStatusValues)[number];

/** The driver's expenses and what the office decided; a new one is added from the sheet. */
export function ExpensesPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | 'all'>('all');
  const [adding, setAdding] = useState(false);
  const list = usePagedList('Driver/GetTableSummaryDriverExpenseDrvApp', status === 'all' ? {} : { status });

  return (
    <Screen
      title={t('driver-app.money.expense.title')}
      back={{ to: '/driver/money', label: t('driver-app.money.title') }}
      footer={
        <Button size="lg" fullWidth leftSection={<IconPlus size={20} />} onClick={() => setAdding(true)}>
          {t('driver-app.money.expense.add')}
        </Button>
      }
    >
      <SegmentedControl
        fullWidth
        size="md"
        value={status}
        onChange={(v) => setStatus(v as Status | 'all')}
        aria-label={t('driver-app.money.expense.filterLabel')}
        data={(['all', ...schemas.driverExpenseStatusValues] as const).map((s) => ({
          value: s,
          label: t(`driver-app.money.expense.filter.${s}`),
        }))}
      />
      {list.error && !list.rows.length ? (
        <LoadFailed title={t('driver-app.money.expense.loadFailed')} error={list.error} onRetry={list.refetch} />
      ) : list.isPending ? (
        <ListSkeleton rows={4} height={96} />
      ) : list.rows.length === 0 ? (
        <EmptyState
          icon={<IconReceipt size={28} />}
          title={t(`driver-app.money.expense.empty.${status}.title`)}
          text={t(`driver-app.money.expense.empty.${status}.text`)}
        />
      ) : (
        <Stack gap="sm">
          {list.rows.map((expense) => (
            <ExpenseCard key={expense.id} expense={expense} />
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
      <AddExpenseSheet opened={adding} onClose={() => setAdding(false)} />
    </Screen>
  );
}
