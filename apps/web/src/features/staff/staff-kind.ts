import type { RecordKind } from '../../kit/record-kind';

/** Staff as a kind of record: `/staff`, words under `staff.`, and the calls that change them. */
export const staffKind = {
  ns: 'staff',
  path: '/staff',
  create: 'Staff/Create',
  update: 'Staff/Update',
  remove: 'Staff/Delete',
} as const satisfies RecordKind;
