import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFlag, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JobRow } from './model';

/** Pick-up → drop-off, with how many stops lie between. */
export function RouteLines({ job, compact = false }: { job: JobRow; compact?: boolean }) {
  const { t } = useTranslation();
  const size = compact ? 'sm' : 'md';
  return (
    <Stack gap={compact ? 2 : 4}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconMapPin size={18} color="var(--mantine-color-teal-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Text size={size} lineClamp={compact ? 1 : 2}>
          <VisuallyHidden>{t('driver-app.jobs.from')} </VisuallyHidden>
          {job.pickup}
        </Text>
      </Group>
      {job.viaCount > 0 ? (
        <Text size="xs" c="dimmed" ps={24}>
          {t('driver-app.jobs.vias', { count: job.viaCount })}
        </Text>
      ) : null}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconFlag size={18} color="var(--mantine-color-red-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Text size={size} lineClamp={compact ? 1 : 2} c={job.dropoff ? undefined : 'dimmed'}>
          <VisuallyHidden>{t('driver-app.jobs.to')} </VisuallyHidden>
          {job.dropoff ?? t('driver-app.jobs.noDropoff')}
        </Text>
      </Group>
    </Stack>
  );
}
