import { Button, Drawer, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { refreshAfter } from '../../../api/refresh';
import { dateTime } from '../../../ui/format';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { amountText } from './amount';
import {
  emptyExpense,
  expenseErrors,
  expenseFields,
  formFieldOf,
  NOTE_MAX,
  type ExpenseType,
  type ExpenseValues,
} from './expense-form';
import { postMultipart } from './postMultipart';
import { ReceiptPicker } from './ReceiptPicker';

/** The sheet rises from the bottom of the phone, where the thumb is. */
export function AddExpenseSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
      title={t('driver-app.money.expense.addTitle')}
      closeOnClickOutside={false}
      styles={{ content: { maxWidth: 720, margin: '0 auto', borderTopLeftRadius: 16, borderTopRightRadius: 16 } }}
    >
      {opened ? <AddExpenseForm onDone={onClose} /> : null}
    </Drawer>
  );
}

/** The driver's current and recent jobs, to say which one the expense belongs to. */
function useJobOptions() {
  const current = useCall('Booking/GetTableSummaryBookingDriverApp', { perPage: 10 });
  const done = useCall('Booking/GetTableSummaryBookingDriverHistory', { perPage: 20 });
  const rows = [...(current.data?.data ?? []), ...(done.data?.data ?? [])];
  const seen = new Set<number>();
  return rows
    .filter((b) => !seen.has(b.id) && seen.add(b.id))
    .map((b) => ({ value: String(b.id), label: `#${b.id} · ${dateTime(b.pickupAt)} · ${b.pickup}` }));
}

export function AddExpenseForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const types = useCall('BookingExpenseType/GetExpenseTypeListDriverApp', { perPage: 0 });
  const typeRows: ExpenseType[] = types.data?.data ?? [];
  const jobs = useJobOptions();
  const form = useForm<ExpenseValues>({
    initialValues: emptyExpense,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(expenseErrors(values, typeRows)).map(([field, key]) => [
          field,
          t(`driver-app.money.expense.error.${key}`),
        ]),
      ),
  });
  const send = useMutation({
    mutationFn: (values: ExpenseValues) =>
      postMultipart('Driver/AddDriverExpenseFromDriverApp', expenseFields(values), values.receipt),
    onSuccess: () => refreshAfter(client, 'Driver/AddDriverExpenseFromDriverApp'),
  });
  const chosenType = typeRows.find((row) => String(row.id) === form.values.expenseTypeId);

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync(values);
      notifySuccess(t('driver-app.money.expense.sent'), answer.message);
      onDone();
    } catch (error) {
      const named = error instanceof ApiError ? error.errors.filter((e) => formFieldOf(e.field)) : [];
      if (named.length) {
        form.setErrors(Object.fromEntries(named.map((e) => [formFieldOf(e.field), e.message])));
        notifyError(t('form.checkFields'), error);
      } else {
        notifyError(t('driver-app.money.expense.sendFailed'), error);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" pb="md">
        <Select
          size="md"
          label={t('driver-app.money.expense.type')}
          placeholder={types.isPending ? t('form.loading') : t('driver-app.money.expense.typePlaceholder')}
          required
          data={typeRows.map((row) => ({ value: String(row.id), label: row.name }))}
          disabled={types.isPending}
          nothingFoundMessage={t('driver-app.money.expense.noTypes')}
          {...form.getInputProps('expenseTypeId')}
          onChange={(value) => {
            form.setFieldValue('expenseTypeId', value);
            const type = typeRows.find((row) => String(row.id) === value);
            if (type?.defaultAmountMinor && !form.values.amount)
              form.setFieldValue('amount', amountText(type.defaultAmountMinor));
          }}
          error={form.errors.expenseTypeId ?? (types.error ? t('driver-app.money.expense.typesFailed') : undefined)}
        />
        <TextInput
          size="md"
          label={t('driver-app.money.expense.amount')}
          description={t('driver-app.money.expense.amountHint')}
          placeholder="12.50"
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.getInputProps('amount')}
        />
        <Select
          size="md"
          label={t('driver-app.money.expense.job')}
          placeholder={t('driver-app.money.expense.jobPlaceholder')}
          data={jobs}
          clearable
          searchable
          nothingFoundMessage={t('driver-app.money.expense.noJobs')}
          {...form.getInputProps('bookingId')}
        />
        <Textarea
          size="md"
          label={t('driver-app.money.expense.note')}
          autosize
          minRows={2}
          maxLength={NOTE_MAX}
          {...form.getInputProps('note')}
        />
        <ReceiptPicker
          file={form.values.receipt}
          onChange={(file) => {
            form.setFieldValue('receipt', file);
            form.clearFieldError('receipt');
          }}
          onProblem={(problem) => form.setFieldError('receipt', t(`driver-app.money.expense.error.receipt.${problem}`))}
          required={!!chosenType?.requiresReceipt}
          error={form.errors.receipt as string | undefined}
        />
        {chosenType?.requiresReceipt ? (
          <Text size="xs" c="dimmed">
            {t('driver-app.money.expense.receiptNeeded', { type: chosenType.name })}
          </Text>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={send.isPending}>
          {t('driver-app.money.expense.send')}
        </Button>
      </Stack>
    </form>
  );
}
