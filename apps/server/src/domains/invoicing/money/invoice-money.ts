import { and, eq, sql } from 'drizzle-orm';
import { format } from '@cabdesk/money';
import type { InvoiceStatus } from '@cabdesk/contract';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import { emit } from '../../../platform/events/emit';
import { bookings } from '../../bookings/schema';
import { creditNotes, invoiceAllocations, invoiceLines, invoices } from '../schema';

/*
 * An issued invoice's money (docs/invoicing.md#payments): paid is the sum of its allocations,
 * credited the sum of its issued credit notes that reduce it; the status follows the two.
 */

export type Ctx = CallContext<Session>;
export type Invoice = typeof invoices.$inferSelect;

export const money = (minor: number, currency: string) => format({ minor, currency });

export const leftToPay = (inv: Pick<Invoice, 'grossMinor' | 'paidMinor' | 'creditedMinor'>) =>
  Math.max(0, inv.grossMinor - inv.paidMinor - inv.creditedMinor);

export const invoiceName = (inv: Pick<Invoice, 'id' | 'invoiceNo'>) => inv.invoiceNo ?? `draft invoice ${inv.id}`;

/** One invoice of the caller's company, locked for the call's transaction; 404 for any other. */
export async function lockInvoice(ctx: Ctx, invoiceId: number): Promise<Invoice> {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, invoiceId)))
    .for('update');
  if (!row) throw notFound(`Invoice ${invoiceId}`);
  return row;
}

export async function readInvoice(ctx: Ctx, invoiceId: number): Promise<Invoice> {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, invoiceId)));
  if (!row) throw notFound(`Invoice ${invoiceId}`);
  return row;
}

/** Money moves only on an issued invoice: a draft has no number and nothing owed yet. */
export function ensureIssued(inv: Invoice, doing: string): void {
  if (inv.status === 'draft') {
    throw conflict(`Invoice ${inv.id} is a draft: approve it before ${doing}.`, { currentStatus: inv.status });
  }
}

/** The status an issued invoice's money gives it. */
export function invoiceStatusFrom(
  inv: Pick<Invoice, 'grossMinor' | 'paidMinor' | 'creditedMinor' | 'sentAt'>,
): InvoiceStatus {
  if (inv.grossMinor > 0 && inv.creditedMinor >= inv.grossMinor) return 'cancelled';
  if (inv.paidMinor + inv.creditedMinor >= inv.grossMinor) return 'paid';
  if (inv.paidMinor + inv.creditedMinor > 0) return 'part_paid';
  return inv.sentAt ? 'sent' : 'approved';
}

/**
 * Brings an issued invoice's paid, credited and status up to its allocations and credit notes, and
 * marks its jobs paid once it is paid. Answers the invoice after and how many jobs became paid.
 */
export async function settleInvoice(ctx: Ctx, invoiceId: number): Promise<{ invoice: Invoice; bookingsPaid: number }> {
  const inv = await lockInvoice(ctx, invoiceId);
  if (inv.status === 'draft') return { invoice: inv, bookingsPaid: 0 };
  const { companyId } = ctx.session;
  const [paid] = await ctx.db
    .select({ s: sql<string>`coalesce(sum(${invoiceAllocations.amountMinor}), 0)` })
    .from(invoiceAllocations)
    .where(and(eq(invoiceAllocations.companyId, companyId), eq(invoiceAllocations.invoiceId, invoiceId)));
  const [credited] = await ctx.db
    .select({ s: sql<string>`coalesce(sum(${creditNotes.grossMinor}), 0)` })
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        eq(creditNotes.invoiceId, invoiceId),
        eq(creditNotes.status, 'issued'),
        eq(creditNotes.settlement, 'reduceInvoice'),
      ),
    );
  const paidMinor = Number(paid?.s ?? 0);
  const creditedMinor = Number(credited?.s ?? 0);
  const status = invoiceStatusFrom({ ...inv, paidMinor, creditedMinor });
  let after = inv;
  if (paidMinor !== inv.paidMinor || creditedMinor !== inv.creditedMinor || status !== inv.status) {
    const [row] = await ctx.db
      .update(invoices)
      .set({
        paidMinor,
        creditedMinor,
        status,
        paidAt: status === 'paid' ? (inv.paidAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
      .returning();
    after = row!;
  }
  let bookingsPaid = 0;
  if (after.status === 'paid') {
    const marked = await ctx.db
      .update(bookings)
      .set({ paymentStatus: 'paid', updatedAt: new Date() })
      .where(
        and(
          eq(bookings.companyId, companyId),
          sql`${bookings.paymentStatus} in ('invoiced', 'unpaid')`,
          sql`${bookings.id} in (select ${invoiceLines.bookingId} from ${invoiceLines} where ${invoiceLines.companyId} = ${companyId} and ${invoiceLines.invoiceId} = ${invoiceId} and ${invoiceLines.bookingId} is not null)`,
        ),
      )
      .returning({ id: bookings.id });
    bookingsPaid = marked.length;
    for (const b of marked) {
      await emit(ctx, { type: 'booking.updated', payload: { id: b.id, paymentStatus: 'paid' }, officeOnly: true });
    }
  }
  return { invoice: after, bookingsPaid };
}

/** The jobs on an invoice. */
export async function invoiceBookingIds(ctx: Ctx, invoiceId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: invoiceLines.bookingId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, ctx.session.companyId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(invoiceLines.position);
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

/** The company's calendar day today (YYYY-MM-DD) in its time zone. */
export async function companyToday(ctx: Ctx, timezone: string): Promise<string> {
  const res = await ctx.db.execute<{ d: string }>(
    sql`select to_char(now() at time zone ${timezone}, 'YYYY-MM-DD') as d`,
  );
  return res.rows[0]!.d;
}
