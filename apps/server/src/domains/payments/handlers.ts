import { and, asc, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { handlers } from '../../platform/http/context';
import { notFound, unauthorized } from '../../platform/http/errors';
import { format } from '@cabdesk/money';
import { bookings, bookingStops } from '../bookings/schema';
import { companies } from '../company/schema';
import { isOutsideSession } from '../web-booker/outside';
import { visitOf } from '../web-booker/visits';
import { payBookingByCard, refundBooking } from './card-payments';
import { recordManualPayment } from './manual-payments';
import {
  ensurePayable,
  expirePaymentLinks,
  findPaymentLink,
  linkState,
  payLink,
  sendPaymentLink,
} from './payment-links';
import { bookingPaymentState, toCardPaymentRow, toTransactionRow } from './payment-state';
import { invoiceNoOfLink } from '../invoicing/money/invoice-links';
import { cardProvidersOf } from './providers';

type Ctx = CallContext<Session>;

/**
 * A booking a caller from outside the office may pay or look at: the visit's own booking, a
 * passenger's own, a client portal user's client's. Any other is "not found", as if it did not exist.
 */
async function ownBooking(ctx: Ctx, bookingId: number): Promise<void> {
  if (!isOutsideSession(ctx)) return;
  if (ctx.session.kind === 'webBooker') {
    const visit = await visitOf(ctx);
    if (visit.bookingId !== bookingId) throw notFound(`Booking ${bookingId}`);
    return;
  }
  const [row] = await ctx.db
    .select({ passengerId: bookings.passengerId, clientId: bookings.clientId })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  const mine =
    ctx.session.kind === 'passenger'
      ? row?.passengerId === ctx.session.personId
      : row?.clientId === ctx.session.personId;
  if (!mine) throw notFound(`Booking ${bookingId}`);
}

/** A caller of a public link call acts for the link's company, as the product itself. */
function linkContext(ctx: CallContext<Session | null>, companyId: number): Ctx {
  return { ...ctx, session: { userId: 0, companyId, kind: 'webBooker', staffRoleId: 0, personId: 0 } };
}

const capture = (when: 'now' | 'later') => (when === 'now' ? ('automatic' as const) : ('manual' as const));

const paidWords = (p: { status: string; amountMinor: number; currency: string; capturedMinor: number }) => {
  const amount = format({ minor: p.status === 'succeeded' ? p.capturedMinor : p.amountMinor, currency: p.currency });
  return p.status === 'succeeded'
    ? `${amount} was paid by card.`
    : p.status === 'requires_capture'
      ? `${amount} is authorised on the card; it is taken when the job is done.`
      : p.status === 'requires_action'
        ? 'The card asks the customer to confirm the payment: a payment link is the way.'
        : `The payment is ${p.status}.`;
};

export const paymentHandlers = handlers({
  'Booking/CheckExistingPayment': (input, ctx) => bookingPaymentState(ctx, input.bookingId),

  'PaymentTransaction/GetPaymentStatus': async (input, ctx) => {
    await ownBooking(ctx, input.bookingId);
    return bookingPaymentState(ctx, input.bookingId);
  },

  'PaymentTransaction/StripePayment': async (input, ctx) => {
    const payment = await payBookingByCard(ctx, {
      bookingId: input.bookingId,
      card: { cardId: input.cardId },
      capture: capture(input.capture),
      amount: input.amount,
      offSession: true,
    });
    return { data: toCardPaymentRow(payment), message: paidWords(payment) };
  },

  'PaymentTransaction/StripePaymentTokenProvided': async (input, ctx) => {
    const payment = await payBookingByCard(ctx, {
      bookingId: input.bookingId,
      card: { token: input.token, save: input.saveCard },
      capture: capture(input.capture),
      amount: input.amount,
      offSession: false,
    });
    return { data: toCardPaymentRow(payment), message: paidWords(payment) };
  },

  'PaymentTransaction/CreatePaymentIntent': async (input, ctx) => {
    await ownBooking(ctx, input.bookingId);
    const payment = await payBookingByCard(ctx, {
      bookingId: input.bookingId,
      // A visitor has no account to keep a card on.
      card: { token: input.token, save: input.saveCard && ctx.session.kind !== 'webBooker' },
      capture: capture(input.capture),
      amount: input.amount,
      offSession: false,
    });
    return { data: toCardPaymentRow(payment), message: paidWords(payment) };
  },

  'PaymentTransaction/RefundPayment': async (input, ctx) => {
    const refunds = await refundBooking(ctx, input.bookingId, input.amount, input.reason);
    const refunded = refunds.reduce((s, r) => s + r.amount, 0);
    return {
      data: { bookingId: input.bookingId, refunded, refunds: refunds.map((r) => r.id) },
      message: `Refunded ${refunded} to the card.`,
    };
  },

  'PaymentTransaction/AddPaymentTransaction': async (input, ctx) => {
    const row = await recordManualPayment(ctx, input);
    return { data: toTransactionRow(row), message: 'The payment is recorded.' };
  },

  'Booking/SendEmailPaymentLink': async (input, ctx) => {
    const { link, url } = await sendPaymentLink(ctx, {
      bookingId: input.bookingId,
      email: input.email ?? null,
      hours: input.hours,
    });
    return {
      data: {
        id: link.id,
        bookingId: input.bookingId,
        email: link.email,
        amount: link.amountMinor,
        currency: link.currency,
        expiresAt: link.expiresAt.toISOString(),
        url,
      },
      message: `A payment link was sent to ${link.email}.`,
    };
  },

  'Booking/ExpirePaymentLink': async (input, ctx) => {
    const expired = await expirePaymentLinks(ctx, input.bookingId);
    return {
      data: { bookingId: input.bookingId, expired },
      message: expired ? 'The payment link no longer works.' : 'The booking had no open payment link.',
    };
  },

  'PaymentTransaction/TestClientSecret': async (input, ctx) => {
    const link = await findPaymentLink(ctx, input.token);
    const inner = linkContext(ctx, link.companyId);
    const bookingId = link.bookingId ?? 0; // an invoice's link has none (invoiceNo says what it pays)
    const [company] = await ctx.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, link.companyId));
    const [booking] = await ctx.db
      .select({ pickupAt: bookings.pickupAt })
      .from(bookings)
      .where(and(eq(bookings.companyId, link.companyId), eq(bookings.id, bookingId)));
    const stops = await ctx.db
      .select({ kind: bookingStops.kind, address: bookingStops.address })
      .from(bookingStops)
      .where(and(eq(bookingStops.companyId, link.companyId), eq(bookingStops.bookingId, bookingId)))
      .orderBy(asc(bookingStops.seq));
    const { provider } = await cardProvidersOf(ctx.services).forCompany(inner.session.companyId);
    const settings = await cardProvidersOf(ctx.services).publicSettings(link.companyId);
    return {
      state: linkState(link),
      companyName: company?.name ?? '',
      bookingId,
      invoiceNo: await invoiceNoOfLink(inner, link),
      pickupAt: booking?.pickupAt.toISOString() ?? link.createdAt.toISOString(),
      pickup: stops.find((s) => s.kind === 'pickup')?.address ?? null,
      dropoff: stops.filter((s) => s.kind === 'dropoff').at(-1)?.address ?? null,
      amount: link.amountMinor,
      currency: link.currency,
      expiresAt: link.expiresAt.toISOString(),
      provider: provider.name,
      publishableKey: settings.publishableKey,
    };
  },

  'PaymentTransaction/CheckoutPayment': async (input, ctx) => {
    if (!input.token) throw unauthorized();
    const link = await findPaymentLink(ctx, input.token);
    ensurePayable(link);
    const payment = await payLink(linkContext(ctx, link.companyId), link, input.cardToken);
    return {
      data: {
        bookingId: link.bookingId ?? 0,
        status: payment.status,
        amount: payment.capturedMinor || payment.amountMinor,
        currency: payment.currency,
        paidAt: payment.status === 'succeeded' ? payment.updatedAt.toISOString() : null,
      },
      message: paidWords(payment),
    };
  },
});
