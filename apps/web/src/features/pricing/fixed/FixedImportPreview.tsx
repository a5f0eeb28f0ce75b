import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { money } from '../../../ui/format';

export type ImportResult = z.output<typeof schemas.fixedImportResult>;
type Outcome = ImportResult['rows'][number]['outcome'];

export const outcomeColour: Record<Outcome, string> = {
  new: 'teal',
  changed: 'blue',
  unchanged: 'gray',
  error: 'red',
};

/** What an import would do: the count of each outcome, then every row with its outcome and reasons. */
export function FixedImportPreview({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const outcomes = Object.keys(outcomeColour) as Outcome[];
  return (
    <>
      <Group gap="xs" aria-label={t('pricing.fixed.import.result')}>
        {outcomes.map((o) => (
          <Badge
            key={o}
            color={outcomeColour[o]}
            variant={result.counts[o] ? 'filled' : 'light'}
            data-testid={`count-${o}`}
          >
            {t(`pricing.fixed.import.counts.${o}`, { count: result.counts[o] })}
          </Badge>
        ))}
      </Group>
      <ScrollArea h={360}>
        <Table striped withTableBorder data-testid="fixed-import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pricing.fixed.import.row')}</Table.Th>
              <Table.Th>{t('pricing.fixed.import.result')}</Table.Th>
              <Table.Th>{t('pricing.fixed.field.from')}</Table.Th>
              <Table.Th>{t('pricing.fixed.field.to')}</Table.Th>
              <Table.Th>{t('pricing.fixed.field.vehicleType')}</Table.Th>
              <Table.Th>{t('pricing.fixed.import.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((row) => (
              <Table.Tr key={row.rowNumber} bg={row.outcome === 'error' ? 'var(--mantine-color-red-light)' : undefined}>
                <Table.Td>{row.rowNumber}</Table.Td>
                <Table.Td>
                  <Badge color={outcomeColour[row.outcome]} variant="light">
                    {t(`pricing.fixed.import.outcome.${row.outcome}`)}
                  </Badge>
                  {row.errors.map((e) => (
                    <Text key={e.field + e.message} size="xs" c="red.9">
                      {e.field}: {e.message}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{row.from}</Table.Td>
                <Table.Td>{row.to}</Table.Td>
                <Table.Td>{row.vehicleType || t('pricing.fixed.everyType')}</Table.Td>
                <Table.Td>
                  {row.priceMinor === null ? '—' : money(row.priceMinor)}
                  {row.outcome === 'changed' && row.oldPriceMinor !== null ? (
                    <Text size="xs" c="dimmed">
                      {t('pricing.fixed.import.was', { price: money(row.oldPriceMinor) })}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
