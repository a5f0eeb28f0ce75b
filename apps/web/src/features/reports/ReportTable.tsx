import { Alert, Group, Pagination, ScrollArea, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, messageOf } from '../../api/errors';
import { money } from '../../ui/format';

export interface ReportColumn<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** The totals row's cell; empty when a column has no sum. */
  total?: ReactNode;
  numeric?: boolean;
  /** The server's sort column for this column: its header then sorts the report when clicked. */
  sortBy?: string;
}

export interface ReportSort {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * A report's sort and page together: a new sort starts again at the first page. A figure sorts the
 * largest first on its first click (who made the most), a name from A; a second click turns it round.
 */
export function useReportSort(initial: ReportSort) {
  const [sort, setSort] = useState(initial);
  const [page, setPage] = useState(0);
  return {
    sort,
    page,
    setPage,
    onSort: (column: string, numeric: boolean) => {
      setSort((now) =>
        now.column === column
          ? { column, direction: now.direction === 'asc' ? 'desc' : 'asc' }
          : { column, direction: numeric ? 'desc' : 'asc' },
      );
      setPage(0);
    },
    /** What the call takes. */
    query: { sortColumn: sort.column, sortType: sort.direction, page },
  };
}

/** The page and sort a report's table shows, and how it changes them (`useReportSort`). */
export type ReportView = ReturnType<typeof useReportSort>;

/** A column of amounts in minor units, right-aligned, with its total when the report has one. */
export function moneyColumn<T>(
  key: string,
  label: string,
  amountOf: (row: T) => number | null | undefined,
  total: number | null | undefined | false,
  currency: string,
  sortBy?: string,
): ReportColumn<T> {
  return {
    key,
    label,
    numeric: true,
    ...(sortBy ? { sortBy } : {}),
    cell: (row) => money(amountOf(row) ?? null, currency),
    total: total === false ? null : money(total ?? null, currency),
  };
}

/**
 * A report's table: loading, failure and emptiness in words, a totals row, paging from 1 on screen,
 * and headers that sort (`aria-sort` tells a screen reader which column leads and which way).
 */
export function ReportTable<T extends { id: number }>({
  caption,
  columns,
  rows,
  loading,
  error,
  pages,
  view,
}: {
  caption: string;
  columns: ReportColumn<T>[];
  rows: T[] | undefined;
  loading: boolean;
  error: ApiError | null;
  pages: number;
  view: ReportView;
}) {
  const { t } = useTranslation();
  const { sort, onSort } = view;
  if (error)
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('reports.failed')} role="alert">
        {messageOf(error)}
      </Alert>
    );
  if (!rows && loading) return <Skeleton h={240} radius="md" aria-label={t('reports.loading')} />;
  if (!rows?.length) return <Text c="dimmed">{t('reports.empty')}</Text>;
  return (
    <>
      <ScrollArea>
        <Table striped highlightOnHover aria-busy={loading}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const leads = c.sortBy !== undefined && sort.column === c.sortBy;
                return (
                  <Table.Th
                    key={c.key}
                    ta={c.numeric ? 'right' : undefined}
                    scope="col"
                    aria-sort={leads ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortBy !== undefined ? (
                      <SortButton
                        label={c.label}
                        direction={leads ? sort.direction : undefined}
                        onClick={() => onSort(c.sortBy as string, c.numeric === true)}
                      />
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="report-totals">
              {columns.map((c, i) => (
                <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} scope={i === 0 ? 'row' : undefined}>
                  {i === 0 ? t('reports.totals') : c.total}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
      {pages > 1 ? (
        <Group justify="flex-end" mt="sm">
          <Pagination
            total={pages}
            value={view.page + 1}
            onChange={(p) => view.setPage(p - 1)}
            aria-label={t('reports.pages')}
          />
        </Group>
      ) : null}
    </>
  );
}

/** A header that sorts: the label and an arrow for the way it sorts now (both arrows when it does not lead). */
function SortButton({
  label,
  direction,
  onClick,
}: {
  label: string;
  direction: 'asc' | 'desc' | undefined;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={onClick}
      fw={700}
      fz="sm"
      title={t('reports.sortBy', { column: label })}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {label}
      <Icon size={14} aria-hidden stroke={direction ? 2.5 : 1.5} style={{ flexShrink: 0 }} />
    </UnstyledButton>
  );
}
