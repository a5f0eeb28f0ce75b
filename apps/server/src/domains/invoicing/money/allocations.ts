import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { conflict, fieldError, notFound } from '../../../platform/http/errors';
import { recordAudit } from '../../audit/record';
import { clients } from '../../clients/schema';
import { companyFacts } from '../../company/facts';
import { recordClientPayment } from '../../payments/manual-payments';
import { paymentTransactions } from '../../payments/schema';
import { dayRange, joinAnd } from '../../payments/finance-filters';
import { creditNotes, invoiceAllocations } from '../schema';
import {
  type Ctx,
  type Invoice,
  ensureIssued,
  invoiceName,
  leftToPay,
  lockInvoice,
  money,
  settleInvoice,
} from './invoice-money';

/*
 * Payments and credit applied to invoices (docs/invoicing.md#payments): an `invoice_allocations` row
 * per part of a payment (a `payment_transactions` row) or of a client-credit credit note applied to an
 * invoice. What a payment or such a note leaves unapplied is the client's credit.
 */

export type AllocationRow = z.output<typeof schemas.invoiceAllocationRow>;
export type CreditSource = z.output<typeof schemas.creditSourceRow>;

/** Kinds of payment step that bring a client's money in (a card charge, a payment recorded by hand). */
export const moneyInKinds = ['manualPayment', 'charge', 'capture', 'cashCollection'] as const;
const moneyIn = sql.raw(moneyInKinds.map((k) => `'${k}'`).join(', '));

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

interface AllocationRaw extends Record<string, unknown> {
  id: number;
  invoice_id: number;
  invoice_no: string | null;
  client_id: number;
  payment_transaction_id: number | null;
  credit_note_id: number | null;
  credit_no: string | null;
  method: string;
  reference: string | null;
  amount_minor: string | number;
  currency: string;
  paid_at: Date | string;
  created_at: Date | string;
}

const toAllocationRow = (r: AllocationRaw): AllocationRow => ({
  id: r.id,
  invoiceId: r.invoice_id,
  invoiceNo: r.invoice_no,
  clientId: r.client_id,
  source: r.payment_transaction_id ? 'payment' : 'creditNote',
  paymentTransactionId: r.payment_transaction_id,
  creditNoteId: r.credit_note_id,
  creditNo: r.credit_no,
  method: r.method,
  reference: r.reference,
  amountMinor: Number(r.amount_minor),
  currency: r.currency,
  paidAt: iso(r.paid_at),
  createdAt: iso(r.created_at),
});

const allocationFrom = sql`invoice_allocations a
  join invoices i on i.company_id = a.company_id and i.id = a.invoice_id
  left join payment_transactions pt on pt.company_id = a.company_id and pt.id = a.payment_transaction_id
  left join credit_notes cn on cn.company_id = a.company_id and cn.id = a.credit_note_id`;

/** Allocation rows matching a filter, in the order given. */
export async function allocationRows(
  ctx: Ctx,
  where: SQL,
  order: SQL = sql`a.id`,
  limit = 500,
  offset = 0,
): Promise<AllocationRow[]> {
  const res = await ctx.db.execute<AllocationRaw>(sql`
    select a.id, a.invoice_id, i.invoice_no, i.client_id, a.payment_transaction_id, a.credit_note_id, cn.credit_no,
      coalesce(pt.method, 'credit') as method, coalesce(pt.reference, cn.credit_no) as reference, a.amount_minor,
      i.currency, coalesce(pt.created_at, cn.issued_at, a.created_at) as paid_at, a.created_at
    from ${allocationFrom}
    where a.company_id = ${ctx.session.companyId} and ${where}
    order by ${order}
    limit ${limit} offset ${offset}`);
  return res.rows.map(toAllocationRow);
}

