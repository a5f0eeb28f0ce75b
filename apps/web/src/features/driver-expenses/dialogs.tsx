import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromMinor, money, toMinor } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';

export type ExpenseRow = CallOutput<'DriverBookingExpense/GetPendingBookExpenses'>;

interface DialogProps<T> {
  row: ExpenseRow | null;
  onClose: () => void;
  onSubmit: (value: T) => Promise<boolean>;
}

/** Declining needs a reason the driver will read. */
export function DeclineDialog({ row, onClose, onSubmit }: DialogProps<string>) {
  const { t } = useTranslation();
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('driver-expenses.declineTitle', { id: row?.id ?? '' })}>
      {row ? <DeclineForm key={row.id} row={row} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function DeclineForm({ row, onClose, onSubmit }: DialogProps<string> & { row: ExpenseRow }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) {
          setError(t('driver-expenses.reasonRequired'));
          return;
        }
        setBusy(true);
        void onSubmit(reason.trim()).finally(() => setBusy(false));
      }}
    >
      <Stack>
        <Text size="sm">
          {t('driver-expenses.declineWhat', {
            driver: row.driverName,
            type: row.expenseTypeName,
            amount: money(row.amountMinor, row.currency),
          })}
        </Text>
        <Textarea
          label={t('driver-expenses.reason')}
          description={t('driver-expenses.reasonHint')}
          required
          data-autofocus
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          error={error}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('driver-expenses.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {t('driver-expenses.decline')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface ExpenseEdit {
  amountMinor: number;
  expenseTypeId: number;
  paidBy: 'company' | 'client';
}

/** The amount, the type and who pays; a client pays only an expense of a job. */
export function EditDialog({ row, onClose, onSubmit }: DialogProps<ExpenseEdit>) {
  const { t } = useTranslation();
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('driver-expenses.editTitle', { id: row?.id ?? '' })}>
      {row ? <EditForm key={row.id} row={row} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function EditForm({ row, onClose, onSubmit }: DialogProps<ExpenseEdit> & { row: ExpenseRow }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(fromMinor(row.amountMinor));
  const [typeId, setTypeId] = useState<number | null>(row.expenseTypeId);
  const [paidBy, setPaidBy] = useState<'company' | 'client'>(row.paidBy);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const text = amount.trim();
        if (!/^\d{1,7}([.,]\d{1,2})?$/.test(text) || toMinor(text) <= 0) {
          setError(t('driver-expenses.amountRule'));
          return;
        }
        setBusy(true);
        void onSubmit({ amountMinor: toMinor(text), expenseTypeId: typeId ?? row.expenseTypeId, paidBy }).finally(() =>
          setBusy(false),
        );
      }}
    >
      <Stack>
        <TextInput
          label={t('driver-expenses.amountIn', { currency: row.currency })}
          inputMode="decimal"
          required
          data-autofocus
          value={amount}
          error={error}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <LookupSelect
          call="BookingExpenseType/GetExpenseTypeList"
          label={t('driver-expenses.type')}
          clearable={false}
          value={typeId}
          onChange={(v) => setTypeId(typeof v === 'number' ? v : null)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="paid-by-label">
            {t('driver-expenses.paidBy')}
          </Text>
          <SegmentedControl
            aria-labelledby="paid-by-label"
            value={paidBy}
            onChange={(v) => setPaidBy(v as 'company' | 'client')}
            data={[
              { value: 'company', label: t('driver-expenses.payer.company') },
              { value: 'client', label: t('driver-expenses.payer.client'), disabled: row.bookingId === null },
            ]}
          />
          <Text size="xs" c="dimmed">
            {t(row.bookingId === null ? 'driver-expenses.clientNeedsJob' : 'driver-expenses.paidByHint')}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('driver-expenses.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('driver-expenses.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
