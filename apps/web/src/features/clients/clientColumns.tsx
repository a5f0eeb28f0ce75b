import { ActionIcon, Anchor, Avatar, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { fixedLabel } from '../../ui/fixedLabel';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagBadges } from '../../kit/badges';
import { initialsOf } from '../../ui/initials';
import type { Client } from './clientForm';

export interface Expansion {
  isOpen: (id: number) => boolean;
  toggle: (id: number) => void;
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return isActive ? <Badge color="teal">{t('form.active')}</Badge> : <Badge color="gray">{t('form.inactive')}</Badge>;
}

/**
 * The columns of the client table. In a tree the name carries the expand control and is indented
 * by depth; in a flat search a child account names its parent.
 */
export function useClientColumns(opts: {
  expansion?: Expansion;
  depth?: number;
  showParent?: boolean;
  sortable?: boolean;
}) {
  const { t } = useTranslation();
  const { expansion, depth = 0, showParent = false, sortable = true } = opts;
  const columns: DataTableColumn<Client>[] = [
    {
      accessor: 'name',
      title: t('clients.name'),
      sortable,
      render: (c) => (
        <Group gap="xs" wrap="nowrap" pl={depth * 28}>
          {expansion ? (
            c.childCount > 0 ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-expanded={expansion.isOpen(c.id)}
                aria-label={t(expansion.isOpen(c.id) ? 'clients.hideChildren' : 'clients.showChildren', {
                  name: c.name,
                })}
                onClick={(e) => {
                  e.stopPropagation();
                  expansion.toggle(c.id);
                }}
              >
                {expansion.isOpen(c.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              </ActionIcon>
            ) : (
              <Box w={22} />
            )
          ) : null}
          <Avatar src={c.photoUrl} alt="" size={30} radius="xl" color="cyan">
            {initialsOf(c.name)}
          </Avatar>
          <Stack gap={0}>
            <Anchor component={Link} to={`/clients/${c.id}`} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {c.name}
            </Anchor>
            {showParent && c.parentName ? (
              <Text size="xs" c="dimmed">
                {t('clients.childOf', { name: c.parentName })}
              </Text>
            ) : c.contactName ? (
              <Text size="xs" c="dimmed">
                {c.contactName}
              </Text>
            ) : null}
          </Stack>
        </Group>
      ),
    },
    { accessor: 'accountNo', title: t('clients.accountNo'), sortable, width: 110, render: (c) => c.accountNo ?? '—' },
    {
      accessor: 'clientTypeName',
      title: t('clients.clientType'),
      sortable,
      width: 110,
      render: (c) => c.clientTypeName ?? '—',
    },
    {
      accessor: 'email',
      title: t('clients.contact'),
      width: 200,
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{c.email ?? '—'}</Text>
          {c.phone ? (
            <Text size="xs" c="dimmed">
              {c.phone}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'paymentMethod',
      title: t('clients.invoicing'),
      width: 110,
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{fixedLabel('paymentMethod', c.paymentMethod)}</Text>
          <Text size="xs" c="dimmed">
            {fixedLabel('invoicePeriod', c.invoicePeriod)}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'tags', title: t('clients.tags'), width: 120, render: (c) => <TagBadges tags={c.tags} /> },
    {
      accessor: 'childCount',
      title: t('clients.childAccounts'),
      textAlign: 'center',
      width: 90,
      render: (c) => (c.childCount ? <Badge variant="outline">{c.childCount}</Badge> : '—'),
    },
    { accessor: 'isActive', title: '', width: 90, render: (c) => <ActiveBadge isActive={c.isActive} /> },
  ];
  return columns;
}
