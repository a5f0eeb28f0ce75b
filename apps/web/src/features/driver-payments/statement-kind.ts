import type { RecordKind } from '../../kit/record-kind';

/** Driver statements on the web: the list's address, the words under `driver-payments.` and the calls that change one. */
export const statementKind = {
  ns: 'driver-payments',
  path: '/driver-pay/payments',
  create: 'DrvrPayment/GeneratePayment',
  update: 'DrvrPayment/AddDriverPaymentAdjustments',
  remove: 'DrvrPayment/DeleteGeneratedPayment',
} as const satisfies RecordKind;
