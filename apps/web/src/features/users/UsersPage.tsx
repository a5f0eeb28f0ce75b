import { Badge, Select } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import type { CallOutput } from '@cabdesk/contract';

type Row = CallOutput<'Users/GetTableSummary'>;
const userTypes = ['Admin', 'Staff', 'Driver', 'Passenger', 'Client'] as const;

/** Settings → Users: every account of the company, paged and sorted on the server. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const [userType, setUserType] = useState<Row['userType'] | null>(null);
  const list = useListState({ column: 'fullName', direction: 'asc' });
  const result = useCall('Users/GetTableSummary', {
    ...list.query,
    sortColumn: list.query.sortColumn as 'fullName',
    ...(userType ? { userType } : {}),
  });
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : t('users.never');

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'fullName', title: t('users.fullName'), sortable: true },
    { accessor: 'email', title: t('users.email'), sortable: true },
    {
      accessor: 'userType',
      title: t('users.userType'),
      sortable: true,
      render: (r) => <Badge variant="light">{r.userType}</Badge>,
    },
    { accessor: 'staffRoleName', title: t('users.role'), render: (r) => r.staffRoleName ?? '—' },
    { accessor: 'lastSignInAt', title: t('users.lastSignIn'), sortable: true, render: (r) => date(r.lastSignInAt) },
    {
      accessor: 'isActive',
      title: '',
      render: (r) =>
        r.isActive ? (
          <Badge color="teal">{t('users.active')}</Badge>
        ) : (
          <Badge color="gray">{t('users.inactive')}</Badge>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      <ServerDataTable<Row>
        columns={columns}
        state={list}
        result={result}
        filters={
          <Select
            aria-label={t('users.userType')}
            placeholder={t('users.allTypes')}
            data={userTypes.map((u) => ({ value: u, label: u }))}
            value={userType}
            onChange={(v) => {
              setUserType(v as Row['userType'] | null);
              list.setPage(1);
            }}
            clearable
            w={180}
          />
        }
      />
    </>
  );
}
