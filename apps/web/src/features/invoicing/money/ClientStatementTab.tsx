import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { dateTime, day, money } from '../../../ui/format';

const buckets = ['notDueMinor', 'days0to30Minor', 'days31to60Minor', 'days61to90Minor', 'days90plusMinor'] as const;

/**
 * A client's statement: what it owes (the ledger's balance), its credit, ageing by days past due,
 * the open invoices, and every invoice, payment and credit in date order with a running balance.
 */
export function ClientStatementTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const due = useCall('Client/InvoiceDeAmount', {
    clientID: clientId,
    ...(fromDate ? { fromDate } : {}),
    ...(toDate ? { toDate } : {}),
  });
  if (due.isPending) return <Skeleton height={200} />;
  if (due.isError) {
    return (
      <Alert color="red" role="alert" title={t('invoicing.money.statementFailed')}>
        {messageOf(due.error)}
      </Alert>
    );
  }
  const d = due.data.data;
  const m = (v: number) => money(v, d.currency);
  return (
    <Stack gap="md" data-testid="client-statement">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t('invoicing.money.balance')}
          </Text>
          <Text fw={700} size="xl" data-testid="statement-balance">
            {m(d.balanceMinor)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t('invoicing.money.totalDue')}
          </Text>
          <Text fw={700} size="xl">
            {m(d.totalDueMinor)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t('invoicing.money.clientCredit')}
          </Text>
          <Text fw={700} size="xl">
            {m(d.creditMinor)}
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">
          {t('invoicing.money.ageing')}
        </Title>
        <Table aria-label={t('invoicing.money.ageing')}>
          <Table.Thead>
            <Table.Tr>
              {buckets.map((b) => (
                <Table.Th key={b} ta="right">
                  {t(`invoicing.money.bucket.${b}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              {buckets.map((b) => (
                <Table.Td key={b} ta="right">
                  {m(d.ageing[b])}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">
          {t('invoicing.money.openInvoices')}
        </Title>
        {d.invoices.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('invoicing.money.nothingDue')}
          </Text>
        ) : (
          <Table aria-label={t('invoicing.money.openInvoices')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoicing.money.invoice')}</Table.Th>
                <Table.Th>{t('invoicing.money.dueDate')}</Table.Th>
                <Table.Th ta="right">{t('invoicing.money.gross')}</Table.Th>
                <Table.Th ta="right">{t('invoicing.money.left')}</Table.Th>
                <Table.Th ta="right">{t('invoicing.money.daysOverdue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.invoices.map((i) => (
                <Table.Tr key={i.invoiceId}>
                  <Table.Td>{i.invoiceNo ?? `#${i.invoiceId}`}</Table.Td>
                  <Table.Td>{day(i.dueDate)}</Table.Td>
                  <Table.Td ta="right">{m(i.grossMinor)}</Table.Td>
                  <Table.Td ta="right">{m(i.leftToPayMinor)}</Table.Td>
                  <Table.Td ta="right">{i.daysOverdue}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-end" mb="xs">
          <Title order={3} size="h5">
            {t('invoicing.money.statement')}
          </Title>
          <Group gap="sm">
            <TextInput
              type="date"
              label={t('invoicing.money.from')}
              value={fromDate}
              onChange={(e) => setFromDate(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('invoicing.money.to')}
              value={toDate}
              onChange={(e) => setToDate(e.currentTarget.value)}
            />
          </Group>
        </Group>
        <Table aria-label={t('invoicing.money.statement')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoicing.money.when')}</Table.Th>
              <Table.Th>{t('invoicing.money.what')}</Table.Th>
              <Table.Th ta="right">{t('invoicing.money.debit')}</Table.Th>
              <Table.Th ta="right">{t('invoicing.money.creditCol')}</Table.Th>
              <Table.Th ta="right">{t('invoicing.money.runningBalance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={4}>{t('invoicing.money.opening')}</Table.Td>
              <Table.Td ta="right">{m(d.statement.openingBalanceMinor)}</Table.Td>
            </Table.Tr>
            {d.statement.entries.map((e, i) => (
              <Table.Tr key={i}>
                <Table.Td>{dateTime(e.date)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {t(`invoicing.money.entry.${e.kind}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {e.description}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{e.debitMinor ? m(e.debitMinor) : ''}</Table.Td>
                <Table.Td ta="right">{e.creditMinor ? m(e.creditMinor) : ''}</Table.Td>
                <Table.Td ta="right">{m(e.balanceMinor)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={4} fw={700}>
                {t('invoicing.money.closing')}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {m(d.statement.closingBalanceMinor)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {d.statement.truncated ? (
          <Text size="xs" c="dimmed" mt="xs">
            {t('invoicing.money.truncated')}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
