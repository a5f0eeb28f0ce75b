import { Badge, Button, Collapse, Group, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { money } from '../../ui/format';

/** What the breakdown shows of a price (a quote's `breakdown`, a booking's `priceBreakdown`). */
export type Breakdown = Pick<
  z.infer<typeof schemas.priceBreakdown>,
  'items' | 'considered' | 'pricedBy' | 'net' | 'vat' | 'price'
>;

/**
 * How a price was made: the fare engine's lines with their amounts in the company currency, net,
 * VAT and total, the rule that priced it and — folded away — every rule considered and why it did
 * or did not match. Used by the try-a-fare panel and beside the price in the booking form.
 */
export function PriceBreakdown({
  breakdown,
  currency,
  compact = false,
}: {
  breakdown: Breakdown;
  currency?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rulesId = useId();
  const { pricedBy } = breakdown;
  return (
    <Stack gap={6} data-testid="price-breakdown">
      <Text size="sm">
        {t('pricing.breakdown.pricedBy', {
          name: pricedBy.name,
          version: pricedBy.version,
          via: t(`pricing.via.${pricedBy.via}`, { defaultValue: pricedBy.via }),
        })}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} fz={compact ? 'xs' : 'sm'}>
        <VisuallyHidden component="caption">{t('pricing.breakdown.caption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th p={0}>
              <VisuallyHidden>{t('pricing.breakdown.item')}</VisuallyHidden>
            </Table.Th>
            <Table.Th p={0}>
              <VisuallyHidden>{t('pricing.breakdown.amount')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {breakdown.items.map((item, i) => (
            <Table.Tr key={`${item.code}-${i}`}>
              <Table.Td>
                <Text inherit>{item.label}</Text>
                {item.detail && !compact ? (
                  <Text size="xs" c="dimmed">
                    {item.detail}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {money(item.amount, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Table.Td>{t('pricing.breakdown.net')}</Table.Td>
            <Table.Td ta="right">{money(breakdown.net, currency)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('pricing.breakdown.vat')}</Table.Td>
            <Table.Td ta="right">{money(breakdown.vat, currency)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('pricing.breakdown.total')}</Table.Th>
            <Table.Th ta="right" data-testid="breakdown-total">
              {money(breakdown.price, currency)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {breakdown.considered.length ? (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            aria-expanded={open}
            aria-controls={rulesId}
            onClick={() => setOpen((o) => !o)}
          >
            {t('pricing.breakdown.considered', { count: breakdown.considered.length })}
          </Button>
          <Collapse expanded={open} id={rulesId}>
            <List size="xs" spacing={4}>
              {breakdown.considered.map((rule, i) => (
                <List.Item key={`${rule.kind}-${rule.id ?? 'none'}-${i}`}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Badge size="xs" variant="light" color={rule.matched ? 'teal' : 'gray'}>
                      {rule.matched ? t('pricing.breakdown.matched') : t('pricing.breakdown.notMatched')}
                    </Badge>
                    <Text size="xs">
                      {t(`pricing.via.${rule.kind}`, { defaultValue: rule.kind })}
                      {rule.name ? ` · ${rule.name}` : ''}: {rule.why}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Collapse>
        </>
      ) : null}
    </Stack>
  );
}
