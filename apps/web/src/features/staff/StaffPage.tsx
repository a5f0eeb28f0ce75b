import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { InactiveBadge } from '../../kit/badges';
import { ActiveFilter } from '../../kit/list-filters';
import { ListPage } from '../../kit/ListPage';
import { useServerList } from '../../kit/useServerList';
import { day } from '../../ui/format';
import { initialsOf } from '../../ui/initials';
import { LookupSelect } from '../../ui/LookupSelect';
import type { StaffMember } from './form-values';
import { StaffFormModal } from './StaffFormModal';
import { staffKind } from './staff-kind';

/** Staff: the office staff with role and account, and "Add staff member". */
export function StaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const list = useServerList('Staff/GetTableSummary', {
    sort: { column: 'name', direction: 'asc' },
    filters: { isActive: true } as { isActive?: boolean; staffRoleId?: number },
  });
  const { filters, filter } = list;

  const columns: DataTableColumn<StaffMember>[] = [
    {
      accessor: 'photoUrl',
      title: '',
      width: 56,
      render: (r) => (
        <Avatar src={r.photoUrl} alt={r.name} radius="xl" size={36} color="cyan">
          {initialsOf(r.name)}
        </Avatar>
      ),
    },
    {
      accessor: 'name',
      title: t('staff.field.name'),
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/staff/${r.id}`} size="sm" fw={500}>
            {r.name}
          </Anchor>
          <InactiveBadge isActive={r.isActive} size="xs" />
        </Group>
      ),
    },
    {
      accessor: 'roleName',
      title: t('staff.field.role'),
      sortable: true,
      render: (r) => (r.staffRoleName ? <Badge variant="light">{r.staffRoleName}</Badge> : '—'),
    },
    {
      accessor: 'email',
      title: t('staff.field.email'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.email ?? '—'}</Text>
          {r.phone ? (
            <Text size="xs" c="dimmed">
              {r.phone}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'hasAccount',
      title: t('staff.field.account'),
      render: (r) =>
        r.hasAccount ? (
          <Text size="sm">{r.accountEmail}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('staff.account.none')}
          </Text>
        ),
    },
    { accessor: 'startDate', title: t('staff.field.startDate'), sortable: true, render: (r) => day(r.startDate) },
  ];

  return (
    <ListPage
      kind={staffKind}
      list={list}
      columns={columns}
      onAdd={() => setAdding(true)}
      filters={
        <>
          <LookupSelect
            call="Staff/GetStaffRoleList"
            aria-label={t('staff.field.role')}
            placeholder={t('staff.filter.allRoles')}
            value={filters.staffRoleId}
            onChange={(v) => filter({ staffRoleId: typeof v === 'number' ? v : undefined })}
            w={190}
          />
          <ActiveFilter value={filters.isActive} onChange={(isActive) => filter({ isActive })} />
        </>
      }
    >
      <StaffFormModal
        member={null}
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(m) => navigate(`/staff/${m.id}`)}
      />
    </ListPage>
  );
}
