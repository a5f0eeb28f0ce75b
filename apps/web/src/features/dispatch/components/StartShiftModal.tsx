import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '../../../ui/LookupSelect';
import type { SidebarDriver } from '../model';

/** Starting a shift asks which vehicle is driven (the driver's usual one is offered first). */
export function StartShiftModal({
  driver,
  onClose,
  onStart,
}: {
  driver: SidebarDriver | null;
  onClose: () => void;
  onStart: (driver: SidebarDriver, vehicleId: number | null) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={driver !== null}
      onClose={onClose}
      title={driver ? t('dispatch.driverStatus.startShiftFor', { name: driver.name }) : ''}
      centered
    >
      {driver ? <StartShiftForm key={driver.id} driver={driver} onClose={onClose} onStart={onStart} /> : null}
    </Modal>
  );
}

function StartShiftForm({
  driver,
  onClose,
  onStart,
}: {
  driver: SidebarDriver;
  onClose: () => void;
  onStart: (driver: SidebarDriver, vehicleId: number | null) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [vehicleId, setVehicleId] = useState<number | null>(driver.vehicleId);
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="md">
      <LookupSelect
        call="Vehicle/GetVehicleList"
        label={t('dispatch.driverStatus.shiftVehicle')}
        placeholder={t('dispatch.driverStatus.shiftVehiclePlaceholder')}
        value={vehicleId}
        onChange={(v) => setVehicleId(typeof v === 'number' ? v : null)}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('dispatch.driverStatus.cancel')}
        </Button>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            const ok = await onStart(driver, vehicleId);
            setBusy(false);
            if (ok) onClose();
          }}
        >
          {t('dispatch.driverStatus.start')}
        </Button>
      </Group>
    </Stack>
  );
}
