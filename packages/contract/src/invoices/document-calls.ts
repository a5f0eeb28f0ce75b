import { planned } from '../define';

/** An invoice's documents, its e-mail, and payment receipts (docs/invoicing.md#documents). */
export const invoiceDocumentCalls = {
  CreateInvoiceEmail: planned(),
  GetGenerateDocument: planned(),
  GetGenerateDocumentEmail: planned(),
  GetGenerateDocumentExcelFixed: planned(),
  SendReceiptEmail: planned(),
  SendReceiptEmailCash: planned(),
  SendReceiptEmailCashInvoice: planned(),
  SendReceiptEmailCashPDF: planned(),
  SendReceiptEmailCardInvoice: planned(),
  SendReceiptCardPDF: planned(),
  SendReceiptEmailCard: planned(),
};
