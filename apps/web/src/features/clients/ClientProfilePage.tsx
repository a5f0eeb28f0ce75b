import { Badge, Text } from '@mantine/core';
import { IconChartBar, IconCreditCard, IconNotes, IconReceipt, IconSettings, IconSitemap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { RecordPage } from '../../kit/RecordPage';
import { useRecordTab } from '../../kit/useRecord';
import { ClientCardsPanel } from '../payments/CardsPanel';
import { ClientStatementTab } from '../invoicing/money/ClientStatementTab';
import { OwnerStatistics } from '../statistics/OwnerStatistics';
import { ChildAccountsTab } from './ChildAccountsTab';
import { clientKind } from './client-kind';
import { ClientHeader } from './ClientHeader';
import { ClientNotesTab } from './ClientNotesTab';
import { ClientSettingsTab } from './ClientSettingsTab';

const tabs = ['overview', 'children', 'settings', 'cards', 'statement', 'notes'] as const;

/** One client: its figures, child accounts, settings and notes. */
export function ClientProfilePage() {
  const { t } = useTranslation();
  const [, showTab] = useRecordTab(tabs);
  const canCall = useCanCall();
  return (
    <RecordPage
      kind={clientKind}
      // The spec has no single-client read: the list narrowed to one id serves.
      read={{ call: 'Client/GetTableSummary', input: (id) => ({ clientId: id, perPage: 1 }) }}
      header={(client) => <ClientHeader client={client} onChildAdded={() => showTab('children')} />}
      tabs={(client) => [
        {
          value: 'overview',
          label: t('clients.tab.overview'),
          icon: <IconChartBar size={16} />,
          panel: (
            <OwnerStatistics
              owner="client"
              id={client.id}
              intro={
                client.childCount > 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('clients.ownBookingsOnly')}
                  </Text>
                ) : null
              }
            />
          ),
        },
        {
          value: 'children',
          label: t('clients.tab.children'),
          icon: <IconSitemap size={16} />,
          badge: client.childCount ? (
            <Badge size="xs" variant="filled" circle>
              {client.childCount}
            </Badge>
          ) : null,
          panel: <ChildAccountsTab client={client} />,
        },
        {
          value: 'settings',
          label: t('clients.tab.settings'),
          icon: <IconSettings size={16} />,
          panel: <ClientSettingsTab client={client} />,
        },
        ...(canCall('Client/GetClientCreditCards')
          ? [
              {
                value: 'cards',
                label: t('clients.tab.cards'),
                icon: <IconCreditCard size={16} />,
                panel: <ClientCardsPanel id={client.id} />,
              },
            ]
          : []),
        ...(canCall('Client/InvoiceDeAmount')
          ? [
              {
                value: 'statement',
                label: t('invoicing.money.tab'),
                icon: <IconReceipt size={16} />,
                panel: <ClientStatementTab clientId={client.id} />,
              },
            ]
          : []),
        {
          value: 'notes',
          label: t('clients.tab.notes'),
          icon: <IconNotes size={16} />,
          panel: <ClientNotesTab client={client} />,
        },
      ]}
    />
  );
}
