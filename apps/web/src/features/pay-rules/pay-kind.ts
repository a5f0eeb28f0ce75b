import type { RecordKind } from '../../kit/record-kind';

/** Driver payment models as a kind of record: `/driver-pay/rules`, words under `pay-rules.`. */
export const payModelKind = {
  ns: 'pay-rules',
  path: '/driver-pay/rules',
  create: 'DriverPayment/Create',
  update: 'DriverPayment/Update',
  remove: 'DriverPayment/Delete',
} as const satisfies RecordKind;
