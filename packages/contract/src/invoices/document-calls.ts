import { mutation, read } from '../define';
import { byId } from '../fields';
import {
  bookingReceiptInput,
  bookingReceiptPdfInput,
  documentFile,
  invoiceDocumentInput,
  invoiceEmailPreview,
  invoiceEmailPreviewInput,
  invoiceReceiptInput,
  issuedDocumentList,
  sendInvoiceEmailInput,
  sentInvoiceEmail,
  sentReceipt,
} from './document-schemas';

/** An invoice's documents, its e-mail, and payment receipts (docs/invoicing.md#documents). */
export const invoiceDocumentCalls = {
  CreateInvoiceEmail: mutation({
    verb: 'update',
    input: sendInvoiceEmailInput,
    output: sentInvoiceEmail,
    summary:
      "E-mails an issued invoice with its stored PDF attached, through the outbox, to the addresses given or the client's invoice addresses; an approved invoice becomes sent. A draft or a cancelled invoice: 409.",
  }),
  GetGenerateDocument: read({
    input: invoiceDocumentInput,
    output: documentFile,
    summary:
      "The invoice's PDF as base64 with its SHA-256: for an issued invoice always the bytes stored at issue; a draft is rendered now, marked DRAFT, and not stored.",
  }),
  GetGenerateDocumentEmail: read({
    input: invoiceEmailPreviewInput,
    output: invoiceEmailPreview,
    summary:
      'The invoice e-mail as CreateInvoiceEmail would send it: addresses, subject, text and the name of the PDF attached. A draft or a cancelled invoice: 409.',
  }),
  GetGenerateDocumentExcelFixed: read({
    input: invoiceDocumentInput,
    output: documentFile,
    summary:
      "The invoice as an XLSX of fixed columns (Invoice No … Gross, one row per line) an accounts team imports, base64 with its SHA-256: stored at issue; a draft's is made now and not stored.",
  }),
  GetInvoiceDocuments: read({
    input: invoiceDocumentInput,
    output: issuedDocumentList,
    addedBecause:
      'the invoice page shows the documents stored at issue with their SHA-256, and the spec names no call for it',
    summary:
      'The documents stored for an invoice (PDF, XLSX, receipts of its payments) with their SHA-256, oldest first.',
  }),
  SendReceiptEmail: mutation({
    verb: 'create',
    input: bookingReceiptInput,
    output: sentReceipt,
    summary:
      "E-mails a receipt (PDF attached) for what was paid on a booking, by card, cash or by hand, to the address given or the passenger's (else the client's). Nothing paid: 409.",
  }),
  SendReceiptEmailCash: mutation({
    verb: 'create',
    input: bookingReceiptInput,
    output: sentReceipt,
    summary: 'E-mails the receipt of the cash collected for a booking (PDF attached). No cash collected: 409.',
  }),
  SendReceiptEmailCashPDF: read({
    input: bookingReceiptPdfInput,
    output: documentFile,
    summary: 'The PDF receipt of the cash collected for a booking, base64 (not stored). No cash collected: 409.',
  }),
  SendReceiptEmailCard: mutation({
    verb: 'create',
    input: bookingReceiptInput,
    output: sentReceipt,
    summary: 'E-mails the receipt of a card payment taken for a booking (PDF attached). Nothing taken by card: 409.',
  }),
  SendReceiptCardPDF: read({
    input: bookingReceiptPdfInput,
    output: documentFile,
    summary:
      'The PDF receipt of the card payments taken for a booking, base64 (not stored). Nothing taken by card: 409.',
  }),
  SendReceiptEmailCashInvoice: mutation({
    verb: 'create',
    input: invoiceReceiptInput,
    output: sentReceipt,
    summary:
      "E-mails the receipt of a payment by hand (cash, bank transfer, cheque) against an invoice: the payment given, or the invoice's latest such payment. None: 409.",
  }),
  SendReceiptEmailCardInvoice: mutation({
    verb: 'create',
    input: invoiceReceiptInput,
    output: sentReceipt,
    summary:
      "E-mails the receipt of a card payment against an invoice: the payment given, or the invoice's latest card payment. None: 409.",
  }),
};

/**
 * A driver's self-billing statement as PDF (docs/driver-pay.md#self-billing-statement): `id` is the
 * statement's, as in the DrvrPayment calls. The office reads it with driver pay's permission; the
 * driver app reads its own driver's only.
 */
export const driverStatementDocumentCalls = {
  GetGenerateDocumentDriverPayment: read({
    subject: 'DriverPayment',
    input: byId(),
    output: documentFile,
    summary:
      "A driver's self-billing statement as PDF, base64 with its SHA-256: an approved or settled statement's bytes are stored at the first request and answered the same ever after; one not yet approved is rendered now, marked DRAFT, and not stored.",
  }),
  GetGenerateDocumentDriverPaymentForDriverApp: read({
    subject: 'DriverApp',
    input: byId(),
    output: documentFile,
    summary:
      "The signed-in driver's own approved or settled statement as PDF, the same bytes the office gets. Another driver's statement, or one not yet approved: 404.",
  }),
};
