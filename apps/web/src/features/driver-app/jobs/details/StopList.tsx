import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconFlag, IconMapPin, IconNavigation, IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JobStop } from '../model';
import { clockTime } from '../time';
import { directionsUrl } from './navigation';

const kindIcon = { pickup: IconMapPin, via: IconPoint, dropoff: IconFlag } as const;
const kindColour = { pickup: 'teal', via: 'gray', dropoff: 'red' } as const;

/**
 * Every stop in order; the next one stands out, and each stop still ahead has directions a tap
 * away. Once the job is over (no next stop) nothing is "not reached" any more.
 */
export function StopList({ stops, nextSeq }: { stops: JobStop[]; nextSeq: number | null }) {
  const over = nextSeq === null;
  const { t } = useTranslation();
  if (!stops.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('driver-app.jobs.details.noStops')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {stops.map((stop) => (
        <StopItem key={stop.seq} stop={stop} isNext={stop.seq === nextSeq} over={over} />
      ))}
    </Stack>
  );
}

function StopItem({ stop, isNext, over }: { stop: JobStop; isNext: boolean; over: boolean }) {
  const { t } = useTranslation();
  const Icon = stop.arrivedAt ? IconCircleCheck : kindIcon[stop.kind];
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-current={isNext ? 'step' : undefined}
      data-testid="job-stop"
      data-next={isNext || undefined}
      style={
        isNext
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              borderWidth: 2,
              background: 'var(--mantine-primary-color-light)',
            }
          : undefined
      }
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon
          size={36}
          radius="xl"
          variant={isNext ? 'filled' : 'light'}
          color={stop.arrivedAt ? 'teal' : kindColour[stop.kind]}
          aria-hidden
        >
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t(`driver-app.jobs.stop.${stop.kind}`)}
            </Text>
            {isNext ? (
              <Badge size="sm" variant="filled">
                {t('driver-app.jobs.details.nextStop')}
              </Badge>
            ) : null}
          </Group>
          <Text fw={isNext ? 700 : 500}>{stop.address}</Text>
          {stop.postcode ? (
            <Text size="sm" c="dimmed">
              {stop.postcode}
            </Text>
          ) : null}
          {stop.arrivedAt || !over ? (
            <Text size="sm" c={stop.arrivedAt ? 'teal' : 'dimmed'}>
              {stop.arrivedAt
                ? [
                    t('driver-app.jobs.details.reachedAt', { time: clockTime(stop.arrivedAt) }),
                    stop.departedAt ? t('driver-app.jobs.details.leftAt', { time: clockTime(stop.departedAt) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : t('driver-app.jobs.details.notReached')}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {stop.arrivedAt || over ? null : (
        <Button
          component="a"
          href={directionsUrl(stop)}
          target="_blank"
          rel="noopener noreferrer"
          variant={isNext ? 'filled' : 'light'}
          leftSection={<IconNavigation size={18} />}
          fullWidth
          size="md"
          mt="sm"
          aria-label={t('driver-app.jobs.details.navigateTo', { address: stop.address })}
        >
          {t('driver-app.jobs.details.navigate')}
        </Button>
      )}
    </Paper>
  );
}
