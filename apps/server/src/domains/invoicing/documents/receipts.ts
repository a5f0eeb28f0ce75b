import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PaymentTransactionKind } from '@cabdesk/contract';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { conflict, fieldError, notFound } from '../../../platform/http/errors';
import { bookings, bookingStops } from '../../bookings/schema';
import { clients } from '../../clients/schema';
import { queueOutbox } from '../../notifications/outbox';
import { passengers } from '../../passengers/schema';
import { paymentTransactions } from '../../payments/schema';
import { invoiceAllocations, invoices } from '../schema';
import { documentLook, type DocumentLook, type Party } from './model';
import {
  coloursOf,
  type Column,
  CONTENT_WIDTH,
  footers,
  MUTED,
  newPdf,
  PAGE,
  pageTop,
  pdfBytes,
  put,
  tableHead,
  tableRow,
  documentHead,
} from './pdf-kit';
import { fileAnswer, PDF, storeDocument } from './store';
import { uniqueAddresses } from './email';
import { dayText, money, plainMoney } from './words';

type Ctx = CallContext<Session>;

/** Which payments a receipt is for: card, cash, or whatever paid (the booking's own kinds of step). */
export type ReceiptKind = 'card' | 'cash' | 'any';

const KINDS: Record<ReceiptKind, PaymentTransactionKind[]> = {
  card: ['capture', 'charge', 'refund'],
  cash: ['cashCollection'],
  any: ['capture', 'charge', 'refund', 'cashCollection', 'manualPayment'],
};

const METHOD_WORDS: Record<string, string> = {
  capture: 'Card',
  charge: 'Card',
  refund: 'Card refund',
  cashCollection: 'Cash',
};

interface Payment {
  at: Date;
  what: string;
  reference: string;
  amountMinor: number;
}

export interface ReceiptModel {
  title: string;
  receiptNo: string;
  issuedBy: Party;
  paidBy: Party;
  facts: [string, string][];
  payments: Payment[];
  currency: string;
  totalMinor: number;
  note: string;
  look: DocumentLook & { party: Party };
}

/** Calendar day of an instant on the company's clock. */
const dayOf = (at: Date, timezone: string) => at.toLocaleDateString('en-CA', { timeZone: timezone });

export async function renderReceipt(m: ReceiptModel): Promise<Buffer> {
  const doc = newPdf(m.title, m.look, m.payments.at(-1)?.at ?? null);
  const c = coloursOf(m.look);
  const { locale, dateFormat, timezone } = m.look;
  doc.addPage();
  pageTop(doc, m.look, c);
  let y =
    documentHead(doc, m.look, c, {
      title: 'RECEIPT',
      number: m.receiptNo,
      from: { caption: 'From', party: m.issuedBy },
      to: { caption: 'Received from', party: m.paidBy },
      facts: m.facts,
    }) + 18;
  const columns: Column<Payment>[] = [
    { title: 'Date', width: 80, cell: (p) => dayText(dayOf(p.at, timezone), dateFormat) },
    { title: 'Paid by', width: 120, cell: (p) => p.what },
    { title: 'Reference', width: 215, cell: (p) => p.reference, wrap: true },
    {
      title: `Amount (${m.currency})`,
      width: CONTENT_WIDTH - 415,
      align: 'right',
      cell: (p) => plainMoney(p.amountMinor, m.currency, locale),
    },
  ];
  y += tableHead(doc, columns, y, c);
  m.payments.slice(0, 30).forEach((p, i) => {
    y += tableRow(doc, columns, p, y, i % 2 === 1);
  });
  y += 10;
  const tx = PAGE.margin + 315;
  const tw = CONTENT_WIDTH - 315;
  doc.rect(tx - 6, y, tw + 6, 20).fill(c.filled);
  put(doc, 'Total paid', tx, y + 5.5, { size: 10.5, bold: true, colour: c.onFilled, width: tw / 2, height: 13 });
  put(doc, money(m.totalMinor, m.currency, locale), tx + tw / 2, y + 5.5, {
    size: 10.5,
    bold: true,
    colour: c.onFilled,
    width: tw / 2 - 6,
    align: 'right',
    height: 13,
  });
  put(doc, m.note, PAGE.margin, y + 32, { size: 8.5, colour: MUTED, width: CONTENT_WIDTH, height: 24 });
  footers(doc, m.look, m.issuedBy.name);
  return pdfBytes(doc);
}

