import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAbility } from '../../app/ability';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { useRegisterChanges, useRegisterList } from './register-api';
import { listInput, tableColumns } from './register-columns';
import type { AnyRow, RegisterDefinition } from './register-types';
import { RegisterFilters } from './RegisterFilters';
import { RegisterFormModal } from './RegisterFormModal';
import { registerById } from './registers';

/** Settings → Reference data → one register, chosen by the address. */
export function RegisterPage() {
  const { register } = useParams();
  const ability = useAbility();
  const def = registerById(register);
  if (!def) return <NotFoundPage />;
  if (!ability.can('read', def.subject)) return <NotFoundPage forbidden />;
  // A new register starts with fresh paging, filters and form.
  return <RegisterView key={def.id} def={def} />;
}

function RegisterView({ def }: { def: RegisterDefinition }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListState(def.defaultSort);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const input = listInput(list.query, filters);
  const result = useRegisterList(def, input);
  const changes = useRegisterChanges(def);
  // The row stays while the modal closes, so its title does not change under the closing animation.
  const [editing, setEditing] = useState<{ row: AnyRow | null; opened: boolean }>({ row: null, opened: false });
  const title = t(`reference-data.registers.${def.id}.title`);
  const one = t(`reference-data.registers.${def.id}.one`);
  const canCreate = ability.can('create', def.subject);
  const canUpdate = ability.can('update', def.subject);
  const canDelete = ability.can('delete', def.subject);

  const remove = async (row: AnyRow) => {
    try {
      const res = await changes.remove(row.id);
      notifySuccess(t('reference-data.deleted'), res.message);
      // The list reloads with its last params; a page left empty steps back one.
      if ((result.data?.data.length ?? 0) <= 1 && list.page > 1) list.setPage(list.page - 1);
    } catch (error) {
      notifyError(t('reference-data.deleteFailed'), error);
    }
  };

  const actions: DataTableColumn<AnyRow> = {
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    width: 96,
    render: (row) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {canUpdate ? (
          <Tooltip label={t('form.edit')} withinPortal>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('form.edit')} ${def.titleOf(row)}`}
              onClick={() => setEditing({ row, opened: true })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {canDelete ? (
          <ConfirmButton
            size="compact-md"
            variant="subtle"
            color="red"
            px={6}
            question={t('reference-data.deleteQuestion', { what: one, name: def.titleOf(row) })}
            onConfirm={() => remove(row)}
          >
            <IconTrash size={18} aria-hidden />
            <VisuallyHidden>{`${t('form.delete')} ${def.titleOf(row)}`}</VisuallyHidden>
          </ConfirmButton>
        ) : null}
      </Group>
    ),
  };

  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to="/settings/reference-data">
          {t('reference-data.title')}
        </Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <PageHeader
        title={title}
        subtitle={t(`reference-data.registers.${def.id}.subtitle`)}
        actions={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ row: null, opened: true })}>
              {t('reference-data.add', { what: one })}
            </Button>
          ) : null
        }
      />
      <ServerDataTable<AnyRow>
        columns={[...tableColumns(def, t), ...(canUpdate || canDelete ? [actions] : [])]}
        state={list}
        result={result}
        exportAs={{ call: def.calls.list, input }}
        filters={
          <RegisterFilters
            filters={def.filters}
            values={filters}
            onChange={(name, value) => {
              setFilters((f) => ({ ...f, [name]: value }));
              list.setPage(1);
            }}
          />
        }
      />
      <RegisterFormModal
        def={def}
        row={editing.row}
        opened={editing.opened}
        onClose={() => setEditing((e) => ({ ...e, opened: false }))}
      />
    </>
  );
}
