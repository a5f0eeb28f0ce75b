import { planned } from '../define';

/** What is paid on an invoice and the jobs it settles (docs/invoicing.md#payments). */
export const invoiceSettlementCalls = {
  CheckInvoicePaymentStatus: planned(),
  BookingSettle: planned(),
};
