import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict } from '../../platform/http/errors';
import { postEntry, reverseEntry, type EntryLine } from '../ledger/post';
import { invoiceClient, invoiceCompany, invoiceName, lockInvoice, type InvoiceCompany } from './drafts';
import { queueIssuedDocuments } from './documents/issue-job';
import { formatNumber, takeNumber } from './numbering';
import { invoices, issuedDocuments } from './schema';

type Ctx = CallContext<Session>;
type Invoice = typeof invoices.$inferSelect;

/** The company's calendar day now (YYYY-MM-DD). */
async function companyToday(ctx: Ctx, tz: string): Promise<string> {
  const res = await ctx.db.execute<{ d: string }>(
    sql`select to_char((now() at time zone ${tz})::date, 'YYYY-MM-DD') as d`,
  );
  return res.rows[0]?.d as string;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * What the ledger already holds for an invoice's jobs: what their fares earned on each client's
 * unbilled account (and, for jobs earned before invoicing existed, straight on its receivable, or
 * moved from there by a `fareUnbilled` entry; a validation's `fareAdjusted` too), per client — a
 * parent's invoice holds its children's jobs, earned on the children's accounts — and the VAT those
 * fares owed. Reversals count against what they reverse.
 */
async function earnedFor(ctx: Ctx, invoiceId: number) {
  const companyId = ctx.session.companyId;
  const res = await ctx.db.execute<{ kind: string; owner_id: number; amount: string | null }>(sql`
    select a.kind, a.owner_id, sum(jl.amount_minor) as amount
    from invoice_lines il
    join journal_entries e on e.company_id = il.company_id and e.booking_id = il.booking_id
    left join journal_entries r on r.company_id = e.company_id and r.id = e.reverses_entry_id
    join journal_lines jl on jl.company_id = e.company_id and jl.entry_id = e.id
    join ledger_accounts a on a.company_id = jl.company_id and a.id = jl.account_id
    where il.company_id = ${companyId} and il.invoice_id = ${invoiceId} and il.booking_id is not null
      and a.kind in ('clientUnbilled', 'clientReceivable', 'vatPayable')
      and (e.kind in ('fareEarned', 'fareUnbilled', 'fareAdjusted') or r.kind in ('fareEarned', 'fareUnbilled', 'fareAdjusted'))
    group by a.kind, a.owner_id`);
  const unbilled = new Map<number, number>();
  const receivable = new Map<number, number>();
  let vat = 0;
  for (const row of res.rows) {
    const amount = Number(row.amount ?? 0);
    if (row.kind === 'vatPayable') vat -= amount;
    else (row.kind === 'clientUnbilled' ? unbilled : receivable).set(Number(row.owner_id), amount);
  }
  return { unbilled, receivable, vat };
}

const sum = (m: Map<number, number>) => [...m.values()].reduce((s, v) => s + v, 0);

/**
 * The approval's journal entry (docs/ledger.md#invoicing): the invoice's client owes the gross; what
 * its jobs earned leaves each job client's unbilled account (a child's, for a child billed through its
 * parent); any difference (a price changed on the invoice) goes to revenue and VAT, so the ledger
 * always matches the invoice.
 */
async function postInvoiceIssued(
  ctx: Ctx,
  invoice: Invoice,
  invoiceNo: string,
  postedAt: Date | null,
): Promise<number | null> {
  const earned = await earnedFor(ctx, invoice.id);
  const diffGross = invoice.grossMinor - sum(earned.unbilled) - sum(earned.receivable);
  const diffVat = invoice.vatMinor - earned.vat;
  const client = invoice.clientId;
  // A job earned on a receivable before invoicing existed is already owed there: only a child's moves to the parent.
  const receivables = new Map(earned.receivable);
  receivables.set(client, invoice.grossMinor - (earned.receivable.get(client) ?? 0));
  const lines: EntryLine[] = [
    ...[...receivables].map(([owner, amount]) => ({
      account: { kind: 'clientReceivable' as const, ownerId: owner },
      amount: owner === client ? amount : -amount,
    })),
    ...[...earned.unbilled].map(([owner, amount]) => ({
      account: { kind: 'clientUnbilled' as const, ownerId: owner },
      amount: -amount,
    })),
    { account: { kind: 'revenue' as const }, amount: -(diffGross - diffVat) },
    { account: { kind: 'vatPayable' as const }, amount: -diffVat },
  ].filter((l) => l.amount !== 0);
  if (!lines.length) return null;
  // An invoice approved again after an unapproval posts a new entry: the key counts the approvals.
  const key = `invoice:${invoice.id}:issued`;
  const [before] = (
    await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from journal_entries
      where company_id = ${ctx.session.companyId} and (idempotency_key = ${key} or idempotency_key like ${`${key}:%`})`)
  ).rows;
  const posted = await postEntry(ctx, {
    kind: 'invoiceIssued',
    description: `Invoice ${invoiceNo}`,
    idempotencyKey: before?.n ? `${key}:${before.n + 1}` : key,
    postedAt,
    lines,
  });
  return posted.id;
}

/** Issues one draft: number, dates, parties, ledger, its jobs invoiced. */
async function approveOne(ctx: Ctx, id: number, company: InvoiceCompany, today: string, postedAt: Date | null) {
  const invoice = await lockInvoice(ctx, id);
  if (invoice.status !== 'draft') {
    throw conflict(`Invoice ${invoiceName(invoice)} is already ${invoice.status.replace('_', ' ')}.`, {
      id,
      status: invoice.status,
    });
  }
  const [count] = (
    await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoice_lines where company_id = ${ctx.session.companyId} and invoice_id = ${id}`,
    )
  ).rows;
  if (!count?.n) {
    throw conflict(`Invoice draft #${id} has no lines: add jobs before approving it.`, { id, status: 'draft' });
  }
  if (invoice.grossMinor < 0) {
    throw conflict(`Invoice draft #${id} comes to less than nothing: a credit note gives money back.`, { id });
  }
  const client = await invoiceClient(ctx, invoice.clientId, company);
  const number = await takeNumber(ctx, 'invoice', today);
  const dueDate =
    invoice.dueDate && invoice.dueDate >= today ? invoice.dueDate : addDays(today, invoice.paymentTermsDays);
  const issued = { ...invoice, number: number.number, numberYear: number.year };
  const journalEntryId = await postInvoiceIssued(ctx, issued, number.text, postedAt);
  await ctx.db
    .update(invoices)
    .set({
      status: 'approved',
      number: number.number,
      numberYear: number.year,
      invoiceNo: number.text,
      issueDate: today,
      dueDate,
      issuedTo: { name: client.name, address: client.address, vatNumber: client.vatNumber, email: client.email },
      issuedBy: { name: company.name, address: company.address, vatNumber: company.vatNumber },
      journalEntryId,
      attentionRequired: false,
      attentionReason: null,
      approvedAt: postedAt ?? new Date(),
      approvedBy: ctx.session.userId || null,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.companyId, ctx.session.companyId), eq(invoices.id, id)));
  await ctx.db.execute(sql`
    update bookings b set payment_status = 'invoiced', updated_at = now()
    from invoice_lines l
    where l.company_id = ${ctx.session.companyId} and l.invoice_id = ${id} and b.company_id = l.company_id
      and b.id = l.booking_id and b.payment_status = 'unpaid'`);
  return { id, invoiceNo: number.text, status: 'approved' as const };
}

