import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { count, dateTime } from '../../ui/format';

type Row = Record<string, unknown>;
const CALL = 'LostandFound/GetTableSummary';

const firstText = (row: Row, keys: string[]) => keys.map((k) => row[k]).find((v) => typeof v === 'string' && v);

export type LostFoundSummary = { allData?: Row[]; count?: number };

/**
 * The lost and found summary (LostandFound/GetTableSummary). Another area builds the call; until it
 * answers, the dashboard leaves the panel out rather than showing an error every time.
 */
export function useLostFound(filters: CallInput<'Dashboard/GetBookingsGraph'>) {
  const input = { ...filters, page: 0, perPage: 5 };
  return useQuery({
    queryKey: [CALL, input],
    // Typed loosely on purpose: the call's own contract arrives with the lost and found area.
    queryFn: () => callApi(CALL as BuiltName, input as never) as Promise<LostFoundSummary>,
    retry: false,
  });
}

export function LostFoundPanel({ summary }: { summary: LostFoundSummary }) {
  const { t } = useTranslation();
  const rows = (summary.allData ?? []).slice(0, 5);
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="panel-lost-found">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('dashboard.lostFound')}</Title>
        <Anchor component={Link} to="/lost-and-found" size="sm">
          {t('dashboard.openLostFound')}
        </Anchor>
      </Group>
      <Text fw={700} size="xl">
        {count(summary.count ?? rows.length)}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('dashboard.lostFoundItems')}
      </Text>
      <Stack gap={4}>
        {rows.map((row, i) => (
          <Group key={String(row.id ?? i)} justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {String(
                firstText(row, ['itemName', 'description', 'name', 'categoryName', 'categoryDescription']) ??
                  `#${String(row.id ?? i + 1)}`,
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {dateTime(firstText(row, ['foundAt', 'entryDate', 'createdAt', 'bookingDate']) as string | undefined)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
