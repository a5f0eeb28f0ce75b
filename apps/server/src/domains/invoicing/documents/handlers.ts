import { and, asc, eq } from 'drizzle-orm';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { handlers } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import { invoices, issuedDocuments } from '../schema';
import { invoiceEmail, sendInvoiceEmail } from './email';
import { invoiceFileName, issueInvoiceDocuments } from './issue';
import { renderInvoicePdf } from './invoice-pdf';
import { loadInvoiceModel } from './model';
import { bookingReceiptPdf, sendBookingReceipt, sendInvoiceReceipt } from './receipts';
import { documentBytes, fileAnswer, PDF, XLSX } from './store';
import { renderInvoiceXlsx } from './xlsx';

type Ctx = CallContext<Session>;

/**
 * An invoice's document: for an issued invoice the stored bytes (stored now if its approval did not,
 * so every later answer is the same); a draft's is rendered now and never stored.
 */
async function invoiceDocument(ctx: Ctx, invoiceId: number, kind: 'pdf' | 'xlsx') {
  const [invoice] = await ctx.db
    .select({ id: invoices.id, status: invoices.status, invoiceNo: invoices.invoiceNo })
    .from(invoices)
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, invoiceId)));
  if (!invoice) throw notFound(`Invoice ${invoiceId}`);
  if (invoice.status === 'draft') {
    const model = await loadInvoiceModel(ctx, invoiceId);
    const bytes = kind === 'pdf' ? await renderInvoicePdf(model) : await renderInvoiceXlsx(model);
    return fileAnswer(
      { fileName: invoiceFileName(invoice, kind), contentType: kind === 'pdf' ? PDF : XLSX, bytes },
      null,
    );
  }
  const issued = await issueInvoiceDocuments(ctx, invoiceId);
  const row = kind === 'pdf' ? issued.pdf : issued.xlsx;
  return fileAnswer(
    { fileName: row.fileName, contentType: row.contentType, bytes: await documentBytes(ctx, row) },
    row,
  );
}

export const invoiceDocumentHandlers = handlers({
  'BookingInvoice/GetGenerateDocument': (input, ctx) => invoiceDocument(ctx, input.invoiceId, 'pdf'),

  'BookingInvoice/GetGenerateDocumentExcelFixed': (input, ctx) => invoiceDocument(ctx, input.invoiceId, 'xlsx'),

  'BookingInvoice/GetInvoiceDocuments': async (input, ctx) => {
    const [invoice] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, input.invoiceId)));
    if (!invoice) throw notFound(`Invoice ${input.invoiceId}`);
    const rows = await ctx.db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.companyId, ctx.session.companyId), eq(issuedDocuments.invoiceId, input.invoiceId)))
      .orderBy(asc(issuedDocuments.id));
    return {
      invoiceId: input.invoiceId,
      documents: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        fileName: r.fileName,
        mimeType: r.contentType,
        byteSize: r.byteSize,
        sha256: r.sha256,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  },

  'BookingInvoice/GetGenerateDocumentEmail': async (input, ctx) => (await invoiceEmail(ctx, input)).preview,

  'BookingInvoice/CreateInvoiceEmail': (input, ctx) => sendInvoiceEmail(ctx, input),

  'BookingInvoice/SendReceiptEmail': (input, ctx) => sendBookingReceipt(ctx, input, 'any'),
  'BookingInvoice/SendReceiptEmailCash': (input, ctx) => sendBookingReceipt(ctx, input, 'cash'),
  'BookingInvoice/SendReceiptEmailCard': (input, ctx) => sendBookingReceipt(ctx, input, 'card'),
  'BookingInvoice/SendReceiptEmailCashPDF': (input, ctx) => bookingReceiptPdf(ctx, input.bookingId, 'cash'),
  'BookingInvoice/SendReceiptCardPDF': (input, ctx) => bookingReceiptPdf(ctx, input.bookingId, 'card'),
  'BookingInvoice/SendReceiptEmailCashInvoice': (input, ctx) => sendInvoiceReceipt(ctx, input, 'cash'),
  'BookingInvoice/SendReceiptEmailCardInvoice': (input, ctx) => sendInvoiceReceipt(ctx, input, 'card'),
});
