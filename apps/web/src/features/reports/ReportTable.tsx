import { Alert, Group, Pagination, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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
}

/** A column of amounts in minor units, right-aligned, with its total when the report has one. */
export function moneyColumn<T>(
  key: string,
  label: string,
  amountOf: (row: T) => number | null | undefined,
  total: number | null | undefined | false,
  currency: string,
): ReportColumn<T> {
  return {
    key,
    label,
    numeric: true,
    cell: (row) => money(amountOf(row) ?? null, currency),
    total: total === false ? null : money(total ?? null, currency),
  };
}

/** A report's table: loading, failure and emptiness in words, a totals row and paging from 1 on screen. */
export function ReportTable<T extends { id: number }>({
  caption,
  columns,
  rows,
  loading,
  error,
  pages,
  page,
  onPage,
}: {
  caption: string;
  columns: ReportColumn<T>[];
  rows: T[] | undefined;
  loading: boolean;
  error: ApiError | null;
  pages: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
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
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} scope="col">
                  {c.label}
                </Table.Th>
              ))}
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
          <Pagination total={pages} value={page + 1} onChange={(p) => onPage(p - 1)} aria-label={t('reports.pages')} />
        </Group>
      ) : null}
    </>
  );
}
