import type { RecordKind } from '../../kit/record-kind';

/** Clients as a kind of record: `/clients`, words under `clients.`, and the calls that change them. */
export const clientKind = {
  ns: 'clients',
  path: '/clients',
  create: 'Client/Create',
  update: 'Client/Update',
  remove: 'Client/Delete',
} as const satisfies RecordKind;
