import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { schemas } from '@cabdesk/contract';
import { useNow } from '../jobs/useNow';
import { useDriverSession } from '../session';
import { JobSummary } from './JobSummary';

type BookingRow = z.output<typeof schemas.bookingRow>;

/** A job offered or given to the driver: accept or decline, with the time left to answer. */
export function OfferCard({ job }: { job: BookingRow }) {
  const { t } = useTranslation();
  const { takeStep } = useDriverSession();
  const now = useNow(1_000);
  const until = job.status === 'offered' ? job.offerExpiresAt : null;
  const left = until ? Math.max(0, Math.ceil((Date.parse(until) - now) / 1_000)) : null;
  const [busy, setBusy] = useState<string | null>(null);
  const answer = async (step: 'confirm' | 'reject') => {
    setBusy(step);
    try {
      await takeStep(job.id, step);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" bg="var(--mantine-color-teal-light)" data-testid={`offer-${job.id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Badge color="teal" size="lg">
            {t(job.status === 'offered' ? 'driver-app.offer.offered' : 'driver-app.offer.allocated')}
          </Badge>
          {left !== null && (
            <Text size="sm" fw={600} c={left < 30 ? 'red' : undefined} aria-live="polite">
              {t('driver-app.offer.secondsLeft', { count: left })}
            </Text>
          )}
        </Group>
        <JobSummary job={job} />
        {/* One answer under the other, as wide as the phone: a thumb finds them, and no word is cut. */}
        <Stack gap="xs">
          <Button
            size="xl"
            h={64}
            fullWidth
            color="teal"
            loading={busy === 'confirm'}
            onClick={() => void answer('confirm')}
            data-testid="offer-accept"
          >
            {t('driver-app.step.confirm')}
          </Button>
          <Button
            variant="default"
            size="md"
            fullWidth
            loading={busy === 'reject'}
            onClick={() => void answer('reject')}
            data-testid="offer-decline"
          >
            {t('driver-app.step.reject')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
