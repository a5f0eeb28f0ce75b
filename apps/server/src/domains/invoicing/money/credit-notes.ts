import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CreditSettlement, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { conflict, fieldError, notFound } from '../../../platform/http/errors';
import { listPage } from '../../../platform/http/list';
import { recordAudit } from '../../audit/record';
import { clients } from '../../clients/schema';
import { companyFacts } from '../../company/facts';
import { postEntry } from '../../ledger/post';
import { dayRange, joinAnd, orderBy } from '../../payments/finance-filters';
import { queueIssuedDocuments } from '../documents/issue-job';
import { takeNumber } from '../numbering';
import { lineMoney, type LineMoney } from '../totals';
import { creditNoteLines, creditNotes, invoiceLines, invoices } from '../schema';
import { refundInvoicePayments } from './invoice-card-payments';
import {
  type Ctx,
  type Invoice,
  companyToday,
  ensureIssued,
  invoiceName,
  leftToPay,
  lockInvoice,
  money,
  settleInvoice,
} from './invoice-money';

/*
 * Credit notes (docs/invoicing.md#credit-notes): a draft against one issued invoice, changed freely
 * until issued; issuing numbers it, posts `creditNoteIssued` and settles it (reduce the invoice,
 * client credit, or a refund). An issued note never changes.
 */

type Note = typeof creditNotes.$inferSelect;
type NoteRow = z.output<typeof schemas.creditNoteRow>;
type CreateInput = z.output<typeof schemas.creditNoteCreateInput>;
type UpdateInput = z.output<typeof schemas.creditNoteUpdateInput>;

interface NewLine extends LineMoney {
  invoiceLineId: number | null;
  description: string;
}

const percent = (bp: number) => bp / 100;

/** What an invoice's issued credit notes took so far: all, per settlement, per invoice line. */
async function creditedSoFar(ctx: Ctx, invoiceId: number, exceptNoteId = 0) {
  const { companyId } = ctx.session;
  const notes = await ctx.db
    .select({ settlement: creditNotes.settlement, gross: creditNotes.grossMinor })
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        eq(creditNotes.invoiceId, invoiceId),
        eq(creditNotes.status, 'issued'),
        sql`${creditNotes.id} <> ${exceptNoteId}`,
      ),
    );
  const perLine = await ctx.db
    .select({ lineId: creditNoteLines.invoiceLineId, gross: sql<string>`sum(${creditNoteLines.grossMinor})` })
    .from(creditNoteLines)
    .innerJoin(
      creditNotes,
      and(eq(creditNotes.companyId, creditNoteLines.companyId), eq(creditNotes.id, creditNoteLines.creditNoteId)),
    )
    .where(
      and(
        eq(creditNoteLines.companyId, companyId),
        eq(creditNotes.invoiceId, invoiceId),
        eq(creditNotes.status, 'issued'),
        sql`${creditNoteLines.invoiceLineId} is not null`,
      ),
    )
    .groupBy(creditNoteLines.invoiceLineId);
  const by = (s: CreditSettlement) => notes.filter((n) => n.settlement === s).reduce((t, n) => t + n.gross, 0);
  return {
    all: notes.reduce((t, n) => t + n.gross, 0),
    refunded: by('refund'),
    lines: new Map(perLine.map((l) => [l.lineId!, Number(l.gross)])),
  };
}

/** What a new credit note may still credit on an invoice (any settlement). */
export async function creditableOf(ctx: Ctx, inv: Invoice): Promise<number> {
  if (inv.status === 'draft') return 0;
  return Math.max(0, inv.grossMinor - (await creditedSoFar(ctx, inv.id)).all);
}

export async function creditedPerLine(ctx: Ctx, invoiceId: number): Promise<Map<number, number>> {
  return (await creditedSoFar(ctx, invoiceId)).lines;
}

