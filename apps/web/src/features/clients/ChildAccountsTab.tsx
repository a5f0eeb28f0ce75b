import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { useClientColumns } from './clientColumns';
import type { Client } from './clientForm';

/** The accounts directly under a client, each linking to its own profile. */
export function ChildAccountsTab({ client, onAddChild }: { client: Client; onAddChild: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const columns = useClientColumns({ sortable: false, showParent: false });
  const children = useCall('Client/GetTableSummary', { parentClientId: client.id, perPage: 0, sortColumn: 'name' });
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          {t('clients.childAccountsHint')}
        </Text>
        {ability.can('create', 'Client') ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAddChild}>
            {t('clients.addChild')}
          </Button>
        ) : null}
      </Group>
      {children.error ? (
        <Alert color="red" title={t('list.loadFailed')}>
          {messageOf(children.error)}
        </Alert>
      ) : null}
      <DataTable<Client>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={children.data?.data.length ? undefined : 160}
        fetching={!children.data && !children.error}
        records={children.data?.data ?? []}
        idAccessor="id"
        columns={columns}
        noRecordsText={t('clients.noChildren')}
      />
    </>
  );
}
