import { Button, Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { codesOf } from '@cabdesk/contract';
import { companyToday } from '../../ui/date-entry';
import { fixedLabel } from '../../ui/fixedLabel';
import { PageHeader } from '../../ui/PageHeader';
import { type Period, periodProblem, quickRanges } from './periods';
import { ProfitabilityTab, type Tab } from './ProfitabilityTab';

const tabs: Tab[] = ['client', 'driver', 'vehicle'];

/**
 * Reports → Profitability: one filter bar over three tabs (client, driver, vehicle), the tab in the
 * address (`?tab=`). Dates are typed; the quick ranges fill them in.
 */
export function ProfitabilityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'client';
  const ranges = quickRanges(companyToday());
  const [period, setPeriod] = useState<Period>(ranges.thisMonth);
  const [method, setMethod] = useState<string | null>(null);
  const problem = periodProblem(period);
  return (
    <>
      <PageHeader title={t('profitability.title')} subtitle={t('profitability.subtitle')} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('profitability.filters')}>
          <TextInput
            type="date"
            label={t('profitability.startDate')}
            value={period.startDate}
            onChange={(e) => setPeriod({ ...period, startDate: e.currentTarget.value })}
            w={170}
            data-testid="start-date"
          />
          <TextInput
            type="date"
            label={t('profitability.endDate')}
            value={period.endDate}
            onChange={(e) => setPeriod({ ...period, endDate: e.currentTarget.value })}
            w={170}
            data-testid="end-date"
            error={problem === 'periodReversed' ? t('profitability.periodReversed') : undefined}
          />
          {(['thisMonth', 'lastMonth', 'thisYear'] as const).map((range) => (
            <Button key={range} variant="default" onClick={() => setPeriod(ranges[range])}>
              {t(`profitability.range.${range}`)}
            </Button>
          ))}
          <Select
            label={t('profitability.paymentMethod')}
            placeholder={t('profitability.anyMethod')}
            data={codesOf('paymentType').map((code) => ({ value: code, label: fixedLabel('paymentType', code) }))}
            value={method}
            onChange={setMethod}
            clearable
            w={200}
          />
        </Group>
        {problem === 'periodIncomplete' ? <Text role="status">{t('profitability.periodIncomplete')}</Text> : null}
        <Tabs value={tab} onChange={(v) => setParams(v && v !== 'client' ? { tab: v } : {})} keepMounted={false}>
          <Tabs.List mb="md">
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`profitability.tab.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((name) => (
            <Tabs.Panel key={name} value={name}>
              <ProfitabilityTab
                tab={name}
                period={period}
                ready={problem === null}
                paymentMethodID={method ?? undefined}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}
