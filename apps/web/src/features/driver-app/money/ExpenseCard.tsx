import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime, money } from '../../../ui/format';

export type OwnExpense = CallOutput<'Driver/GetTableSummaryDriverExpenseDrvApp'>;

export const expenseStatusColour = { pending: 'yellow', approved: 'teal', declined: 'red' } as const;

/** One expense with what the office decided (and why, when it declined). */
export function ExpenseCard({ expense }: { expense: OwnExpense }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="expense-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {expense.expenseTypeName}
            </Text>
            <Text size="xs" c="dimmed">
              {dateTime(expense.createdAt)}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text fw={700} ff="monospace">
              {money(expense.amountMinor, expense.currency)}
            </Text>
            <Badge color={expenseStatusColour[expense.status]} variant="light">
              {t(`driver-app.money.expense.status.${expense.status}`)}
            </Badge>
          </Stack>
        </Group>
        {expense.status === 'declined' && expense.declineReason ? (
          <Text size="sm" c="red.8" data-testid="decline-reason">
            {t('driver-app.money.expense.declinedBecause', { reason: expense.declineReason })}
          </Text>
        ) : null}
        {expense.note ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {expense.note}
          </Text>
        ) : null}
        {expense.bookingId || expense.receiptUrl ? (
          <Group gap="md">
            {expense.bookingId ? (
              <Anchor component={Link} to={`/driver/jobs/${expense.bookingId}`} size="sm">
                {t('driver-app.money.expense.onJob', { id: expense.bookingId })}
              </Anchor>
            ) : null}
            {expense.receiptUrl ? (
              <Anchor href={expense.receiptUrl} target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  <IconPaperclip size={14} aria-hidden />
                  {t('driver-app.money.expense.viewReceipt')}
                </Group>
              </Anchor>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
