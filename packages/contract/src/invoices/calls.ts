import { area, planned } from '../define';
import { creditNoteCalls } from './credit-note-calls';
import { invoiceDocumentCalls } from './document-calls';
import { invoiceLifecycleCalls } from './lifecycle-calls';
import { invoiceSettlementCalls } from './settlement-calls';

export const bookingInvoiceInvoice = area(
  'BookingInvoice',
  { subject: 'Invoice' },
  {
    ...invoiceLifecycleCalls,
    ...invoiceDocumentCalls,
    ...invoiceSettlementCalls,
    // A driver's pay statement: built with driver pay.
    GetGenerateDocumentDriverPayment: planned(),
    GetGenerateDocumentDriverPaymentForDriverApp: planned(),
  },
);

export const creditNoteCreditNote = area('CreditNote', { subject: 'CreditNote' }, creditNoteCalls);
