import { and, eq, sql } from 'drizzle-orm';
import { handlers } from '../../../platform/http/context';
import { fieldError, notFound } from '../../../platform/http/errors';
import { listPage } from '../../../platform/http/list';
import { bookings } from '../../bookings/schema';
import { clients } from '../../clients/schema';
import { companyFacts } from '../../company/facts';
import { invoiceLines } from '../schema';
import { vatTable } from '../totals';
import {
  allocateCredit,
  allocationRows,
  clientAllocationWhere,
  clientOf,
  countAllocations,
  creditSources,
  recordInvoicePayment,
} from './allocations';
import {
  createCreditNote,
  creditableOf,
  creditedPerLine,
  creditNotesOf,
  deleteCreditNote,
  listCreditNotes,
  updateCreditNote,
} from './credit-notes';
import { chargeCardOnFile, checkoutInvoice, startInvoiceCardPayment } from './invoice-card-payments';
import { sendInvoicePaymentLink } from './invoice-links';
import { type Ctx, invoiceBookingIds, leftToPay, money, readInvoice, settleInvoice } from './invoice-money';
import { clientDue } from './statement';
import { billingClientOf } from '../billable';

/** An invoice's payment status: its money and what was applied to it. */
async function paymentStatus(ctx: Ctx, invoiceId: number) {
  const inv = await readInvoice(ctx, invoiceId);
  return {
    invoiceId: inv.id,
    invoiceNo: inv.invoiceNo,
    clientId: inv.clientId,
    status: inv.status,
    currency: inv.currency,
    grossMinor: inv.grossMinor,
    paidMinor: inv.paidMinor,
    creditedMinor: inv.creditedMinor,
    leftToPayMinor: inv.status === 'draft' ? inv.grossMinor : leftToPay(inv),
    dueDate: inv.dueDate,
    paidAt: inv.paidAt?.toISOString() ?? null,
    payments: await allocationRows(ctx, sql`a.invoice_id = ${inv.id}`),
  };
}

async function invoiceData(ctx: Ctx, invoiceId: number) {
  const inv = await readInvoice(ctx, invoiceId);
  const [client] = await ctx.db
    .select({ name: clients.name })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, inv.clientId)));
  const lines = await ctx.db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, ctx.session.companyId), eq(invoiceLines.invoiceId, inv.id)))
    .orderBy(invoiceLines.position, invoiceLines.id);
  const credited = await creditedPerLine(ctx, inv.id);
  const credits = await creditSources(ctx, inv.clientId);
  const table = vatTable(lines);
  return {
    invoiceId: inv.id,
    invoiceNo: inv.invoiceNo,
    clientId: inv.clientId,
    clientName: client?.name ?? '',
    status: inv.status,
    currency: inv.currency,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    lines: {
      count: lines.length,
      items: lines.map((l) => ({
        id: l.id,
        description: l.description,
        serviceDate: l.serviceDate,
        bookingId: l.bookingId,
        grossMinor: l.grossMinor,
        creditedMinor: credited.get(l.id) ?? 0,
      })),
      vatRows: table.rows.map((r) => ({
        vatPercentage: r.vatRateBp / 100,
        netMinor: r.netMinor,
        vatMinor: r.vatMinor,
        grossMinor: r.grossMinor,
      })),
    },
    netMinor: inv.netMinor,
    vatMinor: inv.vatMinor,
    grossMinor: inv.grossMinor,
    paidMinor: inv.paidMinor,
    creditedMinor: inv.creditedMinor,
    leftToPayMinor: inv.status === 'draft' ? inv.grossMinor : leftToPay(inv),
    creditableMinor: await creditableOf(ctx, inv),
    clientCreditMinor: credits.reduce((s, c) => s + c.restMinor, 0),
    credits,
  };
}

/** The addresses an invoice of a booking's client (or an invoice) goes to. */
async function invoiceAddresses(ctx: Ctx, input: { bookingId: number | null; invoiceId: number | null }) {
  let clientId: number;
  if (input.invoiceId) clientId = (await readInvoice(ctx, input.invoiceId)).clientId;
  else if (input.bookingId) {
    const [b] = await ctx.db
      .select({ clientId: bookings.clientId })
      .from(bookings)
      .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, input.bookingId)));
    if (!b) throw notFound(`Booking ${input.bookingId}`);
    if (!b.clientId)
      throw fieldError('bookingId', 'client', 'The booking is not on a client account: it is not invoiced');
    clientId = b.clientId;
  } else throw fieldError('bookingId', 'required', 'Give the booking or the invoice');
  const [client] = await ctx.db
    .select()
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, clientId)));
  if (!client) throw notFound(`Client ${clientId}`);
  let billed = client;
  const billTo = await billingClientOf(ctx, client.id);
  if (billTo !== client.id) {
    const [parent] = await ctx.db
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, billTo)));
    if (parent) billed = parent;
  }
  const addresses: { email: string; name: string | null; source: 'billedClient' | 'client' }[] = [];
  if (billed.email)
    addresses.push({ email: billed.email, name: billed.contactName ?? billed.name, source: 'billedClient' });
  if (billed.id !== client.id && client.email && client.email !== billed.email) {
    addresses.push({ email: client.email, name: client.contactName ?? client.name, source: 'client' });
  }
  return { clientId: billed.id, clientName: billed.name, addresses };
}

