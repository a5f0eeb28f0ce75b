import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { EligibleTab } from './EligibleTab';
import { StatementListTab } from './StatementListTab';

const tabs = ['eligible', 'generated', 'attention', 'approved', 'settled'] as const;
type Tab = (typeof tabs)[number];

/**
 * Driver pay → Driver payments: drivers with jobs to pay, the statements generated, those that need a
 * person, the approved ones waiting for their money and the settled ones. The tab is in the address.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'eligible';
  return (
    <>
      <PageHeader title={t('driver-payments.title')} subtitle={t('driver-payments.subtitle')} />
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'eligible' ? { tab: v } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`driver-payments.tab.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="eligible">
          <EligibleTab onGenerated={() => setParams({ tab: 'generated' })} />
        </Tabs.Panel>
        <Tabs.Panel value="generated">
          <StatementListTab
            call="DrvrPayment/GetGeneratedPayments"
            status="generated"
            approve
            empty={t('driver-payments.noGenerated')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="attention">
          <StatementListTab call="DrvrPayment/GetAttentionPayments" approve empty={t('driver-payments.noAttention')} />
        </Tabs.Panel>
        <Tabs.Panel value="approved">
          <StatementListTab
            call="DrvrPayment/GetGeneratedPayments"
            status="approved"
            settle
            empty={t('driver-payments.noApproved')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="settled">
          <StatementListTab
            call="DrvrPayment/GetGeneratedPayments"
            status="settled"
            empty={t('driver-payments.noSettled')}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
