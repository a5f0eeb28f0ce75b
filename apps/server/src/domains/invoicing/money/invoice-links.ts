import { and, eq } from 'drizzle-orm';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { conflict, fieldError } from '../../../platform/http/errors';
import { clients } from '../../clients/schema';
import { mailPaymentLink, PAYMENT_LINK_HOURS } from '../../payments/payment-links';
import { paymentLinks } from '../../payments/schema';
import { invoices } from '../schema';
import { checkoutLinkPayment } from './invoice-card-payments';
import { type Ctx, ensureIssued, invoiceName, leftToPay, lockInvoice } from './invoice-money';

/*
 * An invoice's payment link: the payments domain's links (payment_links, the /pay page, one payment
 * per link) with the invoice instead of a booking; the link's payment is allocated to the invoice.
 */

type Link = typeof paymentLinks.$inferSelect;

/** Booking/SendEmailPaymentLinkInvoice: mails the client a link to pay the invoice's rest. */
export async function sendInvoicePaymentLink(
  ctx: Ctx,
  input: { invoiceId: number; email?: string | undefined; hours?: number | undefined },
) {
  const inv = await lockInvoice(ctx, input.invoiceId);
  ensureIssued(inv, 'a payment link is sent');
  const due = leftToPay(inv);
  if (due <= 0) {
    throw conflict(`Invoice ${invoiceName(inv)} is paid already: no link is needed.`, { currentStatus: inv.status });
  }
  const [client] = await ctx.db
    .select({ email: clients.email })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, inv.clientId)));
  const email = input.email ?? inv.issuedTo?.email ?? client?.email ?? null;
  if (!email) throw fieldError('email', 'required', 'Give the e-mail address to send the link to');
  return mailPaymentLink(
    ctx,
    { invoiceId: inv.id, name: `invoice ${invoiceName(inv)}`, fallbackSender: 'Your invoice' },
    { amountMinor: due, currency: inv.currency, email, hours: input.hours ?? PAYMENT_LINK_HOURS },
  );
}

/** The invoice number a link pays, for the /pay page; null for a booking's link. */
export async function invoiceNoOfLink(ctx: CallContext<Session>, link: Link): Promise<string | null> {
  if (!link.invoiceId) return null;
  const [inv] = await ctx.db
    .select({ invoiceNo: invoices.invoiceNo })
    .from(invoices)
    .where(and(eq(invoices.companyId, link.companyId), eq(invoices.id, link.invoiceId)));
  return inv?.invoiceNo ?? null;
}

/** Pays an invoice's link (locked by the caller) with the card form's token and marks it paid. */
export async function payInvoiceLink(ctx: Ctx, link: Link, token: string) {
  const payment = await checkoutLinkPayment(ctx, link.invoiceId!, link.id, link.amountMinor, token);
  if (payment.status === 'succeeded') {
    await ctx.db
      .update(paymentLinks)
      .set({ paidAt: new Date(), updatedAt: new Date() })
      .where(eq(paymentLinks.id, link.id));
  }
  return payment;
}