export const invoiceMoneyHandlers = handlers({
  'BookingInvoice/CheckInvoicePaymentStatus': (input, ctx) => paymentStatus(ctx, input.invoiceId),

  'BookingInvoice/BookingSettle': async (input, ctx) => {
    await readInvoice(ctx, input.invoiceId);
    const { bookingsPaid } = await settleInvoice(ctx, input.invoiceId);
    const data = {
      ...(await paymentStatus(ctx, input.invoiceId)),
      bookingIds: await invoiceBookingIds(ctx, input.invoiceId),
      bookingsPaid,
    };
    return {
      data,
      message:
        data.status === 'paid'
          ? `Invoice ${data.invoiceNo} is paid; ${bookingsPaid} job${bookingsPaid === 1 ? '' : 's'} marked paid now.`
          : `Invoice ${data.invoiceNo ?? data.invoiceId} is ${data.status.replace('_', ' ')}: ${money(data.leftToPayMinor, data.currency)} left to pay.`,
    };
  },

  'CreditNote/CreateCreditNote': async (input, ctx) => ({
    data: await createCreditNote(ctx, input),
    message: 'The credit note is saved as a draft.',
  }),
  'CreditNote/UpdateCreditNote': async (input, ctx) => {
    const data = await updateCreditNote(ctx, input);
    return { data, message: input.issue ? `Credit note ${data.creditNo} is issued.` : 'The credit note is saved.' };
  },
  'CreditNote/DeleteCreditCard': async (input, ctx) => ({
    data: await deleteCreditNote(ctx, input.id),
    message: 'The draft credit note is deleted.',
  }),
  'CreditNote/GetTableSummaryCreditNote': (input, ctx) => listCreditNotes(ctx, input),
  'CreditNote/AllCreditNotes': (input, ctx) => creditNotesOf(ctx, input),

  'Client/InvoiceDeAmount': (input, ctx) => clientDue(ctx, input),
  'Client/ClientPayment': async (input, ctx) => {
    const data = await recordInvoicePayment(
      ctx,
      input,
      input.method === 'card'
        ? async (client) =>
            chargeCardOnFile(ctx, client.id, input.amount, (await companyFacts(ctx)).currency, input.cardId)
        : undefined,
    );
    return {
      data,
      message: data.creditMinor
        ? `The payment is recorded; ${money(data.creditMinor, data.currency)} stays as client credit.`
        : 'The payment is recorded.',
    };
  },
  'Client/AddInvoicePaymentTransaction': async (input, ctx) => ({
    data: await allocateCredit(ctx, input),
    message: 'The credit is applied to the invoice.',
  }),
  'Client/GetInvoiceData': (input, ctx) => invoiceData(ctx, input.invoiceId),
  'Client/AllPaymentsInvoice': async (input, ctx) => {
    await readInvoice(ctx, input.invoiceId);
    const where = sql`a.invoice_id = ${input.invoiceId}`;
    return listPage(input, {
      rows: (limit, offset) => allocationRows(ctx, where, sql`a.id`, limit, offset),
      count: () => countAllocations(ctx, where),
    });
  },
  'Client/InvoiceTransactions': async (input, ctx) => {
    await clientOf(ctx, input.clientID);
    const where = await clientAllocationWhere(ctx, input);
    return listPage(input, {
      rows: (limit, offset) => allocationRows(ctx, where, sql`a.created_at desc, a.id desc`, limit, offset),
      count: () => countAllocations(ctx, where),
    });
  },

  'PaymentTransaction/InvoiceClientSecret': async (input, ctx) => ({
    data: await startInvoiceCardPayment(ctx, input),
    message: 'The card payment is started: confirm it with the card.',
  }),
  'PaymentTransaction/InvoiceCheckoutPaymentTransaction': async (input, ctx) => {
    const data = await checkoutInvoice(ctx, input);
    return {
      data,
      message:
        data.status === 'succeeded'
          ? `${money(data.amountMinor, data.currency)} was paid by card.`
          : data.status === 'requires_action'
            ? 'The card asks the client to confirm the payment: send a payment link.'
            : `The payment is ${data.status}.`,
    };
  },

  'Booking/SendEmailPaymentLinkInvoice': async (input, ctx) => {
    const { link, url } = await sendInvoicePaymentLink(ctx, input);
    return {
      data: {
        id: link.id,
        invoiceId: input.invoiceId,
        email: link.email,
        amount: link.amountMinor,
        currency: link.currency,
        expiresAt: link.expiresAt.toISOString(),
        url,
      },
      message: `A payment link was sent to ${link.email}.`,
    };
  },
  'Booking/GetInvoiceEmailAddresses': (input, ctx) => invoiceAddresses(ctx, input),
});
