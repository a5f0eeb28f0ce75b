import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { CardPaymentsTab } from './CardPaymentsTab';
import { CashBookingsTab } from './CashBookingsTab';
import { ReconciliationTab } from './ReconciliationTab';
import { TransactionsTab } from './TransactionsTab';

const tabs = ['card', 'cash', 'transactions', 'reconciliation'] as const;
type Tab = (typeof tabs)[number];

/**
 * Finance → Payments: four lists of one page, the tab in the address (`?tab=`) so a link or a
 * reload opens the same one. Each tab mounts only when shown: its calls run when it is looked at.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'card';
  return (
    <>
      <PageHeader title={t('payments.finance.title')} subtitle={t('payments.finance.subtitle')} />
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'card' ? { tab: v } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`payments.finance.tab.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="card">
          <CardPaymentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="cash">
          <CashBookingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="transactions">
          <TransactionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="reconciliation">
          <ReconciliationTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