/** The lines a note's content makes from the invoice: whole, chosen lines (all or part), or an amount. */
async function buildLines(
  ctx: Ctx,
  inv: Invoice,
  content: Pick<CreateInput, 'kind' | 'lines' | 'amountMinor' | 'vatPercentage' | 'description' | 'reason'>,
): Promise<NewLine[]> {
  const lines = await ctx.db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, ctx.session.companyId), eq(invoiceLines.invoiceId, inv.id)))
    .orderBy(invoiceLines.position);
  const whole = (l: (typeof lines)[number]): NewLine => ({
    invoiceLineId: l.id,
    description: l.description,
    netMinor: l.netMinor,
    vatRateBp: l.vatRateBp,
    vatMinor: l.vatMinor,
    grossMinor: l.grossMinor,
  });
  if (content.kind === 'whole') {
    const made = lines.filter((l) => l.grossMinor > 0).map(whole);
    if (!made.length) throw conflict(`Invoice ${invoiceName(inv)} has nothing to credit.`);
    return made;
  }
  if (content.kind === 'lines') {
    if (!content.lines?.length) throw fieldError('lines', 'required', 'Choose at least one invoice line to credit');
    const credited = await creditedPerLine(ctx, inv.id);
    const seen = new Set<number>();
    return content.lines.map((want, i) => {
      const line = lines.find((l) => l.id === want.invoiceLineId);
      if (!line) {
        throw fieldError(
          `lines.${i}.invoiceLineId`,
          'invoice',
          `Line ${want.invoiceLineId} is not a line of invoice ${invoiceName(inv)}`,
        );
      }
      if (seen.has(line.id)) throw fieldError(`lines.${i}.invoiceLineId`, 'duplicate', 'The same line is chosen twice');
      seen.add(line.id);
      const left = line.grossMinor - (credited.get(line.id) ?? 0);
      const amount = want.amountMinor ?? left;
      if (amount <= 0 || amount > left) {
        throw conflict(
          `Line ${i + 1} (${line.description}): ${money(amount, inv.currency)} is more than is left to credit of it (${money(Math.max(0, left), inv.currency)} of ${money(line.grossMinor, inv.currency)}).`,
          { field: `lines.${i}.amountMinor`, creditableMinor: Math.max(0, left), requestedMinor: amount },
        );
      }
      if (amount === line.grossMinor) return whole(line);
      return { invoiceLineId: line.id, description: line.description, ...lineMoney(amount, line.vatRateBp, true) };
    });
  }
  if (!content.amountMinor) throw fieldError('amountMinor', 'required', 'Give the amount to credit');
  const rates = [...new Set(lines.map((l) => l.vatRateBp))];
  let rateBp: number;
  if (content.vatPercentage === undefined) {
    if (rates.length !== 1) {
      throw fieldError(
        'vatPercentage',
        'required',
        `Choose the VAT rate: the invoice has ${rates.map((r) => `${percent(r)} %`).join(', ')}`,
      );
    }
    rateBp = rates[0]!;
  } else {
    rateBp = Math.round(content.vatPercentage * 100);
    if (Math.abs(rateBp - content.vatPercentage * 100) > 1e-6 || !rates.includes(rateBp)) {
      throw fieldError(
        'vatPercentage',
        'rate',
        `Credit at a VAT rate of the invoice: ${rates.map((r) => `${percent(r)} %`).join(', ')}`,
      );
    }
  }
  return [
    {
      invoiceLineId: null,
      description: content.description || content.reason,
      ...lineMoney(content.amountMinor, rateBp, true),
    },
  ];
}

/**
 * Whether an amount may be credited on the invoice with a settlement: never more than is left
 * creditable; reducing the invoice, never more than is left to pay; a refund, never more than was paid.
 */
async function ensureCreditable(ctx: Ctx, inv: Invoice, gross: number, settlement: CreditSettlement) {
  ensureIssued(inv, 'a credit note is issued against it');
  const so = await creditedSoFar(ctx, inv.id);
  const creditable = Math.max(0, inv.grossMinor - so.all);
  const m = (v: number) => money(v, inv.currency);
  if (gross > creditable) {
    throw conflict(
      `This credit note is ${m(gross)}, more than is left to credit on invoice ${invoiceName(inv)}: ${m(creditable)} (gross ${m(inv.grossMinor)}, credited ${m(so.all)}).`,
      { creditableMinor: creditable, requestedMinor: gross, grossMinor: inv.grossMinor, creditedMinor: so.all },
    );
  }
  if (settlement === 'reduceInvoice' && gross > leftToPay(inv)) {
    throw conflict(
      `This credit note is ${m(gross)}, more than is left to pay on invoice ${invoiceName(inv)} (${m(leftToPay(inv))}): settle it as client credit or a refund.`,
      { creditableMinor: leftToPay(inv), requestedMinor: gross, leftToPayMinor: leftToPay(inv) },
    );
  }
  if (settlement === 'refund') {
    const refundable = Math.max(0, inv.paidMinor - so.refunded);
    if (gross > refundable) {
      throw conflict(
        `This credit note is ${m(gross)}, more than was paid on invoice ${invoiceName(inv)} and not refunded yet (${m(refundable)}): a refund gives back money paid.`,
        { creditableMinor: refundable, requestedMinor: gross, paidMinor: inv.paidMinor },
      );
    }
  }
}

