import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCash, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { dateTime, fromMinor, money, toMinor } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { currencySymbol } from '../../ui/rules/fields';
import { MONEY } from '../../ui/rules/values';
import { SettlementFields, useSettlement } from './SettlementFields';
import { type Statement } from './shared';

/**
 * The money that settles an approved statement: paid to the driver when it nets in their favour,
 * collected from them when they owe. Each payment is listed and can be taken back (a reversing entry);
 * while something is due, a payment of part or all of it is recorded.
 */
export function PaymentsPanel({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const payTo = statement.netMinor >= 0;
  const calls = payTo
    ? ({
        list: 'DrvrPayment/GetBillPayments',
        create: 'DrvrPayment/CreateBillPayments',
        remove: 'DrvrPayment/DeleteBillPayments',
      } as const)
    : ({
        list: 'DrvrPayment/GetDriversInvoice',
        create: 'DrvrPayment/CreateInvoice',
        remove: 'DrvrPayment/DeleteInvoicePayments',
      } as const);
  const payments = useCall(calls.list, {
    statementId: statement.id,
    page: 0,
    perPage: 100,
    q: '',
    sortColumn: 'paidAt',
    sortType: 'desc',
  });
  const remove = useCallMutation(calls.remove);
  const [recording, setRecording] = useState(false);
  const rows = payments.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm">
          {statement.netMinor === 0
            ? t('driver-payments.nothingToSettle')
            : t(payTo ? 'driver-payments.paidSoFar' : 'driver-payments.collectedSoFar', {
                settled: money(statement.settledMinor),
                due: money(statement.dueMinor),
              })}
        </Text>
        {statement.dueMinor > 0 && canCall(calls.create) ? (
          <Button leftSection={<IconCash size={16} />} onClick={() => setRecording(true)}>
            {t('driver-payments.recordPayment')}
          </Button>
        ) : null}
      </Group>
      {payments.error ? (
        <Alert color="red" role="alert">
          {messageOf(payments.error)}
        </Alert>
      ) : payments.isLoading ? (
        <Text size="sm">{t('driver-payments.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text size="sm">{t('driver-payments.noPayments')}</Text>
      ) : (
        <Table withTableBorder data-testid="statement-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('driver-payments.paidAt')}</Table.Th>
              <Table.Th>{t('driver-payments.method')}</Table.Th>
              <Table.Th>{t('driver-payments.reference')}</Table.Th>
              <Table.Th ta="right">{t('driver-payments.amount')}</Table.Th>
              <Table.Th>{t('driver-payments.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{dateTime(p.paidAt)}</Table.Td>
                <Table.Td>{t(`driver-payments.methods.${p.method}`, p.method)}</Table.Td>
                <Table.Td>{p.reference ?? '—'}</Table.Td>
                <Table.Td ta="right">{money(p.amountMinor)}</Table.Td>
                <Table.Td>
                  {canCall(calls.remove) ? (
                    <ConfirmButton
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      question={t('driver-payments.deletePaymentQuestion', { amount: money(p.amountMinor) })}
                      onConfirm={async () => {
                        try {
                          const answer = await remove.mutateAsync({ id: p.id });
                          notifySuccess(t('driver-payments.paymentDeleted'), answer.message);
                        } catch (error) {
                          notifyError(t('form.failed'), error);
                        }
                      }}
                    >
                      {t('form.delete')}
                    </ConfirmButton>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {recording ? (
        <RecordPayment statement={statement} call={calls.create} onClose={() => setRecording(false)} />
      ) : null}
    </Stack>
  );
}

function RecordPayment({
  statement,
  call,
  onClose,
}: {
  statement: Statement;
  call: 'DrvrPayment/CreateBillPayments' | 'DrvrPayment/CreateInvoice';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(fromMinor(statement.dueMinor));
  const settlement = useSettlement();
  const [error, setError] = useState<string | null>(null);
  const record = useCallMutation(call);
  const amountOk = MONEY.test(amount) && toMinor(amount) > 0;
  const submit = async () => {
    setError(null);
    try {
      const answer = await record.mutateAsync({
        statementId: statement.id,
        amountMinor: toMinor(amount),
        ...settlement.payload(),
      });
      notifySuccess(t('driver-payments.paymentRecorded'), answer.message);
      onClose();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(call === 'DrvrPayment/CreateBillPayments' ? 'driver-payments.payDriver' : 'driver-payments.collect')}
    >
      <Stack gap="sm">
        <TextInput
          label={t('driver-payments.amount')}
          description={t('driver-payments.dueNow', { due: money(statement.dueMinor) })}
          leftSection={currencySymbol()}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={amount && !amountOk ? t('driver-payments.badAmount') : undefined}
          required
          data-autofocus
        />
        <SettlementFields settlement={settlement} />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button loading={record.isPending} disabled={!amountOk} onClick={() => void submit()}>
            {t('driver-payments.record')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
