import type { RecordKind } from '../../kit/record-kind';

/** Passengers as a kind of record: `/passengers`, words under `passengers.`, and the calls that change them. */
export const passengerKind = {
  ns: 'passengers',
  path: '/passengers',
  create: 'Passenger/Create',
  update: 'Passenger/Update',
  remove: 'Passenger/Delete',
} as const satisfies RecordKind;
