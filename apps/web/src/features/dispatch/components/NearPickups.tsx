import type { CSSProperties } from 'react';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clock, minutesOf } from '../format';
import type { NearPickup } from '../model';

/**
 * Jobs with no driver whose pick-up is near, above the board: when, where, and a driver who can
 * reach it in time or the server's words for why nobody can. A click opens the job.
 */
export function NearPickups({ near, onOpen }: { near: readonly NearPickup[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  if (!near.length) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlarm size={18} />}
      title={t('dispatch.near.title', { count: near.length })}
      data-testid="near-pickups"
      p="xs"
      // On the red tint, dimmed lines take a deeper grey that keeps 4.5:1 in both themes.
      style={
        {
          '--mantine-color-dimmed': 'light-dark(var(--mantine-color-gray-8), var(--mantine-color-dark-0))',
        } as CSSProperties
      }
    >
      <Stack gap={4}>
        {near.map((n) => (
          <Group key={n.bookingId} gap={6} wrap="wrap" align="baseline">
            <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onOpen(n.bookingId)}>
              #{n.bookingId} {clock(n.pickupAt)}
            </Anchor>
            <Text size="xs" c="dimmed">
              {n.minutesToPickup >= 0
                ? t('dispatch.near.in', { count: n.minutesToPickup })
                : t('dispatch.near.overdue', { count: -n.minutesToPickup })}{' '}
              · {n.pickup}
            </Text>
            <Text size="xs" fw={500} data-testid="near-verdict">
              {n.suggestion
                ? t('dispatch.near.suggest', {
                    name: n.suggestion.callsign ?? n.suggestion.driverName,
                    minutes: minutesOf(n.suggestion.etaSeconds),
                  })
                : n.reason}
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
