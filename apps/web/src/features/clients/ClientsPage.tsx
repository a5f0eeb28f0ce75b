import { Alert, Button, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { LookupSelect } from '../../ui/LookupSelect';
import { ExportButton } from '../../ui/ExportButton';
import { PageHeader } from '../../ui/PageHeader';
import { ImportButton } from '../import-export/ImportButton';
import { useListState } from '../../ui/ServerDataTable';
import { ChildRows, useExpansion } from './ChildRows';
import { useClientColumns } from './clientColumns';
import type { Client } from './clientForm';
import { ClientFormModal, type ClientFormTarget } from './ClientFormModal';
import { TopClientsPanel } from './TopClientsPanel';

type Status = 'active' | 'inactive' | 'all';
type SortColumn = 'name' | 'accountNo' | 'clientTypeName' | 'createdAt';

/**
 * Clients: top-level accounts with their child accounts folded under them. A search or a type or tag
 * filter lists every matching account, children included, each naming its parent.
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const list = useListState({ column: 'name', direction: 'asc' });
  const [clientTypeId, setClientTypeId] = useState<number | null>(null);
  const [tagId, setTagId] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>('active');
  const [formTarget, setFormTarget] = useState<ClientFormTarget | null>(null);
  const expansion = useExpansion();

  const isTree = !list.query.q && !clientTypeId && !tagId;
  const isActive = status === 'all' ? undefined : status === 'active';
  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as SortColumn,
    ...(isTree ? { parentClientId: 0 } : {}),
    ...(clientTypeId ? { clientTypeId } : {}),
    ...(tagId ? { tagId } : {}),
    ...(isActive === undefined ? {} : { isActive }),
  };
  const result = useCall('Client/GetTableSummary', listInput);
  const columns = useClientColumns(isTree ? { expansion } : { showParent: true });
  const sortStatus: DataTableSortStatus<Client> = { columnAccessor: list.sort.column, direction: list.sort.direction };
  const filtered = (apply: () => void) => {
    apply();
    list.setPage(1);
  };

  return (
    <>
      <PageHeader
        title={t('clients.title')}
        subtitle={t('clients.subtitle')}
        actions={
          <Group gap="sm">
            <ExportButton call="Client/GetTableSummary" input={listInput} />
            {ability.can('create', 'Client') ? (
              <>
                <ImportButton area="Client" />
                <Button leftSection={<IconPlus size={16} />} onClick={() => setFormTarget({})}>
                  {t('clients.addClient')}
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <Grid gap="md">
        <Grid.Col span={12}>
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <TextInput
                placeholder={t('clients.searchPlaceholder')}
                aria-label={t('list.search')}
                leftSection={<IconSearch size={16} />}
                value={list.search}
                onChange={(e) => list.setSearch(e.currentTarget.value)}
                w={260}
              />
              <LookupSelect
                call="Client/GetClientTypeList"
                aria-label={t('clients.clientType')}
                placeholder={t('clients.allTypes')}
                value={clientTypeId}
                onChange={(v) => filtered(() => setClientTypeId(v as number | null))}
                w={180}
              />
              <LookupSelect
                call="Client/GetClientTagList"
                aria-label={t('clients.tags')}
                placeholder={t('clients.allTags')}
                value={tagId}
                onChange={(v) => filtered(() => setTagId(v as number | null))}
                w={170}
              />
              <Select
                aria-label={t('clients.status')}
                data={[
                  { value: 'active', label: t('clients.statusActive') },
                  { value: 'inactive', label: t('clients.statusInactive') },
                  { value: 'all', label: t('clients.statusAll') },
                ]}
                value={status}
                onChange={(v) => filtered(() => setStatus((v as Status | null) ?? 'active'))}
                allowDeselect={false}
                w={170}
              />
              {result.data ? (
                <Text size="sm" c="dimmed" ms="auto">
                  {t(isTree ? 'clients.topLevelCount' : 'clients.matchCount', { count: result.data.count })}
                </Text>
              ) : null}
            </Group>
            {result.error ? (
              <Alert color="red" icon={<IconAlertTriangle />} title={t('list.loadFailed')} role="alert">
                {messageOf(result.error)}
              </Alert>
            ) : null}
            <DataTable<Client>
              withTableBorder
              borderRadius="md"
              highlightOnHover
              minHeight={result.data?.data.length ? undefined : 200}
              records={result.data?.data ?? []}
              idAccessor="id"
              columns={columns}
              fetching={result.isFetching}
              totalRecords={result.data?.count ?? 0}
              recordsPerPage={list.perPage}
              page={list.page}
              onPageChange={list.setPage}
              recordsPerPageOptions={[10, 25, 50, 100]}
              recordsPerPageLabel={t('clients.perPage')}
              onRecordsPerPageChange={list.setPerPage}
              sortStatus={sortStatus}
              onSortStatusChange={(s) => list.setSort({ column: String(s.columnAccessor), direction: s.direction })}
              noRecordsText={list.query.q ? t('list.emptySearch', { q: list.query.q }) : t('clients.empty')}
              rowExpansion={
                isTree
                  ? {
                      trigger: 'never',
                      allowMultiple: true,
                      expanded: {
                        recordIds: expansion.ids,
                        onRecordIdsChange: (ids: unknown[]) => expansion.setIds(ids as number[]),
                      },
                      content: ({ record }) => <ChildRows parentId={record.id} depth={1} isActive={isActive} />,
                    }
                  : undefined
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <TopClientsPanel />
        </Grid.Col>
      </Grid>
      <ClientFormModal
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onSaved={(client) => navigate(`/clients/${client.id}`)}
      />
    </>
  );
}
