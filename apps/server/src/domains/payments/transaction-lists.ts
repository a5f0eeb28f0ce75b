import { sql, type SQL } from 'drizzle-orm';
import { paymentTransactionKindLabels, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { countRows, listPage } from '../../platform/http/list';
import { notFound } from '../../platform/http/errors';
import { companyFacts } from '../company/facts';
import { balanceOf } from '../ledger/post';
import { cardLabel, dayRange, joinAnd, minor, orderBy, type Ctx } from './finance-filters';

type TransactionInput = z.output<typeof schemas.transactionListInput>;
type TransactionRow = z.output<typeof schemas.transactionListRow>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function transactionWhere(ctx: Ctx, input: TransactionInput, tz: string): SQL {
  const parts: SQL[] = [sql`t.company_id = ${ctx.session.companyId}`, ...dayRange(sql`t.created_at`, input, tz)];
  if (input.kind) parts.push(sql`t.kind = ${input.kind}`);
  if (input.paymentMethodID) parts.push(sql`t.method = ${input.paymentMethodID}`);
  if (input.bookingId) parts.push(sql`t.booking_id = ${input.bookingId}`);
  if (input.clientID) parts.push(sql`t.client_id = ${input.clientID}`);
  if (input.passengerID) parts.push(sql`t.passenger_id = ${input.passengerID}`);
  if (input.driverID) parts.push(sql`t.driver_id = ${input.driverID}`);
  const q = input.q.trim();
  if (q) {
    const byNumber = /^#?\d{1,9}$/.test(q) ? sql`t.booking_id = ${Number(q.replace('#', ''))} or ` : sql``;
    parts.push(sql`(${byNumber}t.reference ilike ${like(q)} or t.provider_ref ilike ${like(q)})`);
  }
  return joinAnd(parts);
}

interface TransactionRaw extends Record<string, unknown> {
  id: number;
  booking_id: number | null;
  client_id: number | null;
  client_name: string | null;
  passenger_id: number | null;
  passenger_name: string | null;
  driver_id: number | null;
  driver_name: string | null;
  card_payment_id: number | null;
  kind: TransactionRow['kind'];
  method: string;
  amount_minor: string | number;
  currency: string;
  reference: string | null;
  reason: string | null;
  provider_ref: string | null;
  journal_entry_id: number | null;
  created_at: Date | string;
}

const toRow = (r: TransactionRaw): TransactionRow => ({
  id: r.id,
  bookingId: r.booking_id,
  clientId: r.client_id,
  clientName: r.client_name,
  passengerId: r.passenger_id,
  passengerName: r.passenger_name,
  driverId: r.driver_id,
  driverName: r.driver_name,
  cardPaymentId: r.card_payment_id,
  kind: r.kind,
  kindName: paymentTransactionKindLabels[r.kind],
  method: r.method,
  amount: minor(r.amount_minor),
  currency: r.currency,
  reference: r.reference,
  reason: r.reason,
  providerRef: r.provider_ref,
  journalEntryId: r.journal_entry_id,
  createdAt: iso(r.created_at),
});

const transactionColumns = sql`t.id, t.booking_id, t.client_id, t.passenger_id, t.driver_id, t.card_payment_id, t.kind,
  t.method, t.amount_minor, t.currency, t.reference, t.reason, t.provider_ref, t.journal_entry_id, t.created_at,
  (select c.name from clients c where c.id = t.client_id) as client_name,
  (select nullif(trim(concat_ws(' ', p.first_name, p.surname)), '') from passengers p where p.id = t.passenger_id) as passenger_name,
  (select nullif(trim(concat_ws(' ', d.first_name, d.last_name)), '') from drivers d where d.id = t.driver_id) as driver_name`;

/** Reads payment steps by a where clause, newest first unless asked otherwise. */
function transactionRows(ctx: Ctx, where: SQL, order: SQL, limit: number, offset: number) {
  return ctx.db
    .execute<TransactionRaw>(
      sql`select ${transactionColumns} from payment_transactions t where ${where} order by ${order} limit ${limit} offset ${offset}`,
    )
    .then((r) => r.rows.map(toRow));
}

/** One step by its id, as the lists show it (the answer of a call that makes one). */
export async function transactionById(ctx: Ctx, id: number): Promise<TransactionRow> {
  const [row] = await transactionRows(
    ctx,
    sql`t.company_id = ${ctx.session.companyId} and t.id = ${id}`,
    sql`t.id`,
    1,
    0,
  );
  if (!row) throw notFound(`Payment transaction ${id}`);
  return row;
}

/** PaymentTransaction/AllPaymentTransactions and Client/BookingsTransactions. */
export async function listTransactions(ctx: Ctx, input: TransactionInput) {
  const { timezone } = await companyFacts(ctx);
  const where = transactionWhere(ctx, input, timezone);
  const order = orderBy(
    input,
    { createdAt: sql`t.created_at`, amount: sql`t.amount_minor`, kind: sql`t.kind`, bookingId: sql`t.booking_id` },
    'createdAt',
    sql`t.id`,
  );
  return listPage(input, {
    count: () => countRows(ctx.db, sql`payment_transactions t`, where),
    rows: (limit, offset) => transactionRows(ctx, where, order, limit, offset),
  });
}

/** Client/BookingsTransactions: the client must be the company's. */
export async function listClientTransactions(ctx: Ctx, input: TransactionInput & { clientID: number }) {
  const found = await ctx.db.execute(
    sql`select 1 from clients where company_id = ${ctx.session.companyId} and id = ${input.clientID}`,
  );
  if (!found.rows.length) throw notFound(`Client ${input.clientID}`);
  return listTransactions(ctx, input);
}

/** Passenger/GetTableSummaryFinancialInfo. */
export async function passengerFinance(
  ctx: Ctx,
  passengerId: number,
): Promise<z.output<typeof schemas.passengerFinance>> {
  const { companyId } = ctx.session;
  const found = await ctx.db.execute(
    sql`select 1 from passengers where company_id = ${companyId} and id = ${passengerId}`,
  );
  if (!found.rows.length) throw notFound(`Passenger ${passengerId}`);
  const { currency } = await companyFacts(ctx);
  const where = sql`t.company_id = ${companyId} and t.passenger_id = ${passengerId}`;
  const [balance, sums, steps] = await Promise.all([
    balanceOf(ctx, { kind: 'passengerReceivable', ownerId: passengerId }),
    ctx.db.execute<{ paid: string | null; refunded: string | null }>(
      sql`select sum(t.amount_minor) filter (where t.kind in ('capture', 'charge', 'cashCollection', 'manualPayment', 'refund'))::bigint as paid,
                 -sum(t.amount_minor) filter (where t.kind = 'refund')::bigint as refunded
          from payment_transactions t where ${where}`,
    ),
    transactionRows(ctx, where, sql`t.created_at desc, t.id desc`, 200, 0),
  ]);
  return {
    passengerId,
    balance,
    paid: minor(sums.rows[0]?.paid),
    refunded: Math.abs(minor(sums.rows[0]?.refunded)),
    currency,
    transactions: steps,
  };
}

/** PaymentTransaction/GetStripeTransactions: the card payments as the provider last told of them. */
export async function listCardPayments(ctx: Ctx, input: z.output<typeof schemas.stripeTransactionListInput>) {
  const { timezone } = await companyFacts(ctx);
  const parts: SQL[] = [sql`c.company_id = ${ctx.session.companyId}`, ...dayRange(sql`c.created_at`, input, timezone)];
  if (input.status) parts.push(sql`c.status = ${input.status}`);
  const q = input.q.trim().replace(/^#/, '');
  if (q) {
    const byNumber = /^\d{1,9}$/.test(q) ? sql`c.booking_id = ${Number(q)} or ` : sql``;
    const byLast4 = /^\d{4}$/.test(q) ? sql`c.last4 = ${q} or ` : sql``;
    parts.push(sql`(${byNumber}${byLast4}c.intent_ref ilike ${like(q)})`);
  }
  const where = joinAnd(parts);
  const order = orderBy(
    input,
    { createdAt: sql`c.created_at`, amount: sql`c.amount_minor`, status: sql`c.status`, bookingId: sql`c.booking_id` },
    'createdAt',
    sql`c.id`,
  );
  return listPage(input, {
    count: () => countRows(ctx.db, sql`card_payments c`, where),
    rows: async (limit, offset) => {
      const raw = await ctx.db.execute<{
        id: number;
        booking_id: number | null;
        provider: string;
        intent_ref: string;
        status: z.output<typeof schemas.stripeTransactionRow>['status'];
        amount_minor: string;
        captured_minor: string;
        refunded_minor: string;
        currency: string;
        brand: string | null;
        last4: string | null;
        error_message: string | null;
        created_at: Date | string;
        updated_at: Date | string;
      }>(sql`select c.* from card_payments c where ${where} order by ${order} limit ${limit} offset ${offset}`);
      return raw.rows.map((c) => ({
        id: c.id,
        bookingId: c.booking_id,
        provider: c.provider,
        intentRef: c.intent_ref,
        status: c.status,
        amount: minor(c.amount_minor),
        captured: minor(c.captured_minor),
        refunded: minor(c.refunded_minor),
        currency: c.currency,
        card: cardLabel(c.brand, c.last4),
        errorMessage: c.error_message,
        createdAt: iso(c.created_at),
        updatedAt: iso(c.updated_at),
      }));
    },
  });
}

/**
 * What an event carried, in words: the object's status and amounts. The payload is the provider's
 * object as it arrived; only these fields leave the server (a client secret never does).
 */
function eventSummary(payload: unknown): string {
  const object = (payload as { data?: { object?: Record<string, unknown> } } | null)?.data?.object ?? {};
  const parts: string[] = [];
  const pick = (key: string, label: string) => {
    const v = object[key];
    if (typeof v === 'string' || typeof v === 'number') parts.push(`${label} ${v}`);
  };
  pick('status', 'status');
  pick('amount', 'amount');
  pick('amountReceived', 'received');
  pick('amountCapturable', 'capturable');
  pick('currency', 'currency');
  const error = object.lastError as { message?: unknown } | null | undefined;
  if (error && typeof error.message === 'string') parts.push(`error: ${error.message}`);
  return parts.join(', ');
}

/** PaymentTransaction/GetStripeTransactionsEventLog. */
export async function listPaymentEvents(ctx: Ctx, input: z.output<typeof schemas.eventLogInput>) {
  const { companyId } = ctx.session;
  const parts: SQL[] = [sql`e.company_id = ${companyId}`];
  let intentRef = input.intentRef?.trim() || null;
  if (input.cardPaymentId) {
    const found = await ctx.db.execute<{ intent_ref: string }>(
      sql`select intent_ref from card_payments where company_id = ${companyId} and id = ${input.cardPaymentId}`,
    );
    if (!found.rows[0]) throw notFound(`Card payment ${input.cardPaymentId}`);
    intentRef = found.rows[0].intent_ref;
  }
  if (intentRef) parts.push(sql`e.object_ref = ${intentRef}`);
  const q = input.q.trim();
  if (q) parts.push(sql`(e.event_ref ilike ${like(q)} or e.type ilike ${like(q)})`);
  const where = joinAnd(parts);
  return listPage(input, {
    count: () => countRows(ctx.db, sql`payment_events e`, where),
    rows: async (limit, offset) => {
      const raw = await ctx.db.execute<{
        id: number;
        provider: string;
        event_ref: string;
        type: string;
        object_ref: string | null;
        outcome: string;
        received_at: Date | string;
        payload: unknown;
      }>(
        sql`select e.id, e.provider, e.event_ref, e.type, e.object_ref, e.outcome, e.received_at, e.payload
            from payment_events e where ${where} order by e.received_at desc, e.id desc limit ${limit} offset ${offset}`,
      );
      return raw.rows.map((e) => ({
        id: e.id,
        provider: e.provider,
        eventRef: e.event_ref,
        type: e.type,
        objectRef: e.object_ref,
        outcome: e.outcome,
        receivedAt: iso(e.received_at),
        summary: eventSummary(e.payload),
      }));
    },
  });
}
