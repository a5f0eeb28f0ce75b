import { and, eq } from 'drizzle-orm';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { conflict, fieldError, notFound } from '../../../platform/http/errors';
import { recordAudit } from '../../audit/record';
import { clients } from '../../clients/schema';
import { companies } from '../../company/schema';
import { queueOutbox } from '../../notifications/outbox';
import { invoices } from '../schema';
import { issueInvoiceDocuments } from './issue';
import { dayText, money } from './words';

type Ctx = CallContext<Session>;

/** Statuses an invoice may be e-mailed in: issued and not cancelled. */
const SENDABLE = ['approved', 'sent', 'part_paid', 'paid'];

/** Each address once, compared without case, in the order found. */
export function uniqueAddresses(list: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const a = raw?.trim().toLowerCase();
    if (a && !seen.has(a)) {
      seen.add(a);
      out.push(a);
    }
  }
  return out;
}

async function sendable(ctx: Ctx, invoiceId: number, lock: boolean) {
  const q = ctx.db
    .select({
      invoice: invoices,
      clientEmail: clients.email,
      companyName: companies.name,
      locale: companies.locale,
      dateFormat: companies.dateFormat,
    })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.companyId, invoices.companyId), eq(clients.id, invoices.clientId)))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, invoiceId)));
  const [row] = lock ? await q.for('update', { of: invoices }) : await q;
  if (!row) throw notFound(`Invoice ${invoiceId}`);
  const { invoice } = row;
  if (!SENDABLE.includes(invoice.status)) {
    throw conflict(
      invoice.status === 'draft'
        ? `Invoice ${invoiceId} is a draft: approve it before e-mailing it.`
        : `Invoice ${invoice.invoiceNo} is cancelled (credited in full): it is not sent again.`,
      { currentStatus: invoice.status },
    );
  }
  return row;
}

/**
 * The invoice e-mail as it goes: to the addresses given, else the client's invoice addresses (the
 * e-mail on the invoice's issuedTo snapshot, then the client's e-mail now, each once); the subject,
 * the text and the PDF's name. No address at all: 400 on `emails`.
 */
export async function invoiceEmail(
  ctx: Ctx,
  input: { invoiceId: number; emails?: string[]; message?: string },
  lock = false,
) {
  const row = await sendable(ctx, input.invoiceId, lock);
  const { invoice } = row;
  const to = input.emails?.length
    ? uniqueAddresses(input.emails)
    : uniqueAddresses([invoice.issuedTo?.email, row.clientEmail]);
  if (to.length === 0) {
    throw fieldError(
      'emails',
      'is required',
      'The client has no e-mail address for invoices: give one or more addresses.',
    );
  }
  const invoiceNo = invoice.invoiceNo!;
  const company = invoice.issuedBy?.name ?? row.companyName;
  const clientName = invoice.issuedTo?.name ?? 'customer';
  const total = money(invoice.grossMinor, invoice.currency, row.locale);
  const body = [
    `Dear ${clientName},`,
    ...(input.message?.trim() ? [input.message.trim()] : []),
    `Please find attached invoice ${invoiceNo} of ${dayText(invoice.issueDate, row.dateFormat)} for ${total}, due by ${dayText(invoice.dueDate, row.dateFormat)}. Please quote ${invoiceNo} with your payment.`,
    `Kind regards,\n${company}`,
  ].join('\n\n');
  return {
    invoice,
    preview: {
      invoiceId: invoice.id,
      invoiceNo,
      to,
      subject: `Invoice ${invoiceNo} from ${company}`,
      body,
      attachmentName: `Invoice-${invoiceNo}.pdf`.replace(/[^\w.-]+/g, '-'),
    },
    facts: {
      clientName,
      invoiceNo,
      issueDate: dayText(invoice.issueDate, row.dateFormat),
      total,
      dueDate: dayText(invoice.dueDate, row.dateFormat),
      message: input.message?.trim() ?? '',
      companyName: company,
    },
  };
}

/**
 * Sends the invoice: one outbox e-mail per address with the stored PDF attached (delivered after the
 * commit), and an approved invoice becomes sent (sentAt: the first time it was sent).
 */
export async function sendInvoiceEmail(ctx: Ctx, input: { invoiceId: number; emails?: string[]; message?: string }) {
  const { invoice, preview, facts } = await invoiceEmail(ctx, input, true);
  const { pdf } = await issueInvoiceDocuments(ctx, invoice.id);
  const messages = await queueOutbox(
    ctx,
    preview.to.map((recipient) => ({
      channel: 'email' as const,
      recipient,
      subject: preview.subject,
      body: preview.body,
      event: 'invoice',
      facts,
      attachments: [{ fileKey: pdf.fileKey, fileName: preview.attachmentName, contentType: pdf.contentType }],
    })),
  );
  const sentAt = invoice.sentAt ?? new Date();
  const status = invoice.status === 'approved' ? 'sent' : invoice.status;
  await ctx.db
    .update(invoices)
    .set({ status, sentAt, updatedAt: new Date() })
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, invoice.id)));
  await recordAudit(ctx, {
    entityType: 'invoice',
    entityId: invoice.id,
    action: 'e-mailed',
    changes: { to: { before: null, after: preview.to.join(', ') }, status: { before: invoice.status, after: status } },
  });
  return {
    data: { invoiceId: invoice.id, status, sentAt: sentAt.toISOString(), queued: messages.length, messages },
    message: `Invoice ${preview.invoiceNo} is on its way to ${preview.to.join(', ')}.`,
  };
}
