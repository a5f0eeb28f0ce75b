import { useState } from 'react';
import { DeleteRecordButton, EditButton, SwitchOnOffButton } from '../../kit/RecordActions';
import { toFormValues, toUpdateInput, type Vehicle, vehicleTitle } from './form-values';
import { VehicleFormModal } from './VehicleFormModal';
import { vehicleKind } from './vehicle-kind';

/** Edit, switch off/on and delete, each shown only to roles that may do it. */
export function VehicleActions({ vehicle }: { vehicle: Vehicle }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <EditButton kind={vehicleKind} onClick={() => setEditing(true)} />
      <SwitchOnOffButton
        kind={vehicleKind}
        call={vehicleKind.update}
        isActive={vehicle.isActive}
        // The vehicle's update is sent every field.
        input={toUpdateInput(vehicle.id, { ...toFormValues(vehicle), isActive: !vehicle.isActive })}
      />
      <DeleteRecordButton kind={vehicleKind} id={vehicle.id} name={vehicleTitle(vehicle)} />
      <VehicleFormModal vehicle={vehicle} opened={editing} onClose={() => setEditing(false)} />
    </>
  );
}
