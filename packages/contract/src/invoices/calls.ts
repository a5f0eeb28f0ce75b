import { area } from '../define';
import { creditNoteCalls } from './credit-note-calls';
import { driverStatementDocumentCalls, invoiceDocumentCalls } from './document-calls';
import { invoiceLifecycleCalls } from './lifecycle-calls';
import { invoiceSettlementCalls } from './settlement-calls';

export const bookingInvoiceInvoice = area(
  'BookingInvoice',
  { subject: 'Invoice' },
  {
    ...invoiceLifecycleCalls,
    ...invoiceDocumentCalls,
    ...invoiceSettlementCalls,
    ...driverStatementDocumentCalls,
  },
);

export const creditNoteCreditNote = area('CreditNote', { subject: 'CreditNote' }, creditNoteCalls);