async function writeLines(ctx: Ctx, noteId: number, lines: NewLine[]) {
  await ctx.db
    .delete(creditNoteLines)
    .where(and(eq(creditNoteLines.companyId, ctx.session.companyId), eq(creditNoteLines.creditNoteId, noteId)));
  await ctx.db.insert(creditNoteLines).values(
    lines.map((l) => ({
      companyId: ctx.session.companyId,
      creditNoteId: noteId,
      invoiceLineId: l.invoiceLineId,
      description: l.description,
      netMinor: l.netMinor,
      vatRateBp: l.vatRateBp,
      vatMinor: l.vatMinor,
      grossMinor: l.grossMinor,
    })),
  );
  return {
    netMinor: lines.reduce((s, l) => s + l.netMinor, 0),
    vatMinor: lines.reduce((s, l) => s + l.vatMinor, 0),
    grossMinor: lines.reduce((s, l) => s + l.grossMinor, 0),
  };
}

export async function createCreditNote(ctx: Ctx, input: CreateInput): Promise<NoteRow> {
  const inv = await lockInvoice(ctx, input.invoiceId);
  ensureIssued(inv, 'a credit note is made against it');
  if (inv.status === 'cancelled') {
    throw conflict(`Invoice ${invoiceName(inv)} is credited in full already.`, { currentStatus: inv.status });
  }
  const lines = await buildLines(ctx, inv, input);
  const gross = lines.reduce((s, l) => s + l.grossMinor, 0);
  await ensureCreditable(ctx, inv, gross, input.settlement);
  const [note] = await ctx.db
    .insert(creditNotes)
    .values({
      companyId: ctx.session.companyId,
      invoiceId: inv.id,
      clientId: inv.clientId,
      reason: input.reason,
      settlement: input.settlement,
      currency: inv.currency,
      createdBy: ctx.session.userId || null,
    })
    .returning();
  const sums = await writeLines(ctx, note!.id, lines);
  await ctx.db.update(creditNotes).set(sums).where(eq(creditNotes.id, note!.id));
  await recordAudit(ctx, {
    entityType: 'invoice',
    entityId: inv.id,
    action: 'creditNote.created',
    changes: { creditNote: { before: null, after: `${money(sums.grossMinor, inv.currency)}: ${input.reason}` } },
  });
  return creditNoteRow(ctx, note!.id);
}

async function lockNote(ctx: Ctx, id: number): Promise<Note> {
  const [note] = await ctx.db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.companyId, ctx.session.companyId), eq(creditNotes.id, id)))
    .for('update');
  if (!note) throw notFound(`Credit note ${id}`);
  return note;
}

const issuedAlready = (note: Note, doing: string) =>
  conflict(`Credit note ${note.creditNo} is issued: it is final and cannot be ${doing}.`, {
    currentStatus: note.status,
  });

export async function updateCreditNote(ctx: Ctx, input: UpdateInput): Promise<NoteRow> {
  const before = await lockNote(ctx, input.id);
  if (before.status !== 'draft') throw issuedAlready(before, 'changed');
  const inv = await lockInvoice(ctx, before.invoiceId);
  // The note is locked after its invoice by every other path too: lock it again in that order.
  const note = await lockNote(ctx, input.id);
  const contentChanged =
    input.kind !== undefined ||
    input.lines !== undefined ||
    input.amountMinor !== undefined ||
    input.vatPercentage !== undefined;
  const settlement = input.settlement ?? note.settlement;
  const reason = input.reason ?? note.reason;
  if (contentChanged) {
    const kind =
      input.kind ?? (input.amountMinor !== undefined ? 'amount' : input.lines !== undefined ? 'lines' : 'whole');
    const lines = await buildLines(ctx, inv, { ...input, kind, reason });
    const sums = await writeLines(ctx, note.id, lines);
    await ctx.db.update(creditNotes).set(sums).where(eq(creditNotes.id, note.id));
    await ensureCreditable(ctx, inv, sums.grossMinor, settlement);
  } else if (input.settlement !== undefined) {
    await ensureCreditable(ctx, inv, note.grossMinor, settlement);
  }
  await ctx.db
    .update(creditNotes)
    .set({ reason, settlement, updatedAt: new Date() })
    .where(eq(creditNotes.id, note.id));
  if (input.issue) await issueCreditNote(ctx, note.id, inv);
  return creditNoteRow(ctx, note.id);
}

