import { Button, Group } from '@mantine/core';
import { IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbility } from '../../app/ability';
import { useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { toFormValues, toUpdateInput, type Vehicle, vehicleTitle } from './form-values';
import { VehicleFormModal } from './VehicleFormModal';

/** Edit, switch off/on and delete, each shown only to roles that may do it. */
export function VehicleActions({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const [editing, setEditing] = useState(false);
  const update = useCallMutation('Vehicle/Update');
  const remove = useCallMutation('Vehicle/Delete');

  const switchOnOff = async () => {
    try {
      const values = { ...toFormValues(vehicle), isActive: !vehicle.isActive };
      const res = await update.mutateAsync(toUpdateInput(vehicle.id, values));
      notifySuccess(res.data.isActive ? t('vehicles.switchedOn') : t('vehicles.switchedOff'), res.message);
    } catch (error) {
      notifyError(t('form.failed'), error);
    }
  };

  return (
    <Group gap="xs">
      {ability.can('update', 'Vehicle') ? (
        <>
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            {t('form.edit')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPower size={16} />}
            loading={update.isPending}
            onClick={switchOnOff}
          >
            {vehicle.isActive ? t('vehicles.switchOff') : t('vehicles.switchOn')}
          </Button>
        </>
      ) : null}
      {ability.can('delete', 'Vehicle') ? (
        <ConfirmButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          question={t('vehicles.deleteQuestion', { name: vehicleTitle(vehicle) })}
          onConfirm={async () => {
            try {
              const res = await remove.mutateAsync({ id: vehicle.id });
              notifySuccess(t('vehicles.deleted'), res.message);
              // The spec reloads the vehicle list after a delete.
              navigate('/vehicles');
            } catch (error) {
              notifyError(t('vehicles.deleteFailed'), error);
            }
          }}
        >
          {t('form.delete')}
        </ConfirmButton>
      ) : null}
      <VehicleFormModal vehicle={vehicle} opened={editing} onClose={() => setEditing(false)} />
    </Group>
  );
}
