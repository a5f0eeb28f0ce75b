import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../platform/auth/tokens';
import type { Db } from '../platform/db/client';
import type { CallContext } from '../platform/http/context';
import { approveInvoices } from '../domains/invoicing/approve';
import { billableJobs, billingMap } from '../domains/invoicing/billable';
import { addJobLines, invoiceClient, invoiceCompany, newDraft } from '../domains/invoicing/drafts';
import { recordInvoicePayment } from '../domains/invoicing/money/allocations';
import { createCreditNote, updateCreditNote } from '../domains/invoicing/money/credit-notes';
import { invoiceLines, invoices } from '../domains/invoicing/schema';

/*
 * The demo's invoices (docs/invoicing.md): account jobs' fares moved to the clients' unbilled
 * accounts (the rule since invoicing, one entry per job so every booking still reconciles), the done
 * account jobs of earlier months validated for most clients, and their invoices made through the same
 * functions as the calls, issued the day after their month: paid, part paid, overdue, one sent,
 * approved ones, credit notes, and drafts of last month.
 */

/** A context for the invoicing functions, which read only the database and the company. */
export function demoContext(db: Db, companyId: number): CallContext<Session> {
  return {
    db,
    session: { userId: 0, companyId, kind: 'admin', staffRoleId: 0, personId: 0 },
    ability: undefined as never,
    rules: [],
    services: undefined as never,
    request: { ip: '127.0.0.1', userAgent: 'demo' },
    afterCommit: () => undefined,
    afterRollback: () => undefined,
  };
}

