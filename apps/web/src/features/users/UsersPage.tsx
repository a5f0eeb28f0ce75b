import { Badge, Button, Select } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { useAuth } from '../../app/auth';
import { useCall, useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import type { CallOutput } from '@cabdesk/contract';
import { NewUserModal } from './NewUserModal';

type Row = CallOutput<'Users/GetTableSummary'>;
const userTypes = ['Admin', 'Staff', 'Driver', 'Passenger', 'Client'] as const;

/** Settings → Users: every account of the company, paged and sorted on the server; add and delete. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const { user } = useAuth();
  const [adding, setAdding] = useState(false);
  const remove = useCallMutation('User/DeleteUser');
  const [userType, setUserType] = useState<Row['userType'] | null>(null);
  const list = useListState({ column: 'fullName', direction: 'asc' });
  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as 'fullName',
    ...(userType ? { userType } : {}),
  };
  const result = useCall('Users/GetTableSummary', listInput);
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
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) =>
        r.id === user?.id ? (
          <Badge variant="outline">{t('users.you')}</Badge>
        ) : ability.can('delete', 'User') ? (
          <ConfirmButton
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            question={t('users.deleteQuestion', { name: r.fullName, email: r.email })}
            onConfirm={async () => {
              try {
                const res = await remove.mutateAsync({ id: r.id });
                notifySuccess(t('users.deleted'), res.message);
              } catch (error) {
                notifyError(t('users.deleteFailed'), error);
              }
            }}
          >
            {t('users.delete')}
          </ConfirmButton>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          ability.can('create', 'User') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('users.add')}
            </Button>
          ) : null
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list}
        result={result}
        exportAs={{ call: 'Users/GetTableSummary', input: listInput }}
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
      <NewUserModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
