import type { RecordKind } from '../../kit/record-kind';

/** Client invoices on the web: the list's address, the words under `invoicing.` and the calls that change one. */
export const invoiceKind = {
  ns: 'invoicing',
  path: '/finance/invoices',
  create: 'BookingInvoice/Create',
  update: 'BookingInvoice/UpdateInvoiceData',
  remove: 'BookingInvoice/Delete',
} as const satisfies RecordKind;