export async function countAllocations(ctx: Ctx, where: SQL): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${allocationFrom} where a.company_id = ${ctx.session.companyId} and ${where}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** The filter of a client's invoice payments list (company days of the allocation). */
export async function clientAllocationWhere(
  ctx: Ctx,
  input: { clientID: number; fromDate?: string | undefined; toDate?: string | undefined; q: string },
): Promise<SQL> {
  const { timezone } = await companyFacts(ctx);
  const parts: SQL[] = [sql`i.client_id = ${input.clientID}`, ...dayRange(sql`a.created_at`, input, timezone)];
  const q = input.q.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(i.invoice_no ilike ${like} or pt.reference ilike ${like} or cn.credit_no ilike ${like})`);
  }
  return joinAnd(parts);
}

/**
 * The client's money not applied to an invoice yet: each payment's rest (payments on account, invoice
 * payments, card charges without a booking) and each issued client-credit note's rest; oldest first.
 */
export async function creditSources(ctx: Ctx, clientId: number): Promise<CreditSource[]> {
  const { companyId } = ctx.session;
  const res = await ctx.db.execute<{
    source: 'payment' | 'creditNote';
    payment_transaction_id: number | null;
    credit_note_id: number | null;
    label: string;
    rest: string | number;
    at: Date | string;
  }>(sql`
    select 'payment' as source, pt.id as payment_transaction_id, null::int as credit_note_id,
      concat_ws(' ', replace(pt.method, '_', ' '), pt.reference) as label,
      pt.amount_minor - coalesce((select sum(a.amount_minor) from invoice_allocations a
        where a.company_id = pt.company_id and a.payment_transaction_id = pt.id), 0) as rest,
      pt.created_at as at
    from payment_transactions pt
    where pt.company_id = ${companyId} and pt.client_id = ${clientId} and pt.booking_id is null
      and pt.kind in (${moneyIn}) and pt.amount_minor > 0
    union all
    select 'creditNote', null, cn.id, concat('credit note ', cn.credit_no),
      cn.gross_minor - coalesce((select sum(a.amount_minor) from invoice_allocations a
        where a.company_id = cn.company_id and a.credit_note_id = cn.id), 0),
      cn.issued_at
    from credit_notes cn
    where cn.company_id = ${companyId} and cn.client_id = ${clientId} and cn.status = 'issued'
      and cn.settlement = 'clientCredit'
    order by at, payment_transaction_id, credit_note_id`);
  return res.rows
    .map((r) => ({
      source: r.source,
      paymentTransactionId: r.payment_transaction_id,
      creditNoteId: r.credit_note_id,
      label: r.label,
      restMinor: Number(r.rest),
      date: iso(r.at),
    }))
    .filter((r) => r.restMinor > 0);
}

/**
 * Applies an amount of a payment or a client-credit note to an invoice: the invoice must be issued,
 * not cancelled, of the source's client, and the amount at most what is left on it (409 in words).
 */
export async function allocate(
  ctx: Ctx,
  inv: Invoice,
  source: { paymentTransactionId: number } | { creditNoteId: number },
  amount: number,
  field = 'amountMinor',
): Promise<number> {
  ensureIssued(inv, 'payments are applied to it');
  if (inv.status === 'cancelled') {
    throw conflict(`Invoice ${invoiceName(inv)} is cancelled (credited in full): nothing is left to pay.`, {
      currentStatus: inv.status,
    });
  }
  const left = leftToPay(inv);
  if (amount > left) {
    throw conflict(
      left > 0
        ? `${money(amount, inv.currency)} is more than is left to pay on invoice ${invoiceName(inv)} (${money(left, inv.currency)}).`
        : `Invoice ${invoiceName(inv)} is paid already: nothing is left to pay.`,
      { field, leftToPayMinor: left, requestedMinor: amount, currentStatus: inv.status },
    );
  }
  const [row] = await ctx.db
    .insert(invoiceAllocations)
    .values({
      companyId: ctx.session.companyId,
      invoiceId: inv.id,
      paymentTransactionId: 'paymentTransactionId' in source ? source.paymentTransactionId : null,
      creditNoteId: 'creditNoteId' in source ? source.creditNoteId : null,
      amountMinor: amount,
      createdBy: ctx.session.userId || null,
    })
    .returning({ id: invoiceAllocations.id });
  await recordAudit(ctx, {
    entityType: 'invoice',
    entityId: inv.id,
    action: 'invoice.payment',
    changes: {
      paid: { before: money(inv.paidMinor, inv.currency), after: money(inv.paidMinor + amount, inv.currency) },
    },
  });
  await settleInvoice(ctx, inv.id);
  return row!.id;
}

type ClientPaymentInput = z.output<typeof schemas.clientInvoicePaymentInput>;

/** The client of the company, or 404. */
export async function clientOf(ctx: Ctx, clientId: number) {
  const [client] = await ctx.db
    .select({ id: clients.id, name: clients.name, email: clients.email })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, clientId)));
  if (!client) throw notFound(`Client ${clientId}`);
  return client;
}

/** Checks a payment's allocations before any money moves: their sum and no invoice twice (400s). */
export function checkAllocations(amount: number, allocations: ClientPaymentInput['allocations'], currency: string) {
  const seen = new Set<number>();
  allocations.forEach((a, i) => {
    if (seen.has(a.invoiceId)) {
      throw fieldError(
        `allocations.${i}.invoiceId`,
        'duplicate',
        `Invoice ${a.invoiceId} is allocated twice: give it once`,
      );
    }
    seen.add(a.invoiceId);
  });
  const total = allocations.reduce((s, a) => s + a.amountMinor, 0);
  if (total > amount) {
    throw fieldError(
      'allocations',
      'max',
      `Allocations add up to ${money(total, currency)}, more than the payment of ${money(amount, currency)}`,
    );
  }
  return total;
}

/** Locks the invoices of a payment's allocations in id order (two payments never wait in a circle). */
export async function lockAllocated(ctx: Ctx, clientId: number, allocations: ClientPaymentInput['allocations']) {
  const locked = new Map<number, Invoice>();
  const ids = [...new Set(allocations.map((a) => a.invoiceId))].sort((a, b) => a - b);
  for (const id of ids) locked.set(id, await lockInvoice(ctx, id));
  allocations.forEach((a, i) => {
    const inv = locked.get(a.invoiceId)!;
    if (inv.clientId !== clientId) {
      throw fieldError(
        `allocations.${i}.invoiceId`,
        'client',
        `Invoice ${invoiceName(inv)} is another client's: a payment is applied to its own client's invoices`,
      );
    }
    ensureIssued(inv, 'payments are applied to it');
  });
  return locked;
}

/**
 * A client's payment recorded by hand (bank transfer, cheque, cash) and applied to its invoices. The
 * payment itself is the payments domain's payment on account (Dr bank, Cr clientReceivable); what is
 * not allocated stays the client's credit.
 */
export async function recordInvoicePayment(
  ctx: Ctx,
  input: ClientPaymentInput,
  /** Takes the money (a card charge) and answers its payment step; by hand when left out. */
  pay?: (client: { id: number; name: string }) => Promise<number>,
) {
  const client = await clientOf(ctx, input.clientID);
  const { currency } = await companyFacts(ctx);
  checkAllocations(input.amount, input.allocations, currency);
  const locked = await lockAllocated(ctx, client.id, input.allocations);
  // Every allocation is checked before money moves: a card is never charged for a payment refused.
  input.allocations.forEach((a, i) => {
    const inv = locked.get(a.invoiceId)!;
    if (inv.status === 'cancelled' || a.amountMinor > leftToPay(inv)) {
      throw conflict(
        `Allocation ${i + 1}: ${money(a.amountMinor, currency)} is more than is left to pay on invoice ${invoiceName(inv)} (${money(leftToPay(inv), currency)}).`,
        { field: `allocations.${i}.amountMinor`, leftToPayMinor: leftToPay(inv), requestedMinor: a.amountMinor },
      );
    }
  });
  let txId: number;
  if (pay) txId = await pay(client);
  else if (input.method === 'card') {
    throw fieldError('method', 'card', 'A card payment is taken from the card: use the card on file');
  } else {
    txId = await recordClientPayment(ctx, {
      clientID: client.id,
      amount: input.amount,
      method: input.method,
      reference: input.reference,
      date: input.receivedOn,
      note: input.note,
    });
  }
  const made: number[] = [];
  for (const [i, a] of input.allocations.entries()) {
    const inv = await lockInvoice(ctx, a.invoiceId);
    made.push(await allocate(ctx, inv, { paymentTransactionId: txId }, a.amountMinor, `allocations.${i}.amountMinor`));
  }
  const allocations = made.length ? await allocationRows(ctx, sql`a.id in ${made}`) : [];
  const allocated = allocations.reduce((s, a) => s + a.amountMinor, 0);
  return {
    paymentTransactionId: txId,
    clientId: client.id,
    method: input.method,
    amountMinor: input.amount,
    allocatedMinor: allocated,
    creditMinor: input.amount - allocated,
    currency,
    allocations,
  };
}

/** Applies existing client credit (a payment's rest or a client-credit note's rest) to an invoice. */
export async function allocateCredit(ctx: Ctx, input: z.output<typeof schemas.creditAllocationInput>) {
  if (!input.paymentTransactionId === !input.creditNoteId) {
    throw fieldError(
      'paymentTransactionId',
      'one',
      'Give either the payment or the credit note whose credit is applied',
    );
  }
  const inv = await lockInvoice(ctx, input.invoiceId);
  ensureIssued(inv, 'credit is applied to it');
  let rest: number;
  let source: { paymentTransactionId: number } | { creditNoteId: number };
  if (input.paymentTransactionId) {
    const [pt] = await ctx.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.companyId, ctx.session.companyId),
          eq(paymentTransactions.id, input.paymentTransactionId),
        ),
      )
      .for('update');
    if (!pt) throw notFound(`Payment ${input.paymentTransactionId}`);
    if (
      pt.clientId !== inv.clientId ||
      pt.bookingId !== null ||
      !(moneyInKinds as readonly string[]).includes(pt.kind) ||
      pt.amountMinor <= 0
    ) {
      throw fieldError('paymentTransactionId', 'client', `Payment ${pt.id} is not a payment of this invoice's client`);
    }
    rest = pt.amountMinor - (await allocatedOf(ctx, sql`payment_transaction_id = ${pt.id}`));
    source = { paymentTransactionId: pt.id };
  } else {
    const [cn] = await ctx.db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.companyId, ctx.session.companyId), eq(creditNotes.id, input.creditNoteId!)))
      .for('update');
    if (!cn) throw notFound(`Credit note ${input.creditNoteId}`);
    if (cn.clientId !== inv.clientId) {
      throw fieldError('creditNoteId', 'client', `Credit note ${cn.creditNo ?? cn.id} is another client's`);
    }
    if (cn.status !== 'issued' || cn.settlement !== 'clientCredit') {
      throw conflict(`Credit note ${cn.creditNo ?? cn.id} is not issued client credit: it cannot pay an invoice.`, {
        currentStatus: cn.status,
      });
    }
    rest = cn.grossMinor - (await allocatedOf(ctx, sql`credit_note_id = ${cn.id}`));
    source = { creditNoteId: cn.id };
  }
  if (rest <= 0) throw conflict('This credit is used up: nothing of it is left to apply.', { restMinor: 0 });
  const amount = input.amountMinor ?? Math.min(rest, leftToPay(inv));
  if (amount > rest) {
    throw conflict(
      `${money(amount, inv.currency)} is more than is left of this credit (${money(rest, inv.currency)}).`,
      {
        field: 'amountMinor',
        restMinor: rest,
        requestedMinor: amount,
      },
    );
  }
  if (amount <= 0) throw conflict(`Invoice ${invoiceName(inv)} is paid already: nothing is left to pay.`);
  const id = await allocate(ctx, inv, source, amount);
  return (await allocationRows(ctx, sql`a.id = ${id}`))[0]!;
}

async function allocatedOf(ctx: Ctx, where: SQL): Promise<number> {
  const res = await ctx.db.execute<{ s: string }>(
    sql`select coalesce(sum(amount_minor), 0) as s from invoice_allocations where company_id = ${ctx.session.companyId} and ${where}`,
  );
  return Number(res.rows[0]?.s ?? 0);
}

/** What of a payment step is not applied to an invoice yet. */
export async function paymentRest(ctx: Ctx, paymentTransactionId: number, amount: number): Promise<number> {
  return amount - (await allocatedOf(ctx, sql`payment_transaction_id = ${paymentTransactionId}`));
}
