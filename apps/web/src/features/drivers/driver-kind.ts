import type { RecordKind } from '../../kit/record-kind';

/** Drivers as a kind of record: `/drivers`, words under `drivers.`, and the calls that change them. */
export const driverKind = {
  ns: 'drivers',
  path: '/drivers',
  create: 'Driver/Create',
  update: 'Driver/Update',
  remove: 'Driver/Delete',
} as const satisfies RecordKind;
