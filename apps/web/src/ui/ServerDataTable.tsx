import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../api/errors';
import { ExportButton } from './ExportButton';

export interface ListQuery {
  page: number;
  perPage: number;
  q: string;
  sortColumn: string;
  sortType: 'asc' | 'desc';
}

/**
 * Paging, sorting and search state of a server-side list. The API counts pages from 0, the table
 * from 1; the search is debounced so typing does not flood the server.
 */
export function useListState(defaultSort: { column: string; direction: 'asc' | 'desc' }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<{ column: string; direction: 'asc' | 'desc' }>(defaultSort);
  const query: ListQuery = { page: page - 1, perPage, q, sortColumn: sort.column, sortType: sort.direction };
  return {
    query,
    page,
    perPage,
    search,
    sort,
    setPage,
    setSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
    setPerPage: (n: number) => {
      setPerPage(n);
      setPage(1);
    },
    setSort: (s: { column: string; direction: 'asc' | 'desc' }) => {
      setSort(s);
      setPage(1);
    },
  };
}

export type ListState = ReturnType<typeof useListState>;

interface Props<Row> {
  columns: DataTableColumn<Row>[];
  state: ListState;
  result: { data?: { data: Row[]; count: number } | undefined; isFetching: boolean; error: unknown };
  filters?: ReactNode;
  rowKey?: keyof Row & string;
  /** Opens a row (its profile); the whole row becomes clickable. */
  onRowClick?: (row: Row) => void;
  /** Offers "Export to Excel" of what the list shows: its call and the same input it was given. */
  exportAs?: { call: string; input: Record<string, unknown>; pdfTitle?: string };
  /** More buttons for the toolbar (import, add…). */
  actions?: ReactNode;
  /** The count beside the toolbar ("6 top-level clients"); "N records" by default. */
  countLabel?: (count: number) => string;
  /** What an empty list says when nothing is searched for. */
  emptyText?: string;
  /** Rows that unfold (a client's child accounts). */
  rowExpansion?: DataTableRowExpansionProps<Row>;
  searchPlaceholder?: string;
}

/** A list page's table: server paging and sorting, search, loading, empty and error states. */
export function ServerDataTable<Row>({
  columns,
  state,
  result,
  filters,
  rowKey = 'id' as keyof Row & string,
  onRowClick,
  exportAs,
  actions,
  countLabel,
  emptyText,
  rowExpansion,
  searchPlaceholder,
}: Props<Row>) {
  const { t } = useTranslation();
  const sortStatus: DataTableSortStatus<Row> = { columnAccessor: state.sort.column, direction: state.sort.direction };
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <TextInput
          placeholder={searchPlaceholder ?? t('list.search')}
          aria-label={t('list.search')}
          leftSection={<IconSearch size={16} />}
          value={state.search}
          onChange={(e) => state.setSearch(e.currentTarget.value)}
          w={280}
        />
        {filters}
        <Group gap="sm" ms="auto">
          {result.data ? (
            <Text size="sm" c="dimmed">
              {countLabel ? countLabel(result.data.count) : t('list.records', { count: result.data.count })}
            </Text>
          ) : null}
          {actions}
          {exportAs ? <ExportButton call={exportAs.call} input={exportAs.input} pdfTitle={exportAs.pdfTitle} /> : null}
        </Group>
      </Group>
      {result.error ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('list.loadFailed')} role="alert">
          {messageOf(result.error)}
        </Alert>
      ) : null}
      <DataTable<Row>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={result.data?.data.length ? undefined : 200}
        records={result.data?.data ?? []}
        idAccessor={rowKey}
        columns={columns}
        fetching={result.isFetching}
        totalRecords={result.data?.count ?? 0}
        recordsPerPage={state.perPage}
        page={state.page}
        onPageChange={state.setPage}
        recordsPerPageOptions={[10, 25, 50, 100]}
        recordsPerPageLabel={t('list.perPage')}
        paginationText={({ from, to, totalRecords }) => t('list.pageOf', { from, to, total: totalRecords })}
        onRecordsPerPageChange={state.setPerPage}
        sortStatus={sortStatus}
        onSortStatusChange={(s) => state.setSort({ column: String(s.columnAccessor), direction: s.direction })}
        noRecordsText={state.query.q ? t('list.emptySearch', { q: state.query.q }) : (emptyText ?? t('list.empty'))}
        onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
        rowExpansion={rowExpansion}
      />
    </Stack>
  );
}