const nothingPaid: Record<ReceiptKind, string> = {
  card: 'nothing was taken by card',
  cash: 'no cash was collected',
  any: 'nothing was paid',
};

/** A booking's receipt: its payments of the kind asked, the route, the passenger; 409 when none. */
async function bookingReceipt(ctx: Ctx, bookingId: number, kind: ReceiptKind) {
  const companyId = ctx.session.companyId;
  const [b] = await ctx.db
    .select({
      id: bookings.id,
      pickupAt: bookings.pickupAt,
      currency: bookings.currency,
      paymentStatus: bookings.paymentStatus,
      passengerName: sql<
        string | null
      >`(select p.first_name || ' ' || p.surname from ${passengers} p where p.company_id = ${bookings.companyId} and p.id = ${bookings.passengerId})`,
      passengerEmail: sql<
        string | null
      >`(select p.email from ${passengers} p where p.company_id = ${bookings.companyId} and p.id = ${bookings.passengerId})`,
      clientName: clients.name,
      clientEmail: clients.email,
      clientAddress: clients.address,
      clientVat: clients.vatNumber,
    })
    .from(bookings)
    .leftJoin(clients, and(eq(clients.companyId, bookings.companyId), eq(clients.id, bookings.clientId)))
    .where(and(eq(bookings.companyId, companyId), eq(bookings.id, bookingId)));
  if (!b) throw notFound(`Booking ${bookingId}`);
  const steps = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.companyId, companyId),
        eq(paymentTransactions.bookingId, bookingId),
        inArray(paymentTransactions.kind, KINDS[kind]),
      ),
    )
    .orderBy(asc(paymentTransactions.createdAt), asc(paymentTransactions.id));
  const total = steps.reduce((s, t) => s + t.amountMinor, 0);
  if (total <= 0) {
    throw conflict(
      `Booking ${bookingId} has no receipt to give: ${nothingPaid[kind]} (payment status ${b.paymentStatus}).`,
      {
        currentStatus: b.paymentStatus,
      },
    );
  }
  const stops = await ctx.db
    .select({ kind: bookingStops.kind, address: bookingStops.address })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, companyId), eq(bookingStops.bookingId, bookingId)))
    .orderBy(asc(bookingStops.seq));
  const look = await documentLook(ctx);
  const route = [stops[0]?.address, stops.at(-1)?.address].filter(Boolean).join(' – ');
  const paidBy: Party = b.clientName
    ? { name: b.clientName, address: b.clientAddress, vatNumber: b.clientVat }
    : { name: b.passengerName ?? 'Passenger', address: null, vatNumber: null };
  const model: ReceiptModel = {
    title: `Receipt for booking ${bookingId}`,
    receiptNo: `Booking ${bookingId}`,
    issuedBy: look.party,
    paidBy,
    facts: [
      ['Booking No', String(bookingId)],
      ['Journey', dayText(dayOf(b.pickupAt, look.timezone), look.dateFormat)],
      ...(b.passengerName ? ([['Passenger', b.passengerName]] as [string, string][]) : []),
    ],
    payments: steps.map((t) => ({
      at: t.createdAt,
      what: METHOD_WORDS[t.kind] ?? t.method,
      reference: [t.reference, route].filter(Boolean).join(' · '),
      amountMinor: t.amountMinor,
    })),
    currency: b.currency,
    totalMinor: total,
    note: 'Thank you. This receipt confirms the payments above; it is not a VAT invoice.',
    look,
  };
  return { booking: b, model, fileName: `Receipt-booking-${bookingId}.pdf`, total };
}

