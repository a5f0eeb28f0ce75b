import { Button, Grid, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn, DataTableRowExpansionProps } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../app/can-call';
import { ImportButton } from '../features/import-export/ImportButton';
import { PageHeader } from '../ui/PageHeader';
import { ServerDataTable } from '../ui/ServerDataTable';
import type { ListName } from './call-kinds';
import type { RecordKind } from './record-kind';
import type { ServerList } from './useServerList';

interface Props<K extends ListName, F> {
  kind: RecordKind;
  list: ServerList<K, F>;
  columns: DataTableColumn<CallOutput<K>>[];
  /** The kind's own filters, beside the search box. */
  filters?: ReactNode;
  /** Opens the add form; the button shows only to roles that may make the kind's create call. */
  onAdd?: () => void;
  /** Offers import from a sheet (the kinds the import call knows), to the same roles. */
  importArea?: 'Driver' | 'Passenger' | 'Client' | 'Vehicle';
  /** A panel beside the list on wide screens, under it on narrow ones (the busiest of the kind). */
  aside?: ReactNode;
  /** Under the list even on wide screens, for a list whose columns need the whole width. */
  asideBelow?: boolean;
  countLabel?: (count: number) => string;
  searchPlaceholder?: string;
  rowExpansion?: DataTableRowExpansionProps<CallOutput<K>>;
  /** The add form and other modals of the page. */
  children?: ReactNode;
}

/**
 * The list page of a kind of record: title, the add and import buttons for roles that may use them,
 * then the server-paged table with search, sort, the kind's filters and export, and its loading,
 * empty and failed states.
 */
export function ListPage<K extends ListName, F>({
  kind,
  list,
  columns,
  filters,
  onAdd,
  importArea,
  aside,
  asideBelow = false,
  countLabel,
  searchPlaceholder,
  rowExpansion,
  children,
}: Props<K, F>) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const canAdd = canCall(kind.create);
  const table = (
    <ServerDataTable<CallOutput<K>>
      columns={columns}
      state={list.state}
      result={list.result}
      exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
      filters={filters}
      countLabel={countLabel}
      emptyText={t(`${kind.ns}.empty`, { defaultValue: t('list.empty') })}
      searchPlaceholder={searchPlaceholder}
      rowExpansion={rowExpansion}
    />
  );
  return (
    <>
      <PageHeader
        title={t(`${kind.ns}.title`)}
        subtitle={t(`${kind.ns}.subtitle`)}
        actions={
          canAdd && (onAdd || importArea) ? (
            <Group gap="sm">
              {importArea ? <ImportButton area={importArea} /> : null}
              {onAdd ? (
                <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
                  {t(`${kind.ns}.add`)}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
      {aside ? (
        <Grid gap="md">
          <Grid.Col span={asideBelow ? 12 : { base: 12, xl: 9 }}>{table}</Grid.Col>
          <Grid.Col span={asideBelow ? { base: 12, md: 6, lg: 4 } : { base: 12, xl: 3 }}>{aside}</Grid.Col>
        </Grid>
      ) : (
        table
      )}
      {children}
    </>
  );
}
