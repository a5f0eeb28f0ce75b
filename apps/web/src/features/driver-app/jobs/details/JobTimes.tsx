import { Group, Stack, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { clockTime, duration, shortDate } from '../time';

type Times = CallOutput<'Booking/GetBookingTime'>;

const stamps = [
  'offeredAt',
  'allocatedAt',
  'acceptedAt',
  'onRouteAt',
  'arrivedAt',
  'onBoardAt',
  'completedAt',
  'cancelledAt',
] as const;

/** The journey so far: each step with its time, the wait at the pick-up and the time on board. */
export function JobTimes({ times }: { times: Times }) {
  const { t } = useTranslation();
  const taken = stamps.filter((k) => times[k]);
  const rows: [string, string][] = taken.map((k) => [
    t(`driver-app.jobs.times.${k}`),
    stampText(times[k] as string, times.pickupAt),
  ]);
  if (times.waitingSeconds !== null) {
    rows.push([t('driver-app.jobs.times.waiting'), duration(Math.round(times.waitingSeconds / 60))]);
  }
  if (times.journeyMinutes !== null) rows.push([t('driver-app.jobs.times.journey'), duration(times.journeyMinutes)]);
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('driver-app.jobs.times.none')}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="dl" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} style={{ margin: 0 }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** A step's time; its day too when it was not the pick-up day. */
function stampText(iso: string, pickupAt: string): string {
  const sameDay = new Date(iso).toDateString() === new Date(pickupAt).toDateString();
  return sameDay ? clockTime(iso) : `${shortDate(iso)} · ${clockTime(iso)}`;
}
