import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { schemas } from '@cabdesk/contract';
import { dateTime, money } from '../../../ui/format';

type BookingRow = z.output<typeof schemas.bookingRow>;

/** Where and when, in the words a driver reads at a glance. */
export function JobSummary({ job }: { job: BookingRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} size="lg">
          {job.isAsap ? t('driver-app.asap') : dateTime(job.pickupAt)}
        </Text>
        {job.priceMinor !== null && <Text fw={600}>{money(job.priceMinor, job.currency)}</Text>}
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconMapPin size={18} color="var(--mantine-color-teal-6)" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{job.pickup}</Text>
      </Group>
      {job.viaCount > 0 && (
        <Text size="xs" c="dimmed" ps={24}>
          {t('driver-app.vias', { count: job.viaCount })}
        </Text>
      )}
      {job.dropoff && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconFlag size={18} color="var(--mantine-color-red-6)" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{job.dropoff}</Text>
        </Group>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {[job.passengerName, job.vehicleTypeName, t('driver-app.people', { count: job.passengerCount })]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Anchor component={Link} to={`/driver/jobs/${job.id}`} size="sm">
          {t('driver-app.details')}
        </Anchor>
      </Group>
    </Stack>
  );
}
