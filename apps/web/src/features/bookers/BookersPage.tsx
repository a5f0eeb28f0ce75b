import { Badge, Button, Select } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { useCall } from '../../api/hooks';
import { count } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { BookerDrawer } from './BookerDrawer';

type Row = CallOutput<'Booking/GetTableSummaryBooker'>;
type Input = CallInput<'Booking/GetTableSummaryBooker'>;
type State = 'all' | 'active' | 'inactive';

/** People who book for others (assistants, concierges), usually for a client; add and edit in a drawer. */
export function BookersPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const canChange = ability.can('update', 'Booking');
  const list = useListState({ column: 'name', direction: 'asc' });
  const [state, setState] = useState<State>('all');
  const [clientId, setClientId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const input: Input = {
    ...list.query,
    sortColumn: list.query.sortColumn as Input['sortColumn'],
    state,
    ...(clientId ? { clientId } : {}),
  };
  const result = useCall('Booking/GetTableSummaryBooker', input);

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'name', title: t('bookers.name'), sortable: true },
    { accessor: 'email', title: t('bookers.email'), sortable: true, render: (r) => r.email ?? '—' },
    { accessor: 'phone', title: t('bookers.phone'), sortable: true, render: (r) => r.phone ?? '—' },
    { accessor: 'clientName', title: t('bookers.client'), sortable: true, render: (r) => r.clientName ?? '—' },
    {
      accessor: 'bookingCount',
      title: t('bookers.bookings'),
      sortable: true,
      textAlign: 'right',
      render: (r) => count(r.bookingCount),
    },
    {
      accessor: 'isActive',
      title: '',
      render: (r) =>
        r.isActive ? (
          <Badge color="teal">{t('bookers.active')}</Badge>
        ) : (
          <Badge color="gray">{t('bookers.inactive')}</Badge>
        ),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) =>
        canChange ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            onClick={(e) => {
              e.stopPropagation();
              setEditing(r);
            }}
          >
            {t('bookers.edit')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('bookers.title')}
        subtitle={t('bookers.subtitle')}
        actions={
          ability.can('create', 'Booking') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t('bookers.add')}
            </Button>
          ) : null
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list}
        result={result}
        onRowClick={canChange ? setEditing : undefined}
        exportAs={{ call: 'Booking/GetTableSummaryBooker', input }}
        filters={
          <>
            <Select
              aria-label={t('bookers.state')}
              data={(['all', 'active', 'inactive'] as const).map((s) => ({
                value: s,
                label: t(`bookers.states.${s}`),
              }))}
              value={state}
              onChange={(v) => {
                setState((v as State | null) ?? 'all');
                list.setPage(1);
              }}
              allowDeselect={false}
              w={150}
            />
            <LookupSelect
              call="Common/GetClientList"
              aria-label={t('bookers.client')}
              placeholder={t('bookers.allClients')}
              value={clientId}
              onChange={(v) => {
                setClientId(v as number | null);
                list.setPage(1);
              }}
              w={220}
            />
          </>
        }
      />
      <BookerDrawer opened={editing !== undefined} booker={editing ?? null} onClose={() => setEditing(undefined)} />
    </>
  );
}
