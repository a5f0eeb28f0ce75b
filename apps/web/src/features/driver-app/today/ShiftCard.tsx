import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../../api/hooks';
import { dateTime } from '../../../ui/format';
import { notifyError } from '../../../ui/notify';
import { useDriverId } from './useDriverId';

/** Start of shift with the vehicle driven, and its end. */
export function ShiftCard() {
  const { t } = useTranslation();
  const driverId = useDriverId();
  const status = useCall('Booking/GetDriverStatus', {});
  const shift = status.data?.data.shift ?? null;
  const vehicles = useCall(
    'Driver/GetDriverVehicleListDrvApp',
    { perPage: 0 },
    { enabled: !shift && !status.isPending },
  );
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const change = useCallMutation('Driver/AddDriverShift');

  const own = vehicles.data?.data.find((v) => v.isAssigned && !v.takenBy);
  const chosen = vehicleId ?? (own ? String(own.id) : null);
  const act = (action: 'start' | 'end') => {
    if (!driverId) return;
    change.mutate(
      { driverId, action, ...(action === 'start' && chosen ? { vehicleId: Number(chosen) } : {}) },
      { onError: (error) => notifyError(t(`driver-app.today.shift.${action}Failed`), error) },
    );
  };

  if (shift) {
    return (
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: 1, minWidth: 180 }}>
            <Text fw={600}>{t('driver-app.today.shift.on')}</Text>
            <Text size="sm" c="dimmed" data-testid="shift-since">
              {t('driver-app.today.shift.since', {
                time: dateTime(shift.startedAt),
                vehicle: shift.registration ?? t('driver-app.today.shift.noVehicle'),
              })}
            </Text>
          </Stack>
          <Button
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={18} />}
            loading={change.isPending}
            onClick={() => act('end')}
          >
            {t('driver-app.today.shift.end')}
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('driver-app.today.shift.off')}</Text>
        <Select
          label={t('driver-app.today.shift.vehicle')}
          placeholder={vehicles.isPending ? t('driver-app.loading') : t('driver-app.today.shift.pickVehicle')}
          size="md"
          searchable
          clearable
          value={chosen}
          onChange={setVehicleId}
          error={vehicles.isError ? t('driver-app.today.shift.vehiclesFailed') : undefined}
          nothingFoundMessage={t('driver-app.today.shift.noVehicles')}
          data={(vehicles.data?.data ?? []).map((v) => ({
            value: String(v.id),
            label: `${v.name}${v.takenBy ? ` — ${t('driver-app.today.shift.takenBy', { name: v.takenBy })}` : ''}`,
            disabled: !!v.takenBy,
          }))}
        />
        <Button
          size="lg"
          leftSection={<IconPlayerPlay size={20} />}
          loading={change.isPending}
          disabled={!driverId}
          onClick={() => act('start')}
          data-testid="shift-start"
        >
          {t('driver-app.today.shift.start')}
        </Button>
      </Stack>
    </Paper>
  );
}
