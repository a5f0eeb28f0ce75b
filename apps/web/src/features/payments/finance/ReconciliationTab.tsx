import { Alert, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { dateTime } from '../../../ui/format';
import { moneyOf, thisMonth } from './shared';
import { PeriodFields, type Period } from '../../../ui/PeriodFields';

/** The differing bookings shown at once; the answer holds up to 500. */
const SHOWN = 50;

/** Priced done bookings = card + cash + by hand + invoiced + owed, against the ledger, and every difference. */
export function ReconciliationTab() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(thisMonth);
  const ready = Boolean(period.fromDate && period.toDate && period.fromDate <= period.toDate);
  const answer = useCall('PaymentTransaction/GetReconciliation', period, { enabled: ready });
  const r = answer.data?.data;
  const m = (v: number) => moneyOf(v, r?.currency ?? 'GBP');
  const parts = ['priced', 'card', 'cash', 'manual', 'invoiced', 'owed'] as const;
  return (
    <Stack>
      <PeriodFields value={period} onChange={setPeriod} />
      {!ready ? <Text>{t('payments.finance.choosePeriod')}</Text> : null}
      {answer.error ? (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert" title={t('payments.finance.reconcileFailed')}>
          {answer.error.message}
        </Alert>
      ) : null}
      {ready && !r && !answer.error ? <Skeleton h={220} radius="md" /> : null}
      {r ? (
        <>
          {r.balanced ? (
            <Alert
              color="teal"
              icon={<IconCircleCheck />}
              title={t('payments.finance.balanced')}
              data-testid="balanced"
            >
              {t('payments.finance.balancedText', { count: r.bookingCount })}
            </Alert>
          ) : (
            <Alert color="red" icon={<IconAlertTriangle />} title={t('payments.finance.notBalanced')}>
              {t('payments.finance.notBalancedText', { count: r.differing })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {(['bookings', 'ledger'] as const).map((side) => (
              <Paper key={side} withBorder radius="md" p="md">
                <Title order={3} size="h5" mb="xs">
                  {t(`payments.finance.side.${side}`)}
                </Title>
                <Text ff="monospace" size="sm" aria-label={t('payments.finance.equation')}>
                  {m(r[side].priced)} ={' '}
                  {parts
                    .slice(1)
                    .map((p) => m(r[side][p]))
                    .join(' + ')}
                </Text>
                <Table mt="xs">
                  <Table.Tbody>
                    {parts.map((p) => (
                      <Table.Tr key={p}>
                        <Table.Td>{t(`payments.finance.part.${p}`)}</Table.Td>
                        <Table.Td ta="right">{m(r[side][p])}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            ))}
          </SimpleGrid>
          {r.differences.length ? (
            <Paper withBorder radius="md" p="md">
              <Title order={3} size="h5" mb="xs">
                {t('payments.finance.differences')}
              </Title>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('payments.finance.booking')}</Table.Th>
                    <Table.Th>{t('payments.finance.pickup')}</Table.Th>
                    <Table.Th ta="right">{t('payments.finance.price')}</Table.Th>
                    <Table.Th ta="right">{t('payments.finance.earnedInLedger')}</Table.Th>
                    <Table.Th ta="right">{t('payments.finance.paidHere')}</Table.Th>
                    <Table.Th ta="right">{t('payments.finance.paidInLedger')}</Table.Th>
                    <Table.Th ta="right">{t('payments.finance.difference')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.differences.slice(0, SHOWN).map((d) => (
                    <Table.Tr key={d.bookingId}>
                      <Table.Td>#{d.bookingId}</Table.Td>
                      <Table.Td>{dateTime(d.pickupAt)}</Table.Td>
                      <Table.Td ta="right">{m(d.price)}</Table.Td>
                      <Table.Td ta="right">{m(d.ledger.earned)}</Table.Td>
                      <Table.Td ta="right">{m(d.bookings.card + d.bookings.cash + d.bookings.manual)}</Table.Td>
                      <Table.Td ta="right">{m(d.ledger.card + d.ledger.cash + d.ledger.manual)}</Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {m(d.difference)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {r.differences.length > SHOWN ? (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('payments.finance.moreDifferences', { shown: SHOWN, count: r.differing })}
                </Text>
              ) : null}
            </Paper>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
