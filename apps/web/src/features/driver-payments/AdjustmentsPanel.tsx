import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { messageOf } from '../../api/errors';
import { useCallMutation } from '../../api/hooks';
import { money, toMinor } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { currencySymbol } from '../../ui/rules/fields';
import { isOpen, NetText, SIGNED_MONEY, type Statement } from './shared';

/** A bonus or deduction line as the engine kept it (label, amount, how it was worked out). */
const itemOf = (item: Record<string, unknown>) => ({
  label: typeof item.label === 'string' ? item.label : '',
  detail: typeof item.detail === 'string' ? item.detail : '',
  amount: typeof item.amount === 'number' ? item.amount : 0,
});

/** What is taken from the driver, shown with its sign; nothing taken stays £0.00, not -£0.00. */
const negated = (minor: number) => (minor === 0 ? 0 : -minor);

/**
 * How the statement adds up: the totals down to the net, then every line beside the jobs —
 * adjustments typed by hand, corrections made by generation, expenses repaid, bonuses and
 * deductions. Before approval adjustments are added (either sign, with a reason) and removed.
 */
export function AdjustmentsPanel({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const editable = isOpen(statement) && canCall('DrvrPayment/AddDriverPaymentAdjustments');
  const canRemove = isOpen(statement) && canCall('DrvrPayment/DeleteDriverPaymentAdjustment');
  const remove = useCallMutation('DrvrPayment/DeleteDriverPaymentAdjustment');
  const bonuses = statement.bonusItems.map(itemOf).filter((b) => b.amount !== 0);
  const deductions = statement.deductionItems.map(itemOf).filter((d) => d.amount !== 0);
  const totals: [string, number][] = [
    [t('driver-payments.earned'), statement.earnedMinor],
    [t('driver-payments.expenses'), statement.expensesMinor],
    [t('driver-payments.adjustments'), statement.adjustmentsMinor],
    [t('driver-payments.bonuses'), statement.bonusesMinor],
    [t('driver-payments.deductions'), negated(statement.deductionsMinor)],
    [t('driver-payments.cashCollected'), negated(statement.cashCollectedMinor)],
  ];
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="sm">
            {t('driver-payments.totals')}
          </Title>
          <Table data-testid="statement-totals">
            <Table.Tbody>
              {totals.map(([label, minor]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" fw={400}>
                    {label}
                  </Table.Th>
                  <Table.Td ta="right">{money(minor)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{t('driver-payments.net')}</Table.Th>
                <Table.Td ta="right">
                  <NetText netMinor={statement.netMinor} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          {editable ? <AddAdjustment statementId={statement.id} /> : null}
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="sm">
              {t('driver-payments.lines')}
            </Title>
            {statement.lines.length + bonuses.length + deductions.length === 0 ? (
              <Text size="sm">{t('driver-payments.noLines')}</Text>
            ) : (
              <Table data-testid="statement-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('driver-payments.kindTitle')}</Table.Th>
                    <Table.Th>{t('driver-payments.reason')}</Table.Th>
                    <Table.Th ta="right">{t('driver-payments.amount')}</Table.Th>
                    {canRemove ? (
                      <Table.Th>
                        <VisuallyHidden>{t('driver-payments.actions')}</VisuallyHidden>
                      </Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {statement.lines.map((line) => (
                    <Table.Tr key={`line-${line.id}`}>
                      <Table.Td>{t(`driver-payments.kind.${line.kind}`, line.kind)}</Table.Td>
                      <Table.Td>
                        {line.reason}
                        {line.bookingId ? ` (#${line.bookingId})` : ''}
                      </Table.Td>
                      <Table.Td ta="right">{money(line.amountMinor)}</Table.Td>
                      {canRemove ? (
                        <Table.Td w={48}>
                          {line.kind === 'adjustment' ? (
                            <Tooltip label={t('driver-payments.removeAdjustment')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('driver-payments.removeAdjustmentOf', { reason: line.reason })}
                                loading={remove.isPending && remove.variables.id === line.id}
                                onClick={async () => {
                                  try {
                                    const answer = await remove.mutateAsync({ id: line.id });
                                    notifySuccess(t('driver-payments.adjustmentRemoved'), answer.message);
                                  } catch (error) {
                                    notifyError(t('form.failed'), error);
                                  }
                                }}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                  {bonuses.map((b, i) => (
                    <Table.Tr key={`bonus-${i}`}>
                      <Table.Td>{t('driver-payments.kind.bonus')}</Table.Td>
                      <Table.Td>
                        {b.label}
                        {b.detail ? <Text size="xs">{b.detail}</Text> : null}
                      </Table.Td>
                      <Table.Td ta="right">{money(b.amount)}</Table.Td>
                      {canRemove ? <Table.Td /> : null}
                    </Table.Tr>
                  ))}
                  {deductions.map((d, i) => (
                    <Table.Tr key={`deduction-${i}`}>
                      <Table.Td>{t('driver-payments.kind.deduction')}</Table.Td>
                      <Table.Td>
                        {d.label}
                        {d.detail ? <Text size="xs">{d.detail}</Text> : null}
                      </Table.Td>
                      <Table.Td ta="right">{money(negated(d.amount))}</Table.Td>
                      {canRemove ? <Table.Td /> : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** An adjustment typed by hand: an amount of either sign ("-2.00" takes from the driver) and why. */
function AddAdjustment({ statementId }: { statementId: number }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useCallMutation('DrvrPayment/AddDriverPaymentAdjustments');
  const amountOk = SIGNED_MONEY.test(amount) && toMinor(amount) !== 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-labelledby="add-adjustment-title"
      onSubmit={async (e: React.FormEvent) => {
        e.preventDefault();
        if (!amountOk || !reason.trim()) return;
        setError(null);
        try {
          const answer = await add.mutateAsync({ statementId, amountMinor: toMinor(amount), reason: reason.trim() });
          notifySuccess(t('driver-payments.adjustmentAdded'), answer.message);
          setAmount('');
          setReason('');
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <Title order={3} size="h5" mb="sm" id="add-adjustment-title">
        {t('driver-payments.addAdjustment')}
      </Title>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('driver-payments.amount')}
            description={t('driver-payments.amountHint')}
            leftSection={currencySymbol()}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={amount && !amountOk ? t('driver-payments.badAdjustment') : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('driver-payments.reason')}
            description={t('driver-payments.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Button
            type="submit"
            fullWidth
            leftSection={<IconPlus size={16} />}
            loading={add.isPending}
            disabled={!amountOk || !reason.trim()}
          >
            {t('driver-payments.add')}
          </Button>
        </Grid.Col>
      </Grid>
      {error ? (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
