import type { RecordKind } from '../../kit/record-kind';

/** Vehicles as a kind of record: `/vehicles`, words under `vehicles.`, and the calls that change them. */
export const vehicleKind = {
  ns: 'vehicles',
  path: '/vehicles',
  create: 'Vehicle/Create',
  update: 'Vehicle/Update',
  remove: 'Vehicle/Delete',
} as const satisfies RecordKind;
