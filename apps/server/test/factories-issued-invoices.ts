import { eq, sql } from 'drizzle-orm';
import { bookings } from '../src/domains/bookings/schema';
import { invoiceLines, invoices } from '../src/domains/invoicing/schema';
import { takeNumber } from '../src/domains/invoicing/numbering';
import { lineMoney, vatTable } from '../src/domains/invoicing/totals';
import { postEntry } from '../src/domains/ledger/post';
import { adminSession, inCall } from './call-context';
import { book, type BookingWorld } from './factories-bookings';
import type { TestApp } from './harness';
import { accountBalance } from './ledger-balance';

/*
 * Issued invoices for the invoice money tests, made as approval makes them (docs/invoicing.md): done
 * account jobs of a client, their fares earned to the client's unbilled account, an approved invoice
 * with a line per job, and its `invoiceIssued` entry (Dr clientReceivable gross, Cr clientUnbilled the
 * earned fares) — so the ledger is as it will be in the product.
 */

export interface IssuedInvoice {
  id: number;
  invoiceNo: string;
  clientId: number;
  grossMinor: number;
  lineIds: number[];
  bookingIds: number[];
}

/** A done account job of the world's client (PO reference given), at a gross price. */
export async function doneAccountJob(t: TestApp, w: BookingWorld, priceMinor: number, clientId = w.clientId) {
  const b = await book(t.app, w, {
    paymentMethod: 'account',
    clientId,
    ...(clientId === w.clientId ? { clientReferences: [{ referenceId: w.referencePoId, value: 'PO-1' }] } : {}),
  });
  await t.db
    .update(bookings)
    .set({ status: 'completed', priceMinor, paymentStatus: 'invoiced' })
    .where(eq(bookings.id, b.id));
  return b.id;
}

/**
 * An approved invoice of the client for jobs at these gross prices (VAT included at `vatRateBp`),
 * issued `issuedDaysAgo` days ago and due `termsDays` after.
 */
export async function issuedInvoice(
  t: TestApp,
  w: BookingWorld,
  opts: { prices?: number[]; vatRateBp?: number; clientId?: number; issuedDaysAgo?: number; termsDays?: number } = {},
): Promise<IssuedInvoice> {
  const prices = opts.prices ?? [12_000];
  const rate = opts.vatRateBp ?? 2000;
  const clientId = opts.clientId ?? w.clientId;
  const companyId = w.company.id;
  const bookingIds: number[] = [];
  for (const p of prices) bookingIds.push(await doneAccountJob(t, w, p, clientId));
  const session = adminSession(companyId, 0);
  return inCall(t, session, async (ctx) => {
    const lines = prices.map((p) => lineMoney(p, rate, true));
    // Each job's fare earned at completion: the client owes it, not invoiced yet.
    for (const [i, l] of lines.entries()) {
      await postEntry(ctx, {
        kind: 'fareEarned',
        description: `Fare of booking ${bookingIds[i]}`,
        bookingId: bookingIds[i]!,
        idempotencyKey: `booking:${bookingIds[i]}:earned`,
        lines: [
          { account: { kind: 'clientUnbilled', ownerId: clientId }, amount: l.grossMinor },
          ...(l.netMinor ? [{ account: { kind: 'revenue' as const }, amount: -l.netMinor }] : []),
          ...(l.vatMinor ? [{ account: { kind: 'vatPayable' as const }, amount: -l.vatMinor }] : []),
        ],
      });
    }
    const totals = vatTable(lines);
    const issue = await ctx.db.execute<{ d: string; due: string }>(
      sql`select (current_date - ${opts.issuedDaysAgo ?? 0}::int)::text as d, (current_date - ${opts.issuedDaysAgo ?? 0}::int + ${opts.termsDays ?? 30}::int)::text as due`,
    );
    const { d: issueDate, due: dueDate } = issue.rows[0]!;
    const number = await takeNumber(ctx, 'invoice', issueDate);
    const [inv] = await ctx.db
      .insert(invoices)
      .values({
        companyId,
        clientId,
        status: 'approved',
        number: number.number,
        numberYear: number.year,
        invoiceNo: number.text,
        issueDate,
        dueDate,
        paymentTermsDays: opts.termsDays ?? 30,
        currency: 'GBP',
        netMinor: totals.net,
        vatMinor: totals.vat,
        grossMinor: totals.gross,
        issuedTo: { name: 'Acme Ltd', address: null, vatNumber: null, email: 'accounts@acme.test' },
        approvedAt: new Date(),
      })
      .returning();
    const lineRows = await ctx.db
      .insert(invoiceLines)
      .values(
        lines.map((l, i) => ({
          companyId,
          invoiceId: inv!.id,
          bookingId: bookingIds[i]!,
          position: i + 1,
          description: `Job ${bookingIds[i]}`,
          unitPriceMinor: l.grossMinor,
          ...l,
        })),
      )
      .returning({ id: invoiceLines.id });
    const posted = await postEntry(ctx, {
      kind: 'invoiceIssued',
      description: `Invoice ${number.text}`,
      idempotencyKey: `invoice:${inv!.id}:issued`,
      lines: [
        { account: { kind: 'clientReceivable', ownerId: clientId }, amount: totals.gross },
        { account: { kind: 'clientUnbilled', ownerId: clientId }, amount: -totals.gross },
      ],
    });
    await ctx.db.update(invoices).set({ journalEntryId: posted.id }).where(eq(invoices.id, inv!.id));
    return {
      id: inv!.id,
      invoiceNo: number.text,
      clientId,
      grossMinor: totals.gross,
      lineIds: lineRows.map((r) => r.id),
      bookingIds,
    };
  });
}

/** An account's balance in the ledger (0 when it has no line yet). */
export const ledgerBalance = accountBalance;