/** The PDF of a booking's receipt, made now (not stored). */
export async function bookingReceiptPdf(ctx: Ctx, bookingId: number, kind: ReceiptKind) {
  const r = await bookingReceipt(ctx, bookingId, kind);
  return fileAnswer({ fileName: r.fileName, contentType: PDF, bytes: await renderReceipt(r.model) }, null);
}

async function mailReceipt(
  ctx: Ctx,
  owner: { bookingId: number } | { invoiceId: number },
  kind: string,
  r: {
    fileName: string;
    bytes: Buffer;
    to: string[];
    subject: string;
    body: string;
    bookingId: number | null;
    facts?: Record<string, string>;
  },
) {
  const stored = await storeDocument(ctx, owner, kind, { fileName: r.fileName, contentType: PDF, bytes: r.bytes });
  const messages = await queueOutbox(
    ctx,
    r.to.map((recipient) => ({
      channel: 'email' as const,
      recipient,
      subject: r.subject,
      body: r.body,
      event: 'receipt',
      bookingId: r.bookingId,
      ...(r.facts ? { facts: r.facts } : {}),
      attachments: [{ fileKey: stored.fileKey, fileName: stored.fileName, contentType: PDF }],
    })),
  );
  return { stored, messages };
}

/** E-mails a booking's receipt with its PDF (stored, kind receiptPdf) to the address given or the payer's. */
export async function sendBookingReceipt(ctx: Ctx, input: { bookingId: number; email?: string }, kind: ReceiptKind) {
  const r = await bookingReceipt(ctx, input.bookingId, kind);
  const to = uniqueAddresses([input.email ?? r.booking.passengerEmail ?? r.booking.clientEmail]);
  if (to.length === 0)
    throw fieldError('email', 'is required', 'The booking has no e-mail address to send the receipt to: give one.');
  const bytes = await renderReceipt(r.model);
  const amount = money(r.total, r.booking.currency, r.model.look.locale);
  const { stored, messages } = await mailReceipt(ctx, { bookingId: input.bookingId }, 'receiptPdf', {
    fileName: r.fileName,
    bytes,
    to,
    subject: `Your receipt for booking ${input.bookingId} from ${r.model.look.name}`,
    body: `Thank you for your payment of ${amount} for booking ${input.bookingId}.\n\nYour receipt is attached.\n\nKind regards,\n${r.model.look.name}`,
    bookingId: input.bookingId,
    facts: { bookingId: String(input.bookingId), amount, companyName: r.model.look.name },
  });
  return {
    data: {
      bookingId: input.bookingId,
      invoiceId: null,
      paymentTransactionId: null,
      amountMinor: r.total,
      currency: r.booking.currency,
      fileName: stored.fileName,
      sha256: stored.sha256,
      queued: messages.length,
      messages,
    },
    message: `The receipt is on its way to ${to.join(', ')}.`,
  };
}

/**
 * E-mails the receipt of one payment against an invoice: `card` a card payment, `cash` one recorded
 * by hand (cash, bank transfer, cheque). The payment given must be allocated to the invoice; without
 * one, the invoice's latest payment of that kind. Stored once per payment (kind receiptPdf:tx<id>).
 */