export async function seedInvoices(db: Db, companyId: number): Promise<void> {
  const c = sql.raw(String(Math.trunc(companyId)));
  await moveAccountFaresToUnbilled(db, companyId);

  // Validated: done account jobs before this month, of every client but each third.
  await db.execute(sql`
    insert into booking_validations (company_id, booking_id, status, accepted_minor, validated_at)
    select ${c}, b.id, 'validated', b.price_minor, coalesce(b.completed_at, b.pickup_at) + interval '1 day'
    from bookings b
    join companies co on co.id = b.company_id
    where b.company_id = ${c} and b.payment_method = 'account' and b.client_id is not null and b.client_id % 3 <> 0
      and b.status in ('completed', 'no_show') and b.price_minor > 0
      and b.pickup_at < date_trunc('month', now() at time zone co.timezone) at time zone co.timezone
    on conflict do nothing`);

  const ctx = demoContext(db, companyId);
  const company = await invoiceCompany(ctx);
  // Per billing client: a child account billed through its parent is on the parent's invoices.
  const months = (
    await db.execute<{ client_id: number; month: string }>(sql`
      select distinct m.bill_to as client_id,
        to_char(date_trunc('month', b.pickup_at at time zone ${company.timezone}), 'YYYY-MM-DD') as month
      from bookings b join booking_validations v on v.company_id = b.company_id and v.booking_id = b.id
      join ${billingMap(companyId)} m on m.client_id = b.client_id
      where b.company_id = ${c} order by 2, 1`)
  ).rows;
  const allMonths = [...new Set(months.map((m) => m.month))].sort();
  const lastMonth = allMonths.at(-1);
  const today = (
    await db.execute<{ d: string }>(
      sql`select to_char((now() at time zone ${company.timezone})::date, 'YYYY-MM-DD') as d`,
    )
  ).rows[0]!.d;
  const notAfterToday = (day: string) => (day > today ? today : day);
  for (const month of allMonths) {
    const toDate = monthEnd(month);
    const toApprove: number[] = [];
    for (const { client_id: clientId } of months.filter((m) => m.month === month)) {
      const client = await invoiceClient(ctx, Number(clientId), company);
      const jobs = await billableJobs(ctx, { clientId: client.id, fromDate: month, toDate }, company.timezone);
      if (!jobs.length) continue;
      const id = await newDraft(ctx, client, company, { periodFrom: month, periodTo: toDate });
      await addJobLines(ctx, id, jobs, client, company);
      // Last month's stay drafts for the office to look at (one of them marked); the rest are issued.
      if (month === lastMonth && client.id % 2 === 0) {
        if (client.id % 4 === 0) {
          await db
            .update(invoices)
            .set({ attentionRequired: true, attentionReason: 'Purchase order missing on two jobs' })
            .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
        }
        continue;
      }
      toApprove.push(id);
    }
    // Issued the day after the period, due 30 days later: older months' unpaid ones are overdue.
    if (toApprove.length) await approveInvoices(ctx, toApprove, { issueDate: notAfterToday(addDays(toDate, 1)) });
  }
  await settleDemoInvoices(ctx, allMonths, notAfterToday);
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const monthEnd = (month: string) => {
  const end = new Date(`${month}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 1);
  end.setUTCDate(0);
  return end.toISOString().slice(0, 10);
};

type Invoice = typeof invoices.$inferSelect;

/**
 * The demo's money on its invoices, through the same functions as the calls: the oldest months paid
 * in full (one client's two invoices by one payment), the one before last paid in part, one of last
 * month's sent; one client's older invoices left unpaid or part paid, so its statement's ageing fills
 * its buckets; a credit note for a whole invoice and one for a line.
 */
async function settleDemoInvoices(
  ctx: CallContext<Session>,
  allMonths: string[],
  notAfterToday: (day: string) => string,
): Promise<void> {
  const { companyId } = ctx.session;
  const issued = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), sql`${invoices.status} <> 'draft'`))
    .orderBy(invoices.periodFrom, invoices.id);
  const lastMonth = allMonths.at(-1);
  const partMonth = allMonths.at(-2);
  const before = issued.filter((i) => i.periodFrom !== lastMonth && i.grossMinor > 0);
  const beforeOf = new Map<number, Invoice[]>();
  for (const inv of before) beforeOf.set(inv.clientId, [...(beforeOf.get(inv.clientId) ?? []), inv]);
  const byCount = [...beforeOf].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
  // The client whose invoices go unpaid (overdue of every age) and the one paying two at once.
  const lateClient = byCount[0]?.[0];
  const twoAtOnce = byCount.find(
    ([clientId, list]) => clientId !== lateClient && list.filter((i) => i.periodFrom !== partMonth).length >= 2,
  )?.[1];

  const pay = async (list: Invoice[], amounts: number[], on: string) => {
    const amount = amounts.reduce((s, a) => s + a, 0);
    if (amount <= 0) return;
    await recordInvoicePayment(ctx, {
      clientID: list[0]!.clientId,
      amount,
      method: 'bank_transfer',
      cardId: null,
      reference: list.map((i) => i.invoiceNo).join(', '),
      receivedOn: notAfterToday(on),
      allocations: list.map((inv, i) => ({ invoiceId: inv.id, amountMinor: amounts[i]! })),
    });
  };
  const paidTogether = new Set(twoAtOnce?.slice(0, 2).map((i) => i.id));
  if (twoAtOnce) {
    const [a, b] = twoAtOnce as [Invoice, Invoice];
    await pay([a, b], [a.grossMinor, b.grossMinor], addDays(b.issueDate!, 12));
  }
  const lastOnes = issued.filter((i) => i.periodFrom === lastMonth && i.clientId !== lateClient);
  const sent = lastOnes[0];
  if (sent) {
    await ctx.db
      .update(invoices)
      .set({ status: 'sent', sentAt: new Date() })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, sent.id)));
  }
  const lateList = lateClient === undefined ? [] : beforeOf.get(lateClient)!;
  for (const inv of issued) {
    if (paidTogether.has(inv.id) || inv.periodFrom === lastMonth) continue;
    if (inv.clientId === lateClient) {
      // The oldest part paid, the second credited in full, the rest unpaid: overdue, of every age.
      if (inv.id === lateList[0]?.id) await pay([inv], [Math.floor(inv.grossMinor * 0.3)], addDays(inv.issueDate!, 20));
      else if (inv.id === lateList[1]?.id && lateList.length >= 3) {
        await creditNote(ctx, inv, { kind: 'whole', reason: 'Jobs billed to the wrong account: re-invoiced' });
      }
      continue;
    }
    const share = inv.periodFrom === partMonth ? 0.5 : 1;
    await pay([inv], [share === 1 ? inv.grossMinor : Math.floor(inv.grossMinor / 2)], addDays(inv.issueDate!, 14));
  }
  // A line credited on one of last month's invoices still open (not the one sent).
  const open = lastOnes.at(-1);
  if (open && open.id !== sent?.id) {
    const [line] = await ctx.db
      .select({ id: invoiceLines.id })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, open.id)))
      .orderBy(invoiceLines.position)
      .limit(1);
    if (line) {
      await creditNote(ctx, open, {
        kind: 'lines',
        lines: [{ invoiceLineId: line.id }],
        reason: 'Waiting time charged though the passenger was on time',
      });
    }
  }
}

/** A credit note made and issued at once, reducing what the invoice asks. */
async function creditNote(
  ctx: CallContext<Session>,
  inv: Invoice,
  note: { kind: 'whole' | 'lines'; reason: string; lines?: { invoiceLineId: number }[] },
): Promise<void> {
  const draft = await createCreditNote(ctx, {
    invoiceId: inv.id,
    reason: note.reason,
    settlement: 'reduceInvoice',
    kind: note.kind,
    lines: note.lines,
  });
  await updateCreditNote(ctx, { id: draft.id, issue: true });
}

/**
 * The fares of done account jobs posted to the client's receivable before invoicing existed move to
 * its unbilled account: one entry per job (`fareUnbilled`), so each booking's entries still say
 * what it earned, and an invoice's approval finds them.
 */
async function moveAccountFaresToUnbilled(db: Db, companyId: number): Promise<void> {
  const c = sql.raw(String(Math.trunc(companyId)));
  const jobs = sql`select b.id, b.client_id, b.price_minor, coalesce(b.completed_at, b.pickup_at) as at from bookings b
    where b.company_id = ${c} and b.payment_method = 'account' and b.client_id is not null
      and b.status in ('completed', 'no_show') and b.price_minor > 0
      and exists (select 1 from journal_entries e join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
                  join ledger_accounts a on a.company_id = l.company_id and a.id = l.account_id
                  where e.company_id = ${c} and e.booking_id = b.id and e.kind = 'fareEarned' and a.kind = 'clientReceivable')
      and not exists (select 1 from journal_entries e where e.company_id = ${c} and e.idempotency_key = 'booking:' || b.id || ':unbilled')`;
  await db.execute(sql`
    insert into ledger_accounts (company_id, kind, owner_id)
    select distinct ${c}, k.kind, j.client_id from (${jobs}) j cross join (values ('clientUnbilled'), ('clientReceivable')) k(kind)
    on conflict do nothing`);
  const account = (kind: string) =>
    sql`(select a.id from ledger_accounts a where a.company_id = ${c} and a.kind = ${kind} and a.owner_id = j.client_id)`;
  await db.execute(sql`
    with j as (${jobs}), entries as (
      insert into journal_entries (company_id, kind, description, booking_id, idempotency_key, posted_at)
      select ${c}, 'fareUnbilled', 'Fare of booking ' || j.id || ' to invoice', j.id, 'booking:' || j.id || ':unbilled', j.at
      from j returning id, booking_id
    )
    insert into journal_lines (company_id, entry_id, account_id, amount_minor)
    select ${c}, e.id, ${account('clientUnbilled')}, j.price_minor from entries e join j on j.id = e.booking_id
    union all
    select ${c}, e.id, ${account('clientReceivable')}, -j.price_minor from entries e join j on j.id = e.booking_id`);
  await db.execute(sql`
    update ledger_accounts a set balance_minor = coalesce(
      (select sum(l.amount_minor) from journal_lines l where l.company_id = ${c} and l.account_id = a.id), 0)
    where a.company_id = ${c} and a.kind in ('clientUnbilled', 'clientReceivable')`);
}
