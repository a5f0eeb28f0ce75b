import { Anchor, Badge, Button, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { dateTime, money } from '../../ui/format';
import type { ExpenseRow } from './dialogs';
import { allowed } from './view';

interface Props {
  rows: ExpenseRow[];
  selectedId: number | null;
  busy: boolean;
  onSelect: (row: ExpenseRow) => void;
  onApprove: (row: ExpenseRow) => void;
  onDecline: (row: ExpenseRow) => void;
  onEdit: (row: ExpenseRow) => void;
  onDelete: (row: ExpenseRow) => Promise<unknown>;
}

const statusColour = { pending: 'yellow', approved: 'teal', declined: 'red' } as const;

/** One expense a line: what the driver asked back, the receipt, and what may be done with it now. */
export function ExpenseTable({ rows, selectedId, busy, onSelect, onApprove, onDecline, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table highlightOnHover stickyHeader verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('driver-expenses.date')}</Table.Th>
          <Table.Th>{t('driver-expenses.driver')}</Table.Th>
          <Table.Th>{t('driver-expenses.booking')}</Table.Th>
          <Table.Th>{t('driver-expenses.type')}</Table.Th>
          <Table.Th ta="right">{t('driver-expenses.amount')}</Table.Th>
          <Table.Th>{t('driver-expenses.receipt')}</Table.Th>
          <Table.Th>{t('driver-expenses.note')}</Table.Th>
          <Table.Th>{t('driver-expenses.status')}</Table.Th>
          <Table.Th>{t('driver-expenses.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => {
          const current = r.id === selectedId;
          const can = allowed(r);
          return (
            <Table.Tr
              key={r.id}
              id={`expense-${r.id}`}
              data-testid={`expense-row-${r.id}`}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(r)}
              style={{
                cursor: 'pointer',
                background: current ? 'var(--mantine-primary-color-light)' : undefined,
                outline: current ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                outlineOffset: -2,
              }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <UnstyledButton fz="sm" fw={current ? 700 : 500} onClick={() => onSelect(r)}>
                  {dateTime(r.createdAt)}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{r.driverName}</Table.Td>
              <Table.Td>{r.bookingId ? `#${r.bookingId}` : '—'}</Table.Td>
              <Table.Td>{r.expenseTypeName}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(r.amountMinor, r.currency)}
              </Table.Td>
              <Table.Td>
                {r.receiptUrl ? (
                  <Anchor href={r.receiptUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                    {t('driver-expenses.openReceipt')}
                    <VisuallyHidden> {t('driver-expenses.ofExpense', { id: r.id })}</VisuallyHidden>
                  </Anchor>
                ) : (
                  <Text inherit c={current ? undefined : 'dimmed'}>
                    {t('driver-expenses.noReceipt')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={220}>
                <Text inherit lineClamp={2}>
                  {r.note ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge size="sm" variant="light" color={statusColour[r.status]}>
                    {t(`driver-expenses.state.${r.status}`)}
                  </Badge>
                  {r.status === 'approved' ? (
                    <Badge size="sm" variant="outline" color="gray">
                      {t(`driver-expenses.payer.${r.paidBy}`)}
                    </Badge>
                  ) : null}
                  {r.isLocked ? (
                    <Badge size="sm" variant="outline" color="gray">
                      {r.invoiceNo ?? (r.invoiceId ? t('driver-expenses.onDraft') : t('driver-expenses.onStatement'))}
                    </Badge>
                  ) : null}
                </Group>
                {r.declineReason ? (
                  <Text size="xs" mt={2}>
                    {r.declineReason}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <Group gap={4} wrap="nowrap">
                  {can.approve ? (
                    <Button size="compact-xs" color="teal" disabled={busy} onClick={() => onApprove(r)}>
                      {t('driver-expenses.approve')}
                    </Button>
                  ) : null}
                  {can.decline ? (
                    <Button size="compact-xs" color="red" variant="light" disabled={busy} onClick={() => onDecline(r)}>
                      {t('driver-expenses.decline')}
                    </Button>
                  ) : null}
                  {can.edit ? (
                    <Button size="compact-xs" variant="default" disabled={busy} onClick={() => onEdit(r)}>
                      {t('driver-expenses.edit')}
                    </Button>
                  ) : null}
                  {can.remove ? (
                    <ConfirmButton
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      question={t('driver-expenses.deleteQuestion', { id: r.id, driver: r.driverName })}
                      onConfirm={() => onDelete(r)}
                    >
                      {t('driver-expenses.delete')}
                    </ConfirmButton>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
