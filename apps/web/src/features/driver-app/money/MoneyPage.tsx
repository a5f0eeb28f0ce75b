import { Group, NavLink, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAdjustments, IconChevronRight, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../../api/hooks';
import { count, money } from '../../../ui/format';
import { Screen } from '../account/screen';
import { EarningsChart } from './EarningsChart';
import { EstimateNote } from './EstimateNote';
import { AverageFigures, PaymentSummary } from './PaymentSummary';
import { QuerySection } from './QuerySection';
import { StatementsSection } from './StatementsSection';
import { customPeriod, MAX_PERIOD_DAYS, periodKinds, periodOf, type Period, type PeriodKind } from './period';

/**
 * Earnings of a period with their chart, averages and what the office owes, the statements the office
 * approved, and the ways to expenses and adjustments.
 */
export function MoneyPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PeriodKind>('week');
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const custom = customPeriod(range);
  const period: Period | null = kind === 'custom' ? (typeof custom === 'string' ? null : custom) : periodOf(kind);

  return (
    <Screen title={t('driver-app.money.title')}>
      <SegmentedControl
        fullWidth
        size="md"
        value={kind}
        onChange={(v) => setKind(v as PeriodKind)}
        data={periodKinds.map((k) => ({ value: k, label: t(`driver-app.money.period.${k}`) }))}
        aria-label={t('driver-app.money.periodLabel')}
      />
      {kind === 'custom' ? (
        <DatePickerInput
          type="range"
          size="md"
          label={t('driver-app.money.range')}
          placeholder={t('driver-app.money.rangePlaceholder')}
          value={range}
          onChange={(v) => setRange(v as [string | null, string | null])}
          maxDate={new Date()}
          valueFormat="DD-MM-YYYY"
          allowSingleDateInRange
          error={custom === 'tooLong' ? t('driver-app.money.rangeTooLong', { days: MAX_PERIOD_DAYS }) : undefined}
        />
      ) : null}
      {period ? (
        <PeriodFigures period={period} />
      ) : (
        <Text c="dimmed" ta="center" py="md">
          {t('driver-app.money.pickRange')}
        </Text>
      )}
      <StatementsSection />
      <Paper withBorder radius="md">
        <NavLink
          component={Link}
          to="/driver/money/expenses"
          label={t('driver-app.money.expensesLink')}
          description={t('driver-app.money.expensesHint')}
          leftSection={<IconReceipt size={22} aria-hidden />}
          rightSection={<IconChevronRight size={18} aria-hidden />}
          py="md"
        />
        <NavLink
          component={Link}
          to="/driver/money/adjustments"
          label={t('driver-app.money.adjustmentsLink')}
          description={t('driver-app.money.adjustmentsHint')}
          leftSection={<IconAdjustments size={22} aria-hidden />}
          rightSection={<IconChevronRight size={18} aria-hidden />}
          py="md"
        />
      </Paper>
    </Screen>
  );
}

function PeriodFigures({ period }: { period: Period }) {
  const { t } = useTranslation();
  const earnings = useCall('Driver/GetDriverEarnings', period);
  const averages = useCall('Driver/GetDriverEarningsAverage', period);
  const summary = useCall('Driver/GetDriverPaymentSummary', period);
  return (
    <Stack gap="md">
      <QuerySection
        title={t('driver-app.money.earned')}
        query={earnings}
        failedTitle={t('driver-app.money.loadFailed')}
        skeletonHeight={220}
        testId="earnings"
      >
        {({ data: e }) => (
          <Stack gap="sm">
            <Group justify="space-between" align="baseline">
              <Text fz={32} fw={700} lh={1.1} data-testid="earnings-total">
                {money(e.totalMinor, e.currency)}
              </Text>
              <Text c="dimmed">{t('driver-app.money.jobs', { count: e.jobs, n: count(e.jobs) })}</Text>
            </Group>
            <EstimateNote totalMinor={e.totalMinor} estimatedMinor={e.estimatedMinor} currency={e.currency} />
            <EarningsChart days={e.days} currency={e.currency} />
          </Stack>
        )}
      </QuerySection>
      <QuerySection
        title={t('driver-app.money.averages')}
        query={averages}
        failedTitle={t('driver-app.money.loadFailed')}
        skeletonHeight={48}
      >
        {({ data }) => <AverageFigures averages={data} />}
      </QuerySection>
      <QuerySection
        title={t('driver-app.money.summary.title')}
        query={summary}
        failedTitle={t('driver-app.money.loadFailed')}
        skeletonHeight={160}
        testId="payment-summary"
      >
        {({ data }) => <PaymentSummary summary={data} />}
      </QuerySection>
    </Stack>
  );
}
