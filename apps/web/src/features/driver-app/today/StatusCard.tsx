import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../../api/hooks';
import { notifyError } from '../../../ui/notify';
import { useDriverId } from './useDriverId';

/** The spec's availability codes: 1 available, 2 busy, 3 offline (the initial value), 4 on break. */
const choices = [
  { code: 1, colour: 'teal' },
  { code: 2, colour: 'orange' },
  { code: 4, colour: 'yellow' },
  { code: 3, colour: 'gray' },
] as const;

/** Four large buttons rather than a slider of words: a driver taps them with a glance. */
export function StatusCard() {
  const { t } = useTranslation();
  const driverId = useDriverId();
  const status = useCall('Booking/GetDriverStatus', {});
  const update = useCallMutation('Driver/UpdateDriverStatus');
  const current = update.isPending ? update.variables.availability : (status.data?.data.userStatus ?? 3);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Text fw={600} id="driver-status-label">
          {t('driver-app.today.myStatus')}
        </Text>
        <SimpleGrid cols={2} spacing="xs" role="group" aria-labelledby="driver-status-label">
          {choices.map(({ code, colour }) => (
            <Button
              key={code}
              size="md"
              color={colour}
              variant={current === code ? 'filled' : 'default'}
              aria-pressed={current === code}
              disabled={!driverId || status.isPending}
              loading={update.isPending && update.variables.availability === code}
              data-testid={`availability-${code}`}
              onClick={() => {
                if (!driverId || current === code) return;
                update.mutate(
                  { driverId, availability: code },
                  { onError: (error) => notifyError(t('driver-app.today.statusFailed'), error) },
                );
              }}
            >
              {t(`driver-app.availability.${code}`)}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