/**
 * Issues a draft: checked again against the invoice as it is now, numbered in the credit note series,
 * posted (Dr revenue net, Dr VAT, Cr the client's receivable gross) and settled.
 */
async function issueCreditNote(ctx: Ctx, noteId: number, inv: Invoice): Promise<void> {
  const note = await lockNote(ctx, noteId);
  if (note.grossMinor <= 0) throw conflict('This credit note has no amount: choose lines or an amount first.');
  await ensureCreditable(ctx, inv, note.grossMinor, note.settlement);
  const { timezone } = await companyFacts(ctx);
  const day = await companyToday(ctx, timezone);
  const number = await takeNumber(ctx, 'creditNote', day);
  const posted = await postEntry(ctx, {
    kind: 'creditNoteIssued',
    description: `Credit note ${number.text} on invoice ${invoiceName(inv)}: ${note.reason}`,
    idempotencyKey: `creditNote:${note.id}:issued`,
    lines: [
      ...(note.netMinor > 0 ? [{ account: { kind: 'revenue' as const }, amount: note.netMinor }] : []),
      ...(note.vatMinor > 0 ? [{ account: { kind: 'vatPayable' as const }, amount: note.vatMinor }] : []),
      { account: { kind: 'clientReceivable', ownerId: note.clientId }, amount: -note.grossMinor },
    ],
  });
  await ctx.db
    .update(creditNotes)
    .set({
      status: 'issued',
      number: number.number,
      numberYear: number.year,
      creditNo: number.text,
      issueDate: day,
      journalEntryId: posted.id,
      issuedAt: new Date(),
      issuedBy: ctx.session.userId || null,
      updatedAt: new Date(),
    })
    .where(eq(creditNotes.id, note.id));
  if (note.settlement === 'refund') {
    await refundInvoicePayments(ctx, inv, { id: note.id, creditNo: number.text, amount: note.grossMinor });
  }
  await settleInvoice(ctx, inv.id);
  queueIssuedDocuments(ctx, { creditNoteIds: [note.id] });
  await recordAudit(ctx, {
    entityType: 'invoice',
    entityId: inv.id,
    action: 'creditNote.issued',
    changes: {
      creditNote: {
        before: null,
        after: `${number.text}: ${money(note.grossMinor, note.currency)} (${note.settlement})`,
      },
    },
  });
}

export async function deleteCreditNote(ctx: Ctx, id: number): Promise<{ id: number }> {
  const note = await lockNote(ctx, id);
  if (note.status !== 'draft') throw issuedAlready(note, 'deleted (correct it with another document)');
  await ctx.db.delete(creditNotes).where(and(eq(creditNotes.companyId, ctx.session.companyId), eq(creditNotes.id, id)));
  await recordAudit(ctx, {
    entityType: 'invoice',
    entityId: note.invoiceId,
    action: 'creditNote.deleted',
    changes: { creditNote: { before: money(note.grossMinor, note.currency), after: null } },
  });
  return { id };
}

interface NoteRaw extends Record<string, unknown> {
  id: number;
  invoice_id: number;
  invoice_no: string | null;
  client_id: number;
  client_name: string;
  status: NoteRow['status'];
  credit_no: string | null;
  reason: string;
  settlement: NoteRow['settlement'];
  currency: string;
  net_minor: string | number;
  vat_minor: string | number;
  gross_minor: string | number;
  issue_date: string | null;
  issued_at: Date | string | null;
  created_at: Date | string;
  refund_method: string | null;
}

const noteFrom = sql`credit_notes n
  join invoices i on i.company_id = n.company_id and i.id = n.invoice_id
  join clients c on c.company_id = n.company_id and c.id = n.client_id`;

const noteColumns = sql`n.id, n.invoice_id, i.invoice_no, n.client_id, c.name as client_name, n.status, n.credit_no,
  n.reason, n.settlement, n.currency, n.net_minor, n.vat_minor, n.gross_minor, n.issue_date::text as issue_date,
  n.issued_at, n.created_at,
  (select t.method from payment_transactions t where t.company_id = n.company_id and t.kind = 'refund'
     and t.reason = 'Credit note ' || n.credit_no order by t.id limit 1) as refund_method`;

