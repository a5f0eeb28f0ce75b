import { Alert, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { dateTime, money } from '../../ui/format';
import type { PayModelDetail } from './rule-form';

/**
 * The tables the part editors show their rows in (each editor in its own file), with a read's loading
 * and failed states, and the versions of a model.
 */

export function Rows({
  head,
  rows,
  empty,
  testId,
}: {
  head: string[];
  rows: ReactNode[][];
  empty: string;
  testId: string;
}) {
  return (
    <Table withTableBorder data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={head.length}>
              <Text size="sm">{empty}</Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((c, j) => (
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** A read's loading and failed states around its table. */
export function Loaded<T>({
  read,
  children,
}: {
  read: { isPending: boolean; isError: boolean; error: unknown; data?: T };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (read.isPending) return <Text size="sm">{t('pay-rules.loading')}</Text>;
  if (read.isError || !read.data) {
    return (
      <Alert color="red" role="alert">
        {messageOf(read.error)}
      </Alert>
    );
  }
  return <>{children(read.data)}</>;
}

/** What an override or a client rule pays instead of the basis, in words. */
export const pay = (o: { commissionPercent: string | null; fixedPerJob: number | null }, officeKeeps: string) =>
  o.commissionPercent != null ? `${officeKeeps} ${o.commissionPercent} %` : money(o.fixedPerJob);

export function VersionsTable({ model }: { model: PayModelDetail }) {
  const { t } = useTranslation();
  return (
    <Rows
      testId="versions"
      head={[t('pay-rules.version'), t('pay-rules.made'), t('pay-rules.state')]}
      empty={t('pay-rules.noVersion')}
      rows={model.versions.map((v) => [
        v.version,
        dateTime(v.createdAt),
        v.version === model.version ? t('pay-rules.inForce') : t('pay-rules.older'),
      ])}
    />
  );
}