export async function sendInvoiceReceipt(
  ctx: Ctx,
  input: { invoiceId: number; paymentTransactionId?: number; email?: string },
  kind: 'card' | 'cash',
) {
  const companyId = ctx.session.companyId;
  const [invoice] = await ctx.db
    .select({ invoice: invoices, clientEmail: clients.email, clientName: clients.name })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.companyId, invoices.companyId), eq(clients.id, invoices.clientId)))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, input.invoiceId)));
  if (!invoice) throw notFound(`Invoice ${input.invoiceId}`);
  const [payment] = await ctx.db
    .select({ tx: paymentTransactions, allocated: invoiceAllocations.amountMinor })
    .from(invoiceAllocations)
    .innerJoin(
      paymentTransactions,
      and(
        eq(paymentTransactions.companyId, invoiceAllocations.companyId),
        eq(paymentTransactions.id, invoiceAllocations.paymentTransactionId),
      ),
    )
    .where(
      and(
        eq(invoiceAllocations.companyId, companyId),
        eq(invoiceAllocations.invoiceId, input.invoiceId),
        isNotNull(invoiceAllocations.paymentTransactionId),
        input.paymentTransactionId ? eq(paymentTransactions.id, input.paymentTransactionId) : undefined,
      ),
    )
    .orderBy(desc(invoiceAllocations.createdAt), desc(invoiceAllocations.id))
    .limit(1);
  if (input.paymentTransactionId && !payment) {
    throw notFound(`Payment ${input.paymentTransactionId} on invoice ${input.invoiceId}`);
  }
  const paidByCard = payment ? payment.tx.method === 'card' || payment.tx.cardPaymentId !== null : false;
  if (!payment || paidByCard !== (kind === 'card')) {
    throw conflict(
      payment
        ? `Payment ${payment.tx.id} was ${paidByCard ? 'by card' : `by ${payment.tx.method}`}: use the ${paidByCard ? 'card' : 'cash'} receipt.`
        : `Invoice ${invoice.invoice.invoiceNo ?? input.invoiceId} has no ${kind === 'card' ? 'card payment' : 'payment by hand'} to give a receipt for.`,
      { currentStatus: invoice.invoice.status },
    );
  }
  const inv = invoice.invoice;
  const to = input.email ? [input.email] : uniqueAddresses([inv.issuedTo?.email, invoice.clientEmail]);
  if (to.length === 0) throw fieldError('email', 'is required', 'The client has no e-mail address: give one.');
  const look = await documentLook(ctx);
  const left = inv.grossMinor - inv.paidMinor - inv.creditedMinor;
  const model: ReceiptModel = {
    title: `Receipt for invoice ${inv.invoiceNo ?? inv.id}`,
    receiptNo: `Payment ${payment.tx.id}`,
    issuedBy: inv.issuedBy ?? look.party,
    paidBy: inv.issuedTo ?? { name: invoice.clientName, address: null, vatNumber: null },
    facts: [
      ['Invoice No', inv.invoiceNo ?? '-'],
      ['Invoice total', money(inv.grossMinor, inv.currency, look.locale)],
      ['Paid so far', money(inv.paidMinor, inv.currency, look.locale)],
      ['Left to pay', money(left, inv.currency, look.locale)],
    ],
    payments: [
      {
        at: payment.tx.createdAt,
        what: kind === 'card' ? 'Card' : payment.tx.method,
        reference: payment.tx.reference ?? `Invoice ${inv.invoiceNo ?? inv.id}`,
        amountMinor: payment.allocated,
      },
    ],
    currency: inv.currency,
    totalMinor: payment.allocated,
    note: `Thank you. This receipt confirms the payment above towards invoice ${inv.invoiceNo ?? inv.id}.`,
    look,
  };
  const bytes = await renderReceipt(model);
  const amount = money(payment.allocated, inv.currency, look.locale);
  const { stored, messages } = await mailReceipt(ctx, { invoiceId: inv.id }, `receiptPdf:tx${payment.tx.id}`, {
    fileName: `Receipt-${inv.invoiceNo ?? inv.id}-payment-${payment.tx.id}.pdf`.replace(/[^\w.-]+/g, '-'),
    bytes,
    to,
    subject: `Your receipt for invoice ${inv.invoiceNo ?? inv.id} from ${look.name}`,
    body: `Thank you for your payment of ${amount} towards invoice ${inv.invoiceNo ?? inv.id}.\n\nYour receipt is attached.\n\nKind regards,\n${look.name}`,
    bookingId: null,
  });
  return {
    data: {
      bookingId: null,
      invoiceId: inv.id,
      paymentTransactionId: payment.tx.id,
      amountMinor: payment.allocated,
      currency: inv.currency,
      fileName: stored.fileName,
      sha256: stored.sha256,
      queued: messages.length,
      messages,
    },
    message: `The receipt is on its way to ${to.join(', ')}.`,
  };
}
