import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { useNow } from '../jobs/useNow';
import { useDriverSession, useOutbox } from '../session';
import { effectiveStatus, stepsFor, type JourneyStep } from './steps';
import classes from './JourneyPanel.module.css';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The job's next step as one large button. A press is kept on the phone first and sent when the
 * network allows, so the button works in a car park with no signal; the screen moves on at once.
 */
export function JourneyPanel({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const { takeStep, outbox } = useDriverSession();
  const queue = useOutbox();
  const locations = useCall('Driver/GetBookingLocations', { id: bookingId });
  const [pressed, setPressed] = useState<JourneyStep | null>(null);

  const queuedHere = queue.steps.filter((s) => s.bookingId === bookingId);
  const refusals = queue.refusals.filter((r) => r.bookingId === bookingId);
  const serverStatus = locations.data?.data.status;
  const status = serverStatus ? effectiveStatus(serverStatus, queue.steps, bookingId) : null;
  const pickup = locations.data?.data.stops.find((s) => s.kind === 'pickup');
  const arrivedAt =
    status === 'arrived' ? (pickup?.arrivedAt ?? queuedHere.find((s) => s.step === 'arrive')?.takenAt ?? null) : null;
  const now = useNow(1_000);
  const waiting = arrivedAt ? Math.max(0, Math.floor((now - Date.parse(arrivedAt)) / 1_000)) : null;

  if (locations.isPending) return <Skeleton height={120} radius="lg" />;
  if (locations.isError && !locations.data) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('driver-app.journey.loadFailed')}>
        <Stack gap="xs">
          <Text size="sm">{messageOf(locations.error)}</Text>
          <Button size="xs" variant="white" w="fit-content" onClick={() => void locations.refetch()}>
            {t('driver-app.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!status) return null;
  const steps = stepsFor(status);

  const press = async (step: JourneyStep) => {
    setPressed(step);
    try {
      await takeStep(bookingId, step);
    } finally {
      setPressed(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" className={classes.panel} data-testid="journey-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('driver-app.journey.title')}</Text>
          <Badge size="lg" variant="light" data-testid="journey-status">
            {t(`driver-app.status.${status}`)}
          </Badge>
        </Group>
        {waiting !== null && (
          <Text size="sm" c="dimmed" data-testid="journey-waiting">
            {t('driver-app.journey.waiting', { time: clock(waiting) })}
          </Text>
        )}
        {refusals.map((refusal) => (
          <Alert
            key={`${refusal.at}-${refusal.step}`}
            color="red"
            icon={<IconAlertTriangle />}
            withCloseButton
            onClose={() => outbox.dismissRefusal(refusal)}
            title={t('driver-app.journey.refused', { id: bookingId })}
          >
            {refusal.message}
          </Alert>
        ))}
        {queuedHere.length > 0 && (
          <Alert color="yellow" icon={<IconCloudUpload />} data-testid="journey-queued">
            {t('driver-app.journey.queued', { count: queuedHere.length })}
          </Alert>
        )}
        {steps ? (
          <>
            <Button
              size="xl"
              h={72}
              fullWidth
              radius="lg"
              color={steps.primary === 'complete' ? 'teal' : undefined}
              loading={pressed === steps.primary}
              onClick={() => void press(steps.primary)}
              data-testid="journey-next"
            >
              {t(`driver-app.step.${steps.primary}`)}
            </Button>
            {steps.secondary && (
              <Button
                variant="light"
                color="red"
                fullWidth
                size="md"
                loading={pressed === steps.secondary}
                onClick={() => void press(steps.secondary as JourneyStep)}
                data-testid={`journey-${steps.secondary}`}
              >
                {t(`driver-app.step.${steps.secondary}`)}
              </Button>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('driver-app.journey.over')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
