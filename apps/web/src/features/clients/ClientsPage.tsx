import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActiveFilter } from '../../kit/list-filters';
import { ListPage } from '../../kit/ListPage';
import { useServerList } from '../../kit/useServerList';
import { LookupSelect } from '../../ui/LookupSelect';
import { ChildRows, useExpansion } from './ChildRows';
import { clientKind } from './client-kind';
import { useClientColumns } from './clientColumns';
import { ClientFormModal, type ClientFormTarget } from './ClientFormModal';
import { TopClientsPanel } from './TopClientsPanel';

/**
 * Clients: top-level accounts with their child accounts folded under them. A search or a type or tag
 * filter lists every matching account, children included, each naming its parent.
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formTarget, setFormTarget] = useState<ClientFormTarget | null>(null);
  const expansion = useExpansion();
  const list = useServerList('Client/GetTableSummary', {
    sort: { column: 'name', direction: 'asc' },
    filters: { isActive: true } as { isActive?: boolean; clientTypeId?: number; tagId?: number },
    // Nothing searched for: the top-level accounts, their children folded under them.
    shape: (input) => (!input.q && !input.clientTypeId && !input.tagId ? { ...input, parentClientId: 0 } : input),
  });
  const { filters, filter } = list;
  const isTree = 'parentClientId' in list.input;
  const columns = useClientColumns(isTree ? { expansion } : { showParent: true });

  return (
    <ListPage
      kind={clientKind}
      list={list}
      columns={columns}
      onAdd={() => setFormTarget({})}
      importArea="Client"
      searchPlaceholder={t('clients.searchPlaceholder')}
      countLabel={(count) => t(isTree ? 'clients.topLevelCount' : 'clients.matchCount', { count })}
      aside={<TopClientsPanel />}
      asideBelow
      rowExpansion={
        isTree
          ? {
              trigger: 'never',
              allowMultiple: true,
              expanded: {
                recordIds: expansion.ids,
                onRecordIdsChange: (ids: unknown[]) => expansion.setIds(ids as number[]),
              },
              content: ({ record }) => <ChildRows parentId={record.id} depth={1} isActive={filters.isActive} />,
            }
          : undefined
      }
      filters={
        <>
          <LookupSelect
            call="Client/GetClientTypeList"
            aria-label={t('clients.clientType')}
            placeholder={t('clients.allTypes')}
            value={filters.clientTypeId}
            onChange={(v) => filter({ clientTypeId: typeof v === 'number' ? v : undefined })}
            w={180}
          />
          <LookupSelect
            call="Client/GetClientTagList"
            aria-label={t('clients.tags')}
            placeholder={t('clients.allTags')}
            value={filters.tagId}
            onChange={(v) => filter({ tagId: typeof v === 'number' ? v : undefined })}
            w={170}
          />
          <ActiveFilter
            value={filters.isActive}
            onChange={(isActive) => filter({ isActive })}
            either={t('clients.statusAll')}
          />
        </>
      }
    >
      <ClientFormModal
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onSaved={(client) => navigate(`/clients/${client.id}`)}
      />
    </ListPage>
  );
}
