import { Anchor, Badge, Button, Group, Menu, Select } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { IconChevronDown, IconPlus, IconUsers } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCanCall } from '../../app/can-call';
import { ActiveFilter } from '../../kit/list-filters';
import { DeleteRecordButton } from '../../kit/RecordActions';
import { useServerList } from '../../kit/useServerList';
import { dateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable } from '../../ui/ServerDataTable';
import { editableKinds, kindOf, modeOfKind } from './kinds';
import { pricingKind } from './pricing-kind';
import { TryFarePanel } from './TryFarePanel';

type Row = CallOutput<'Pricing/GetTableSummary'>;
type Mode = 'mileage' | 'zone' | 'vehicle' | 'fixed' | 'hourly';

/**
 * Finance → Pricing: the company's pricing models (default first), filtered by kind and whether
 * they are on, "New model" with a choice of kind, delete with the server's reason when it refuses,
 * and the try-a-fare panel under the list.
 */
export function PricingModelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const list = useServerList('Pricing/GetTableSummary', {
    sort: { column: 'isDefault', direction: 'desc' },
    filters: {} as { mode?: Mode; isActive?: boolean },
  });
  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'name',
      title: t('pricing.name'),
      sortable: true,
      render: (m) => (
        // A fixed-price table is edited on the fixed prices page.
        <Anchor component={Link} to={kindOf(m) === 'fixed' ? '/pricing/fixed' : `/pricing/${m.id}`} fw={500} size="sm">
          {m.name}
        </Anchor>
      ),
    },
    {
      accessor: 'mode',
      title: t('pricing.kindLabel'),
      sortable: true,
      render: (m) => t(`pricing.kind.${kindOf(m)}`),
    },
    {
      accessor: 'isDefault',
      title: t('pricing.default'),
      sortable: true,
      render: (m) => (m.isDefault ? <Badge color="teal">{t('pricing.default')}</Badge> : null),
    },
    {
      accessor: 'isActive',
      title: t('pricing.active'),
      render: (m) =>
        m.isActive ? (
          <Badge color="teal" variant="light">
            {t('form.active')}
          </Badge>
        ) : (
          <Badge color="gray" variant="outline">
            {t('form.inactive')}
          </Badge>
        ),
    },
    { accessor: 'version', title: t('pricing.version'), sortable: true, render: (m) => m.version ?? '—' },
    { accessor: 'clientCount', title: t('pricing.clients'), render: (m) => m.clientCount },
    { accessor: 'updatedAt', title: t('pricing.updated'), sortable: true, render: (m) => dateTime(m.updatedAt) },
    {
      accessor: 'actions',
      title: t('pricing.actions'),
      render: (m) => <DeleteRecordButton kind={pricingKind} id={m.id} name={m.name} />,
    },
  ];
  return (
    <>
      <PageHeader
        title={t('pricing.title')}
        subtitle={t('pricing.subtitle')}
        actions={
          <Group gap="sm">
            <Button component={Link} to="/pricing/clients" variant="default" leftSection={<IconUsers size={16} />}>
              {t('pricing.assign.title')}
            </Button>
            {canCall(pricingKind.create) ? (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
                    {t('pricing.add')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t('pricing.chooseKind')}</Menu.Label>
                  {editableKinds.map((k) => (
                    <Menu.Item key={k} onClick={() => void navigate(`/pricing/new?kind=${k}`)}>
                      {t(`pricing.kind.${k}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={list.result}
        exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
        emptyText={t('pricing.empty')}
        searchPlaceholder={t('pricing.searchPlaceholder')}
        filters={
          <>
            <Select
              aria-label={t('pricing.kindLabel')}
              placeholder={t('pricing.allKinds')}
              data={(['standard', 'zone', 'vehicle', 'fixed', 'hourly'] as const).map((k) => ({
                value: modeOfKind[k],
                label: t(`pricing.kind.${k}`),
              }))}
              value={list.filters.mode ?? null}
              onChange={(v) => list.filter({ mode: (v as Mode | null) ?? undefined })}
              clearable
              w={170}
            />
            <ActiveFilter
              value={list.filters.isActive}
              onChange={(isActive) => list.filter({ isActive })}
              either={t('pricing.allStates')}
            />
          </>
        }
      />
      <TryFarePanel />
    </>
  );
}
