import type { RecordKind } from '../../kit/record-kind';

/** Credit notes as a kind of record: their list lives in Finance. */
export const creditNoteKind = {
  ns: 'credit-notes',
  path: '/finance/credit-notes',
  create: 'CreditNote/CreateCreditNote',
  update: 'CreditNote/UpdateCreditNote',
  remove: 'CreditNote/DeleteCreditCard',
} as const satisfies RecordKind;
