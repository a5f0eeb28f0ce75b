import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { InvoiceListTab } from './InvoiceListTab';
import { ToMakeTab } from './ToMakeTab';

const tabs = ['toMake', 'generated', 'attention', 'all'] as const;
type Tab = (typeof tabs)[number];

/**
 * Finance → Invoices: the invoices to make (clients with billable jobs), the drafts generated, those
 * that need a person, and every invoice. The tab is in the address (`?tab=`).
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'toMake';
  return (
    <>
      <PageHeader title={t('invoicing.title')} subtitle={t('invoicing.subtitle')} />
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'toMake' ? { tab: v } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`invoicing.tab.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="toMake">
          <ToMakeTab onGenerated={() => setParams({ tab: 'generated' })} />
        </Tabs.Panel>
        <Tabs.Panel value="generated">
          <InvoiceListTab call="BookingInvoice/GetGeneratedInvoices" approve empty={t('invoicing.noGenerated')} />
        </Tabs.Panel>
        <Tabs.Panel value="attention">
          <InvoiceListTab call="BookingInvoice/GetTableSummaryAttentionRequired" empty={t('invoicing.noAttention')} />
        </Tabs.Panel>
        <Tabs.Panel value="all">
          <InvoiceListTab call="BookingInvoice/GetTableSummary" statusFilter empty={t('invoicing.noInvoices')} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
