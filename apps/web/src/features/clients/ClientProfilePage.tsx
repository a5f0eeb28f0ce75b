import { Alert, Anchor, Badge, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconNotes, IconSettings, IconSitemap } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { PageLoader } from '../../ui/PageLoader';
import { ChildAccountsTab } from './ChildAccountsTab';
import { ClientFormModal, type ClientFormTarget } from './ClientFormModal';
import { ClientHeader } from './ClientHeader';
import { ClientNotesTab } from './ClientNotesTab';
import { ClientOverviewTab } from './ClientOverviewTab';
import { ClientSettingsTab } from './ClientSettingsTab';

/** One client: its figures, child accounts, settings and notes. */
export function ClientProfilePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [formTarget, setFormTarget] = useState<ClientFormTarget | null>(null);
  const [tab, setTab] = useState<string | null>('overview');
  // No placeholder: moving from one client to another must not show the previous one meanwhile.
  const result = useCall(
    'Client/GetTableSummary',
    { clientId: valid ? id : 1, perPage: 1 },
    { enabled: valid, placeholderData: undefined },
  );
  const client = result.data?.data[0];

  if (valid && result.isPending) return <PageLoader />;
  if (result.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('clients.loadFailed')}>
        {messageOf(result.error)}
      </Alert>
    );
  }
  if (!client) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle />} title={t('clients.notFound')}>
        <Anchor component={Link} to="/clients">
          {t('clients.backToList')}
        </Anchor>
      </Alert>
    );
  }

  return (
    <>
      <Anchor component={Link} to="/clients" size="sm" mb="xs" display="inline-block">
        ← {t('clients.title')}
      </Anchor>
      <ClientHeader client={client} onOpenForm={setFormTarget} onChanged={() => result.refetch()} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} />}>
            {t('clients.tab.overview')}
          </Tabs.Tab>
          <Tabs.Tab
            value="children"
            leftSection={<IconSitemap size={16} />}
            rightSection={
              client.childCount ? (
                <Badge size="xs" variant="filled" circle>
                  {client.childCount}
                </Badge>
              ) : null
            }
          >
            {t('clients.tab.children')}
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            {t('clients.tab.settings')}
          </Tabs.Tab>
          <Tabs.Tab value="notes" leftSection={<IconNotes size={16} />}>
            {t('clients.tab.notes')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <ClientOverviewTab clientId={client.id} hasChildren={client.childCount > 0} />
        </Tabs.Panel>
        <Tabs.Panel value="children">
          <ChildAccountsTab
            client={client}
            onAddChild={() => setFormTarget({ parent: { id: client.id, name: client.name } })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <ClientSettingsTab client={client} />
        </Tabs.Panel>
        <Tabs.Panel value="notes">
          <ClientNotesTab client={client} />
        </Tabs.Panel>
      </Tabs>
      <ClientFormModal
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onSaved={(saved) => {
          if (saved.id !== client.id) setTab('children');
        }}
      />
    </>
  );
}