/**
 * BookingInvoice/ApproveGeneratedInvoices: all or none, numbered in the order of their ids. The demo
 * data issues its invoices of past months on a day of their own (`issueDate`); the calls never do.
 */
export async function approveInvoices(ctx: Ctx, ids: number[], options: { issueDate?: string } = {}) {
  const company = await invoiceCompany(ctx);
  const today = options.issueDate ?? (await companyToday(ctx, company.timezone));
  const postedAt = options.issueDate ? new Date(`${options.issueDate}T12:00:00Z`) : null;
  const out = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b))
    out.push(await approveOne(ctx, id, company, today, postedAt));
  queueIssuedDocuments(ctx, { invoiceIds: out.map((i) => i.id) });
  return { invoices: out };
}

/**
 * Takes one approved invoice back to draft (docs/invoicing.md#lifecycle): only while nothing was
 * sent, paid or credited and while it holds the last number of its series and year — the counter
 * goes back by one, so numbers stay without gaps.
 */
async function unapproveOne(ctx: Ctx, id: number) {
  const companyId = ctx.session.companyId;
  const invoice = await lockInvoice(ctx, id);
  const name = invoiceName(invoice);
  if (invoice.status !== 'approved') {
    throw conflict(
      invoice.status === 'draft'
        ? `Invoice draft #${id} is not approved.`
        : `Invoice ${name} is ${invoice.status.replace('_', ' ')}: correct it with a credit note.`,
      { id, status: invoice.status },
    );
  }
  const [held] = (
    await ctx.db.execute<{ notes: number; allocations: number }>(sql`
      select (select count(*)::int from credit_notes where company_id = ${companyId} and invoice_id = ${id}) as notes,
             (select count(*)::int from invoice_allocations where company_id = ${companyId} and invoice_id = ${id}) as allocations`)
  ).rows;
  if (invoice.sentAt || invoice.paidMinor > 0 || invoice.creditedMinor > 0 || held?.notes || held?.allocations) {
    throw conflict(`Invoice ${name} was sent, paid or credited: correct it with a credit note.`, {
      id,
      status: invoice.status,
    });
  }
  const year = invoice.numberYear ?? 0;
  const [counter] = (
    await ctx.db.execute<{ last_number: number }>(sql`
      select last_number from document_counters
      where company_id = ${companyId} and kind = 'invoice' and year = ${year} for update`)
  ).rows;
  if (!counter || counter.last_number !== invoice.number) {
    const [series] = (
      await ctx.db.execute<{ prefix: string; with_year: boolean; padding: number }>(
        sql`select prefix, with_year, padding from document_series where company_id = ${companyId} and kind = 'invoice'`,
      )
    ).rows;
    const last = counter
      ? formatNumber(
          series
            ? { prefix: series.prefix, withYear: series.with_year, padding: series.padding }
            : { prefix: 'INV-', withYear: true, padding: 5 },
          year,
          counter.last_number,
        )
      : '';
    throw conflict(
      `Invoice ${name} is not the last number of its series${last ? ` (${last} is)` : ''}: correct it with a credit note.`,
      { id, status: invoice.status },
    );
  }
  if (invoice.journalEntryId) await reverseEntry(ctx, invoice.journalEntryId, `invoice ${name} unapproved`);
  await ctx.db.execute(sql`
    update document_counters set last_number = last_number - 1
    where company_id = ${companyId} and kind = 'invoice' and year = ${year}`);
  await ctx.db
    .delete(issuedDocuments)
    .where(and(eq(issuedDocuments.companyId, companyId), eq(issuedDocuments.invoiceId, id)));
  await ctx.db
    .update(invoices)
    .set({
      status: 'draft',
      number: null,
      numberYear: null,
      invoiceNo: null,
      issueDate: null,
      dueDate: null,
      issuedTo: null,
      issuedBy: null,
      journalEntryId: null,
      approvedAt: null,
      approvedBy: null,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  await ctx.db.execute(sql`
    update bookings b set payment_status = 'unpaid', updated_at = now()
    from invoice_lines l
    where l.company_id = ${companyId} and l.invoice_id = ${id} and b.company_id = l.company_id
      and b.id = l.booking_id and b.payment_status = 'invoiced'`);
  return { id, invoiceNo: null, status: 'draft' as const };
}

/** BookingInvoice/UnApproveGeneratedInvoices: the highest numbers first, so a run of the last ones can go back. */
export async function unapproveInvoices(ctx: Ctx, ids: number[]) {
  const rows = await ctx.db.execute<{ id: number }>(sql`
    select id from invoices where company_id = ${ctx.session.companyId}
      and id in (${sql.join(
        [...new Set(ids)].map((i) => sql`${i}`),
        sql`, `,
      )})
    order by number_year desc nulls last, number desc nulls last, id desc`);
  const known = rows.rows.map((r) => Number(r.id));
  const unknown = ids.find((i) => !known.includes(i));
  if (unknown !== undefined) await lockInvoice(ctx, unknown); // 404 naming it
  const out = [];
  for (const id of known) out.push(await unapproveOne(ctx, id));
  return { invoices: out };
}