async function noteRows(ctx: Ctx, where: SQL, order: SQL, limit = 500, offset = 0): Promise<NoteRow[]> {
  const res = await ctx.db.execute<NoteRaw>(
    sql`select ${noteColumns} from ${noteFrom} where n.company_id = ${ctx.session.companyId} and ${where}
      order by ${order} limit ${limit} offset ${offset}`,
  );
  if (!res.rows.length) return [];
  const lines = await ctx.db
    .select()
    .from(creditNoteLines)
    .where(
      and(
        eq(creditNoteLines.companyId, ctx.session.companyId),
        inArray(
          creditNoteLines.creditNoteId,
          res.rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(creditNoteLines.id);
  return res.rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoice_id,
    invoiceNo: r.invoice_no,
    clientId: r.client_id,
    clientName: r.client_name,
    status: r.status,
    creditNo: r.credit_no,
    reason: r.reason,
    settlement: r.settlement,
    currency: r.currency,
    netMinor: Number(r.net_minor),
    vatMinor: Number(r.vat_minor),
    grossMinor: Number(r.gross_minor),
    issueDate: r.issue_date,
    issuedAt: r.issued_at ? new Date(r.issued_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    refundMethod: r.refund_method === 'card' ? 'card' : r.refund_method ? 'bank_transfer' : null,
    lines: lines
      .filter((l) => l.creditNoteId === r.id)
      .map((l) => ({
        id: l.id,
        invoiceLineId: l.invoiceLineId,
        description: l.description,
        netMinor: l.netMinor,
        vatPercentage: percent(l.vatRateBp),
        vatMinor: l.vatMinor,
        grossMinor: l.grossMinor,
      })),
  }));
}

export async function creditNoteRow(ctx: Ctx, id: number): Promise<NoteRow> {
  const [row] = await noteRows(ctx, sql`n.id = ${id}`, sql`n.id`);
  if (!row) throw notFound(`Credit note ${id}`);
  return row;
}

type ListInput = z.output<typeof schemas.creditNoteListInput>;

const sortColumns: Record<string, SQL> = {
  createdAt: sql`n.created_at`,
  issueDate: sql`n.issue_date`,
  creditNo: sql`n.credit_no`,
  grossMinor: sql`n.gross_minor`,
  status: sql`n.status`,
};

export async function listCreditNotes(ctx: Ctx, input: ListInput) {
  const { timezone } = await companyFacts(ctx);
  const parts: SQL[] = [sql`true`, ...dayRange(sql`n.created_at`, input, timezone)];
  if (input.id) parts.push(sql`n.id = ${input.id}`);
  if (input.clientID) parts.push(sql`n.client_id = ${input.clientID}`);
  if (input.invoiceId) parts.push(sql`n.invoice_id = ${input.invoiceId}`);
  if (input.status) parts.push(sql`n.status = ${input.status}`);
  const q = input.q.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(n.credit_no ilike ${like} or i.invoice_no ilike ${like} or n.reason ilike ${like} or c.name ilike ${like})`,
    );
  }
  const where = joinAnd(parts);
  const order = orderBy(input, sortColumns, 'createdAt', sql`n.id`);
  return listPage(input, {
    rows: (limit, offset) => noteRows(ctx, where, order, limit, offset),
    count: async () => {
      const res = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${noteFrom} where n.company_id = ${ctx.session.companyId} and ${where}`,
      );
      return res.rows[0]?.n ?? 0;
    },
  });
}

export async function creditNotesOf(ctx: Ctx, input: z.output<typeof schemas.creditNotesOfInput>): Promise<NoteRow[]> {
  if (!input.clientID && !input.invoiceId) {
    throw fieldError('clientID', 'required', 'Give the client or the invoice whose credit notes to list');
  }
  const parts: SQL[] = [];
  if (input.invoiceId) {
    const [inv] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, input.invoiceId)));
    if (!inv) throw notFound(`Invoice ${input.invoiceId}`);
    parts.push(sql`n.invoice_id = ${input.invoiceId}`);
  }
  if (input.clientID) {
    const [c] = await ctx.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, input.clientID)));
    if (!c) throw notFound(`Client ${input.clientID}`);
    parts.push(sql`n.client_id = ${input.clientID}`);
  }
  return noteRows(ctx, joinAnd(parts), sql`n.created_at desc, n.id desc`);
}
