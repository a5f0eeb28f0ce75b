import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, conflict, fieldError, notFound } from '../../platform/http/errors';
import { format } from '@cabdesk/money';
import { recordAudit } from '../audit/record';
import { companyById, hashLinkSecret, newLinkSecret, pageLink } from '../auth/account-links';
import { lockBooking } from '../bookings/moves';
import { passengers } from '../passengers/schema';
import { clients } from '../clients/schema';
import { queueOutbox } from '../notifications/outbox';
import { payBookingByCard, payerOf } from './card-payments';
import { dueOf, moneyOf } from './booking-money';
import { paymentLinks } from './schema';

type Ctx = CallContext<Session>;
type Link = typeof paymentLinks.$inferSelect;

/** How long a payment link works unless the office says otherwise. */
export const PAYMENT_LINK_HOURS = 72;
export const PAYMENT_LINK_EVENT = 'payment_link';

export type PaymentLinkState = 'valid' | 'expired' | 'paid';

export function linkState(link: Link, now = new Date()): PaymentLinkState {
  if (link.paidAt) return 'paid';
  if (link.expiredAt || link.expiresAt <= now) return 'expired';
  return 'valid';
}

async function payerEmail(ctx: Ctx, booking: Awaited<ReturnType<typeof lockBooking>>): Promise<string | null> {
  const payer = payerOf(booking);
  if (payer.clientId) {
    const [c] = await ctx.db
      .select({ email: clients.email })
      .from(clients)
      .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, payer.clientId)));
    return c?.email ?? null;
  }
  if (payer.passengerId) {
    const [p] = await ctx.db
      .select({ email: passengers.email })
      .from(passengers)
      .where(and(eq(passengers.companyId, ctx.session.companyId), eq(passengers.id, payer.passengerId)));
    return p?.email ?? null;
  }
  return null;
}

/**
 * Mails the payer a link to pay what is left of a booking by card. Earlier links of the booking stop
 * working (one link pays a booking), and the link expires after `hours`.
 */
export async function sendPaymentLink(
  ctx: Ctx,
  input: { bookingId: number; email: string | null; hours?: number | undefined },
): Promise<{ link: Link; url: string }> {
  const booking = await lockBooking(ctx, input.bookingId);
  if (booking.status === 'cancelled' || booking.status === 'rejected') {
    throw conflict(`Booking ${booking.id} is ${booking.status}: it cannot be paid.`);
  }
  const paid = await moneyOf(ctx, booking.id);
  const due = dueOf(booking.priceMinor, paid);
  if (!booking.priceMinor) {
    throw fieldError('bookingId', 'price', 'The booking needs a price before a payment link is sent');
  }
  if (due <= 0) throw conflict(`Booking ${booking.id} is paid already: no link is needed.`);
  const email = input.email ?? (await payerEmail(ctx, booking));
  if (!email) {
    throw fieldError('email', 'required', 'Give the e-mail address to send the link to');
  }
  return mailPaymentLink(
    ctx,
    { bookingId: booking.id, name: `booking ${booking.id}`, fallbackSender: 'Your booking' },
    { amountMinor: due, currency: booking.currency, email, hours: input.hours ?? PAYMENT_LINK_HOURS },
  );
}

/** What a payment link pays: a booking's rest or an invoice's, and how the e-mail names it. */
export interface LinkTarget {
  bookingId?: number;
  invoiceId?: number;
  /** "booking 123", "invoice INV-2026-00042". */
  name: string;
  fallbackSender: string;
}

/**
 * Opens a payment link for a booking or an invoice and mails it: earlier open links of the same target
 * stop working (one link pays it), the new one expires after `hours`, and the history says so.
 */
