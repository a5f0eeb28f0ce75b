import { Tabs } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { settingsTabs } from './settings-tabs';

/** Settings → Company: one tab per part of the company's settings; the open tab is kept in the address. */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const first = settingsTabs[0]?.value ?? '';
  const open = settingsTabs.some((tab) => tab.value === params.get('tab')) ? params.get('tab')! : first;
  return (
    <>
      <PageHeader title={t('company-settings.title')} subtitle={t('company-settings.subtitle')} />
      <Tabs
        value={open}
        onChange={(tab) => setParams(tab && tab !== first ? { tab } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {settingsTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {settingsTabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <Suspense fallback={<PageLoader />}>
              <tab.panel />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
