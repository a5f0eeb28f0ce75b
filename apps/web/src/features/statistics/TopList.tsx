import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { count, money } from '../../ui/format';

type Top = z.output<typeof schemas.topRow>;

/** The busiest drivers, clients, passengers or vehicles, each linked to its profile. */
export function TopList({
  title,
  rows,
  hrefOf,
  failed,
}: {
  title: string;
  rows: Top[] | undefined;
  hrefOf?: (id: number) => string;
  /** Its call failed: the list says so instead of loading for ever. */
  failed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {!rows && failed ? (
        <Text c="dimmed" size="sm">
          {t('statistics.notAvailable')}
        </Text>
      ) : !rows ? (
        <Stack gap={6}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={20} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('statistics.noBookings')}
        </Text>
      ) : (
        <Stack gap={6}>
          {rows.map((r) => (
            <Group key={r.id} justify="space-between" wrap="wrap" gap={4}>
              <Text size="sm" style={{ flex: '1 1 8rem', minWidth: 0 }}>
                {r.rank}.{' '}
                {hrefOf ? (
                  <Anchor component={Link} to={hrefOf(r.id)} size="sm">
                    {r.name}
                  </Anchor>
                ) : (
                  r.name
                )}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('statistics.jobs', { n: count(r.bookings) })} · {money(r.revenueMinor)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
