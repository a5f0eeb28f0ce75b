import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useCanCall } from '../../app/can-call';
import { useClientColumns } from './clientColumns';
import type { Client } from './clientForm';
import { ClientFormModal } from './ClientFormModal';

/** The accounts directly under a client, each linking to its own profile. */
export function ChildAccountsTab({ client }: { client: Client }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [adding, setAdding] = useState(false);
  const columns = useClientColumns({ sortable: false, showParent: false });
  const children = useCall('Client/GetTableSummary', { parentClientId: client.id, perPage: 0, sortColumn: 'name' });
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          {t('clients.childAccountsHint')}
        </Text>
        {canCall('Client/CreateChild') ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
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
      <ClientFormModal
        target={adding ? { parent: { id: client.id, name: client.name } } : null}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
