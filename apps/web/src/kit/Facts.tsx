import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a record; an empty value shows as a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

/** A titled card of facts, in two columns from tablets up (or as many as asked). */
export function FactsCard({
  title,
  cols = 2,
  children,
  wide = false,
}: {
  title?: string;
  cols?: number;
  children: ReactNode;
  /** Spans every column of the grid it sits in (notes under the other cards). */
  wide?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" style={wide ? { gridColumn: '1 / -1' } : undefined}>
      {title ? (
        <Title order={3} size="h5" mb="sm">
          {title}
        </Title>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: Math.min(cols, 2), md: cols }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}