export async function mailPaymentLink(
  ctx: Ctx,
  target: LinkTarget,
  m: { amountMinor: number; currency: string; email: string; hours: number },
): Promise<{ link: Link; url: string }> {
  const companyId = ctx.session.companyId;
  const now = new Date();
  await ctx.db
    .update(paymentLinks)
    .set({ expiredAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentLinks.companyId, companyId),
        target.invoiceId
          ? eq(paymentLinks.invoiceId, target.invoiceId)
          : eq(paymentLinks.bookingId, target.bookingId ?? 0),
        isNull(paymentLinks.paidAt),
        isNull(paymentLinks.expiredAt),
      ),
    );
  const { token: secret, hash: secretHash } = newLinkSecret();
  const [link] = await ctx.db
    .insert(paymentLinks)
    .values({
      companyId,
      bookingId: target.bookingId ?? null,
      invoiceId: target.invoiceId ?? null,
      secretHash,
      amountMinor: m.amountMinor,
      currency: m.currency,
      email: m.email,
      expiresAt: new Date(now.getTime() + m.hours * 3_600_000),
      createdBy: ctx.session.userId || null,
    })
    .returning();
  const company = await companyById(ctx.services.db, companyId);
  const url = pageLink(ctx.services.config, 'pay', company ?? null, { secret });
  const amount = format({ minor: m.amountMinor, currency: m.currency });
  await queueOutbox(ctx, [
    {
      channel: 'email',
      recipient: m.email,
      event: PAYMENT_LINK_EVENT,
      ...(target.bookingId ? { bookingId: target.bookingId } : {}),
      facts: {
        amount,
        payingFor: target.name,
        hours: String(m.hours),
        link: url,
        companyName: company?.name ?? target.fallbackSender,
      },
      subject: `${company?.name ?? target.fallbackSender}: pay ${amount} for ${target.name}`,
      body: [
        'Hello,',
        '',
        `please pay ${amount} for ${target.name} by card here. The link works until it is paid, for ${m.hours} hours:`,
        '',
        url,
        '',
        company?.name ?? '',
      ].join('\n'),
    },
  ]);
  await recordAudit(ctx, {
    entityType: target.invoiceId ? 'invoice' : 'booking',
    entityId: (target.invoiceId ?? target.bookingId) as number,
    action: 'payment.link',
    changes: { paymentLink: { before: null, after: `${amount} to ${m.email}, for ${m.hours} hours` } },
  });
  return { link: link as Link, url };
}

/** Stops a booking's open payment links now (Booking/ExpirePaymentLink). Answers how many stopped. */
export async function expirePaymentLinks(ctx: Ctx, bookingId: number): Promise<number> {
  await lockBooking(ctx, bookingId);
  const now = new Date();
  const stopped = await ctx.db
    .update(paymentLinks)
    .set({ expiredAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentLinks.companyId, ctx.session.companyId),
        eq(paymentLinks.bookingId, bookingId),
        isNull(paymentLinks.paidAt),
        isNull(paymentLinks.expiredAt),
      ),
    )
    .returning({ id: paymentLinks.id });
  if (stopped.length) {
    await recordAudit(ctx, {
      entityType: 'booking',
      entityId: bookingId,
      action: 'payment.linkExpired',
      changes: { paymentLink: { before: 'open', after: 'expired' } },
    });
  }
  return stopped.length;
}

/** The link a secret names, whatever its state; unknown secrets are a 400 on `token`. */
export async function findPaymentLink(ctx: CallContext<Session | null>, secret: string): Promise<Link> {
  const [link] = await ctx.db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.secretHash, hashLinkSecret(secret)));
  if (!link) {
    throw fieldError('token', 'unknown', 'This is not a payment link we sent: copy the whole link from the e-mail');
  }
  return link;
}

export function ensurePayable(link: Link): void {
  const state = linkState(link);
  if (state === 'paid') throw new AppError(410, 'This payment link was paid already: nothing more is due.');
  if (state === 'expired') throw new AppError(410, 'This payment link has expired. Ask the office for a new one.');
}

/**
 * Pays a link with a card from the provider's card form, once: the link is locked, the card charged
 * for the link's amount, and the link marked paid in the same transaction.
 */
export async function payLink(ctx: Ctx, link: Link, token: string) {
  const [locked] = await ctx.db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.companyId, ctx.session.companyId), eq(paymentLinks.id, link.id)))
    .for('update');
  if (!locked) throw notFound('Payment link');
  ensurePayable(locked);
  if (locked.invoiceId) {
    const { payInvoiceLink } = await import('../invoicing/money/invoice-links');
    return payInvoiceLink(ctx, locked, token);
  }
  const payment = await payBookingByCard(ctx, {
    bookingId: locked.bookingId!,
    card: { token, save: false },
    capture: 'automatic',
    amount: locked.amountMinor,
    offSession: false,
    paymentLinkId: locked.id,
  });
  if (payment.status === 'succeeded') {
    await ctx.db
      .update(paymentLinks)
      .set({ paidAt: new Date(), updatedAt: new Date() })
      .where(eq(paymentLinks.id, locked.id));
  }
  return payment;
}

/** The newest link of a booking, for its payment panel. */
export async function latestLink(ctx: Ctx, bookingId: number): Promise<Link | null> {
  const [link] = await ctx.db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.companyId, ctx.session.companyId), eq(paymentLinks.bookingId, bookingId)))
    .orderBy(desc(paymentLinks.id))
    .limit(1);
  return link ?? null;
}
