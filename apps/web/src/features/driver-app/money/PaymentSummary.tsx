import { Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { money } from '../../../ui/format';

type Summary = CallOutput<'Driver/GetDriverPaymentSummary'>;
type Averages = CallOutput<'Driver/GetDriverEarningsAverage'>;

function Line({
  label,
  sign,
  minor,
  currency,
  strong,
}: {
  label: string;
  sign: string;
  minor: number;
  currency: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} ff="monospace">
        {sign} {money(minor, currency)}
      </Text>
    </Group>
  );
}

/** What the office owes for the period: earnings + approved expenses + credits − debits = net. */
export function PaymentSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const c = summary.currency;
  return (
    <Stack gap={6}>
      <Line label={t('driver-app.money.summary.earnings')} sign="" minor={summary.earningsMinor} currency={c} />
      {summary.estimatedMinor > 0 ? (
        <Text size="xs" c="dimmed" ta="right" data-testid="payment-estimate">
          {t('driver-app.money.estimate.summary', { estimated: money(summary.estimatedMinor, c) })}
        </Text>
      ) : null}
      <Line
        label={t('driver-app.money.summary.approvedExpenses')}
        sign="+"
        minor={summary.approvedExpensesMinor}
        currency={c}
      />
      <Line label={t('driver-app.money.summary.credits')} sign="+" minor={summary.creditsMinor} currency={c} />
      <Line label={t('driver-app.money.summary.debits')} sign="−" minor={summary.debitsMinor} currency={c} />
      <Divider />
      <Group justify="space-between" wrap="nowrap" data-testid="payment-net">
        <Text fw={700}>{t('driver-app.money.summary.net')}</Text>
        <Text fw={700} ff="monospace" c={summary.netMinor < 0 ? 'red' : undefined}>
          {money(summary.netMinor, c)}
        </Text>
      </Group>
      {summary.pendingExpensesMinor > 0 ? (
        <Text size="xs" c="dimmed" data-testid="payment-pending">
          {t('driver-app.money.summary.pending', { amount: money(summary.pendingExpensesMinor, c) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

export function AverageFigures({ averages }: { averages: Averages }) {
  const { t } = useTranslation();
  const c = averages.currency;
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Figure label={t('driver-app.money.perJob')} value={money(averages.perJobMinor, c)} />
      <Figure label={t('driver-app.money.perDay')} value={money(averages.perDayMinor, c)} />
      <Figure label={t('driver-app.money.perWorkedDay')} value={money(averages.perWorkedDayMinor, c)} />
    </SimpleGrid>
  );
}
