import { Alert, Box, Skeleton } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { messageOf } from '../../api/errors';
import type { Expansion } from './clientColumns';
import { useClientColumns } from './clientColumns';

/** The ids of the open rows of one level of the tree. */
export function useExpansion(): Expansion & { ids: number[]; setIds: (ids: number[]) => void } {
  const [ids, setIds] = useState<number[]>([]);
  return {
    ids,
    setIds,
    isOpen: (id) => ids.includes(id),
    toggle: (id) => setIds((open) => (open.includes(id) ? open.filter((x) => x !== id) : [...open, id])),
  };
}

/** The child accounts of one client, shown under it; each can open its own children in turn. */
export function ChildRows({ parentId, depth, isActive }: { parentId: number; depth: number; isActive?: boolean }) {
  const expansion = useExpansion();
  const columns = useClientColumns({ expansion, depth, sortable: false });
  const children = useCall('Client/GetTableSummary', {
    parentClientId: parentId,
    perPage: 0,
    sortColumn: 'name',
    ...(isActive === undefined ? {} : { isActive }),
  });
  if (children.error) {
    return (
      <Alert color="red" m="xs">
        {messageOf(children.error)}
      </Alert>
    );
  }
  if (!children.data) return <Skeleton h={44} m="xs" />;
  return (
    <Box bg="var(--mantine-color-default-hover)">
      <DataTable
        noHeader
        records={children.data.data}
        columns={columns}
        idAccessor="id"
        rowExpansion={{
          trigger: 'never',
          allowMultiple: true,
          expanded: {
            recordIds: expansion.ids,
            onRecordIdsChange: (ids: unknown[]) => expansion.setIds(ids as number[]),
          },
          content: ({ record }) => <ChildRows parentId={record.id} depth={depth + 1} isActive={isActive} />,
        }}
      />
    </Box>
  );
}
