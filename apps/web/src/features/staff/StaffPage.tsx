import { Anchor, Avatar, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { schemas } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAbility } from '../../app/ability';
import { useCall } from '../../api/hooks';
import { day } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { initialsOf, type StaffMember } from './form-values';
import { StaffFormModal } from './StaffFormModal';

type Filters = Pick<z.input<typeof schemas.staffListInput>, 'staffRoleId' | 'isActive'>;
type SortColumn = z.output<typeof schemas.staffListInput>['sortColumn'];

/** Staff: the office staff with role and account, and "Add staff member". */
export function StaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const [adding, setAdding] = useState(false);
  const [filters, setFilters] = useState<Filters>({ isActive: true });
  const list = useListState({ column: 'name', direction: 'asc' });
  const listInput = {
    ...list.query,
    sortColumn: list.query.sortColumn as SortColumn,
    ...filters,
  };
  const result = useCall('Staff/GetTableSummary', listInput);
  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.setPage(1);
  };

  const columns: DataTableColumn<StaffMember>[] = [
    {
      accessor: 'photoUrl',
      title: '',
      width: 56,
      render: (r) => (
        <Avatar src={r.photoUrl} alt={r.name} radius="xl" size={36} color="cyan">
          {initialsOf(r)}
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
          {r.isActive ? null : (
            <Badge color="gray" variant="outline" size="xs">
              {t('form.inactive')}
            </Badge>
          )}
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

  const activeValue = filters.isActive === undefined ? 'all' : filters.isActive ? 'on' : 'off';

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        actions={
          ability.can('create', 'Staff') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('staff.add')}
            </Button>
          ) : null
        }
      />
      <ServerDataTable<StaffMember>
        columns={columns}
        state={list}
        result={result}
        exportAs={{ call: 'Staff/GetTableSummary', input: listInput }}
        filters={
          <>
            <LookupSelect
              call="Staff/GetStaffRoleList"
              aria-label={t('staff.field.role')}
              placeholder={t('staff.filter.allRoles')}
              value={filters.staffRoleId as number | undefined}
              onChange={(v) => filter({ staffRoleId: (v as number | null) ?? undefined })}
              w={190}
            />
            <Select
              aria-label={t('staff.field.isActive')}
              data={[
                { value: 'on', label: t('staff.filter.activeOnly') },
                { value: 'off', label: t('staff.filter.inactiveOnly') },
                { value: 'all', label: t('staff.filter.everyone') },
              ]}
              value={activeValue}
              onChange={(v) => filter({ isActive: v === 'all' || v === null ? undefined : v === 'on' })}
              allowDeselect={false}
              w={150}
            />
          </>
        }
      />
      <StaffFormModal
        member={null}
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(m) => navigate(`/staff/${m.id}`)}
      />
    </>
  );
}
