import { z } from 'zod';
import { email, id, text } from '../fields';
import { outboxMessageRow } from '../notifications/schemas';

/** The kinds of document stored at issue (docs/invoicing.md#documents). */
export const issuedDocumentKinds = ['invoicePdf', 'invoiceXlsx', 'creditNotePdf', 'receiptPdf'] as const;

export const invoiceDocumentInput = z.object({ invoiceId: id() });

const addresses = () =>
  z
    .array(email(), { error: 'must be a list of e-mail addresses' })
    .min(1, 'must hold at least one address')
    .max(10, 'may hold at most 10')
    .optional();

/**
 * A document's file, answered as base64 (as the list export does): the stored bytes of an issued
 * invoice, or a draft rendered now and never stored.
 */
export const documentFile = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  content: z.string().describe('The bytes, base64'),
  byteSize: z.number(),
  sha256: z.string().describe('SHA-256 of the bytes, hex'),
  draft: z.boolean().describe('true: rendered now from a draft, marked DRAFT, not stored'),
  issuedAt: z.string().nullable().describe('When the stored document was made; null for a draft'),
});

/** A document as it was stored at issue, without its bytes. */
export const issuedDocumentRow = z.object({
  id: z.number(),
  kind: z.string().describe('invoicePdf, invoiceXlsx, creditNotePdf, receiptPdf (receiptPdf:tx<id> for a payment)'),
  fileName: z.string(),
  mimeType: z.string(),
  byteSize: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
});

export const issuedDocumentList = z.object({ invoiceId: z.number(), documents: z.array(issuedDocumentRow) });

export const invoiceEmailPreview = z.object({
  invoiceId: z.number(),
  invoiceNo: z.string(),
  to: z.array(z.string()).describe("The client's invoice addresses (or those given)"),
  subject: z.string(),
  body: z.string(),
  attachmentName: z.string(),
});

export const invoiceEmailPreviewInput = z.object({ invoiceId: id(), emails: addresses() });

export const sendInvoiceEmailInput = z.object({
  invoiceId: id(),
  /** Left out: the client's invoice addresses (the invoice's snapshot and the client's e-mail). */
  emails: addresses(),
  /** A line put before the standard text. */
  message: text(1000).optional(),
});

export const sentInvoiceEmail = z.object({
  invoiceId: z.number(),
  status: z.string(),
  sentAt: z.string().nullable(),
  queued: z.number(),
  messages: z.array(outboxMessageRow),
});

/** A receipt for a booking's payment: card, cash, or whatever paid it. */
export const bookingReceiptInput = z.object({
  bookingId: id(),
  /** Left out: the passenger's address, else the client's. */
  email: email().optional(),
});

export const bookingReceiptPdfInput = z.object({ bookingId: id() });

/** A receipt for a payment against an invoice: the payment given, or the invoice's latest of its kind. */
export const invoiceReceiptInput = z.object({
  invoiceId: id(),
  paymentTransactionId: id().optional(),
  /** Left out: the client's invoice addresses. */
  email: email().optional(),
});

export const sentReceipt = z.object({
  bookingId: z.number().nullable(),
  invoiceId: z.number().nullable(),
  paymentTransactionId: z.number().nullable(),
  amountMinor: z.number().describe('What the receipt says was paid, minor units'),
  currency: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  queued: z.number(),
  messages: z.array(outboxMessageRow),
});

export type DocumentFile = z.output<typeof documentFile>;
