import { and, eq } from 'drizzle-orm';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import { creditNotes, invoices } from '../schema';
import { renderCreditNotePdf, loadCreditNoteModel } from './credit-note-pdf';
import { renderInvoicePdf } from './invoice-pdf';
import { loadInvoiceModel } from './model';
import { PDF, storeDocument, storedDocument, type StoredDocument, XLSX } from './store';
import { renderInvoiceXlsx } from './xlsx';

type Ctx = CallContext<Session>;

/** File names a client sees: `Invoice-INV-2026-00042.pdf`; a draft's `Invoice-draft-17.pdf`. */
export const invoiceFileName = (invoice: { id: number; invoiceNo: string | null }, extension: 'pdf' | 'xlsx') =>
  `Invoice-${invoice.invoiceNo ?? `draft-${invoice.id}`}.${extension}`.replace(/[^\w.-]+/g, '-');

export interface IssuedInvoiceDocuments {
  pdf: StoredDocument;
  xlsx: StoredDocument;
}

/**
 * Renders the PDF and the XLSX of an issued (approved or later) invoice and stores both with their
 * SHA-256, in the caller's transaction. Idempotent: what is stored already stays, so a second call
 * (or the approval's call, then a download) answers the same bytes. A draft: 409.
 */
export async function issueInvoiceDocuments(ctx: Ctx, invoiceId: number): Promise<IssuedInvoiceDocuments> {
  const [invoice] = await ctx.db
    .select({ id: invoices.id, status: invoices.status, invoiceNo: invoices.invoiceNo })
    .from(invoices)
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, invoiceId)))
    // Shared: an unapproval (which locks the invoice for update) waits, and is waited for.
    .for('share');
  if (!invoice) throw notFound(`Invoice ${invoiceId}`);
  if (invoice.status === 'draft') {
    throw conflict(`Invoice ${invoiceId} is a draft: its documents are stored when it is approved.`, {
      currentStatus: invoice.status,
    });
  }
  const owner = { invoiceId };
  let pdf = await storedDocument(ctx, owner, 'invoicePdf');
  let xlsx = await storedDocument(ctx, owner, 'invoiceXlsx');
  if (pdf && xlsx) return { pdf, xlsx };
  const model = await loadInvoiceModel(ctx, invoiceId);
  if (!pdf) {
    const bytes = await renderInvoicePdf(model);
    pdf = await storeDocument(ctx, owner, 'invoicePdf', {
      fileName: invoiceFileName(invoice, 'pdf'),
      contentType: PDF,
      bytes,
    });
  }
  if (!xlsx) {
    const bytes = await renderInvoiceXlsx(model);
    xlsx = await storeDocument(ctx, owner, 'invoiceXlsx', {
      fileName: invoiceFileName(invoice, 'xlsx'),
      contentType: XLSX,
      bytes,
    });
  }
  return { pdf, xlsx };
}

/**
 * Renders the PDF of an issued credit note and stores it with its SHA-256 (idempotent, like the
 * invoice's). A draft credit note: 409.
 */
export async function issueCreditNoteDocument(ctx: Ctx, creditNoteId: number): Promise<StoredDocument> {
  const [note] = await ctx.db
    .select({ id: creditNotes.id, status: creditNotes.status, creditNo: creditNotes.creditNo })
    .from(creditNotes)
    .where(and(eq(creditNotes.companyId, ctx.session.companyId), eq(creditNotes.id, creditNoteId)));
  if (!note) throw notFound(`Credit note ${creditNoteId}`);
  if (note.status !== 'issued') {
    throw conflict(`Credit note ${creditNoteId} is a draft: its PDF is stored when it is issued.`, {
      currentStatus: note.status,
    });
  }
  const owner = { creditNoteId };
  const stored = await storedDocument(ctx, owner, 'creditNotePdf');
  if (stored) return stored;
  const bytes = await renderCreditNotePdf(await loadCreditNoteModel(ctx, creditNoteId));
  return storeDocument(ctx, owner, 'creditNotePdf', {
    fileName: `Credit-note-${note.creditNo ?? note.id}.pdf`.replace(/[^\w.-]+/g, '-'),
    contentType: PDF,
    bytes,
  });
}
