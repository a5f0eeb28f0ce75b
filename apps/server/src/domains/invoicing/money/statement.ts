import { sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { fieldError } from '../../../platform/http/errors';
import { companyFacts } from '../../company/facts';
import { dayAfter, dayStart } from '../../payments/finance-filters';
import { clientOf, creditSources } from './allocations';
import { type Ctx, companyToday } from './invoice-money';

/*
 * What a client owes and its statement (docs/invoicing.md#statement). The statement reads the client's
 * receivable account in the ledger line by line, so its balance is the ledger's by construction;
 * invoices, payments and credit notes are named from the entries that posted them.
 */

type Due = z.output<typeof schemas.clientDue>;
type Entry = Due['statement']['entries'][number];

/** Statement entries shown at most; the oldest of a longer period are left out (the opening balance holds them). */
export const STATEMENT_LIMIT = 500;

const kindOf = (entryKind: string): Entry['kind'] => {
  if (entryKind === 'invoiceIssued') return 'invoice';
  if (entryKind === 'creditNoteIssued') return 'creditNote';
  if (['manualPayment', 'cardPayment', 'cashCollection'].includes(entryKind)) return 'payment';
  if (entryKind === 'refund') return 'refund';
  return 'other';
};

const idFrom = (key: string | null, prefix: string) => {
  const m = key ? new RegExp(`^${prefix}:(\\d+):issued$`).exec(key) : null;
  return m ? Number(m[1]) : null;
};

export async function clientDue(ctx: Ctx, input: z.output<typeof schemas.clientDueInput>): Promise<Due> {
  const client = await clientOf(ctx, input.clientID);
  if (input.fromDate && input.toDate && input.toDate < input.fromDate) {
    throw fieldError('toDate', 'must not be before fromDate');
  }
  const { companyId } = ctx.session;
  const { timezone, currency } = await companyFacts(ctx);
  const today = await companyToday(ctx, timezone);

  const open = await ctx.db.execute<{
    id: number;
    invoice_no: string | null;
    status: Due['invoices'][number]['status'];
    issue_date: string | null;
    due_date: string | null;
    gross_minor: string;
    paid_minor: string;
    credited_minor: string;
    overdue: number | null;
  }>(sql`
    select id, invoice_no, status, issue_date::text as issue_date, due_date::text as due_date, gross_minor, paid_minor,
      credited_minor, (${today}::date - due_date) as overdue
    from invoices
    where company_id = ${companyId} and client_id = ${client.id} and status in ('approved', 'sent', 'part_paid')
      and gross_minor - paid_minor - credited_minor > 0
    order by due_date nulls last, id`);
  const invoices = open.rows.map((r) => {
    const left = Number(r.gross_minor) - Number(r.paid_minor) - Number(r.credited_minor);
    return {
      invoiceId: r.id,
      invoiceNo: r.invoice_no,
      status: r.status,
      issueDate: r.issue_date,
      dueDate: r.due_date,
      grossMinor: Number(r.gross_minor),
      paidMinor: Number(r.paid_minor),
      creditedMinor: Number(r.credited_minor),
      leftToPayMinor: left,
      daysOverdue: Math.max(0, r.overdue ?? 0),
    };
  });
  const ageing = { notDueMinor: 0, days0to30Minor: 0, days31to60Minor: 0, days61to90Minor: 0, days90plusMinor: 0 };
  open.rows.forEach((r, i) => {
    const left = invoices[i]!.leftToPayMinor;
    const days = r.overdue;
    if (days === null || days < 0) ageing.notDueMinor += left;
    else if (days <= 30) ageing.days0to30Minor += left;
    else if (days <= 60) ageing.days31to60Minor += left;
    else if (days <= 90) ageing.days61to90Minor += left;
    else ageing.days90plusMinor += left;
  });
  const credits = await creditSources(ctx, client.id);

  const account = sql`(select id from ledger_accounts where company_id = ${companyId} and kind = 'clientReceivable' and owner_id = ${client.id})`;
  const [bal] = (
    await ctx.db.execute<{ b: string | null }>(
      sql`select balance_minor as b from ledger_accounts where company_id = ${companyId} and kind = 'clientReceivable' and owner_id = ${client.id}`,
    )
  ).rows;
  const from = input.fromDate ? dayStart(input.fromDate, timezone) : null;
  const to = input.toDate ? dayAfter(input.toDate, timezone) : null;
  const [opening] = from
    ? (
        await ctx.db.execute<{ s: string }>(sql`
          select coalesce(sum(l.amount_minor), 0) as s from journal_lines l
          join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
          where l.company_id = ${companyId} and l.account_id = ${account} and e.posted_at < ${from}`)
      ).rows
    : [{ s: '0' }];
  const rows = await ctx.db.execute<{
    posted_at: Date | string;
    kind: string;
    description: string;
    idempotency_key: string | null;
    amount: string;
    n: number;
  }>(sql`
    select * from (
      select e.posted_at, e.kind, e.description, e.idempotency_key, l.amount_minor as amount, e.id as entry_id,
        count(*) over ()::int as n
      from journal_lines l
      join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
      where l.company_id = ${companyId} and l.account_id = ${account}
        ${from ? sql`and e.posted_at >= ${from}` : sql``} ${to ? sql`and e.posted_at < ${to}` : sql``}
      order by e.posted_at desc, e.id desc
      limit ${STATEMENT_LIMIT}
    ) x order by posted_at, entry_id`);
  const total = rows.rows[0]?.n ?? 0;
  // Entries left out of a long period still count in the opening balance of those shown.
  let running = Number(opening?.s ?? 0);
  if (total > rows.rows.length) {
    const oldestShown = rows.rows[0]!;
    const [before] = (
      await ctx.db.execute<{ s: string }>(sql`
        select coalesce(sum(l.amount_minor), 0) as s from journal_lines l
        join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
        where l.company_id = ${companyId} and l.account_id = ${account}
          ${from ? sql`and e.posted_at >= ${from}` : sql``}
          and (e.posted_at, e.id) < (${new Date(oldestShown.posted_at)}, ${(oldestShown as unknown as { entry_id: number }).entry_id})`)
    ).rows;
    running += Number(before?.s ?? 0);
  }
  const openingBalance = running;
  const entries: Entry[] = rows.rows.map((r) => {
    const amount = Number(r.amount);
    running += amount;
    return {
      date: new Date(r.posted_at).toISOString(),
      kind: kindOf(r.kind),
      description: r.description,
      invoiceId: idFrom(r.idempotency_key, 'invoice'),
      creditNoteId: idFrom(r.idempotency_key, 'creditNote'),
      debitMinor: amount > 0 ? amount : 0,
      creditMinor: amount < 0 ? -amount : 0,
      balanceMinor: running,
    };
  });
  return {
    clientId: client.id,
    clientName: client.name,
    currency,
    invoices,
    totalDueMinor: invoices.reduce((s, i) => s + i.leftToPayMinor, 0),
    creditMinor: credits.reduce((s, c) => s + c.restMinor, 0),
    credits,
    balanceMinor: Number(bal?.b ?? 0),
    ageing,
    statement: {
      fromDate: input.fromDate ?? null,
      toDate: input.toDate ?? null,
      openingBalanceMinor: openingBalance,
      closingBalanceMinor: running,
      entries,
      truncated: total > rows.rows.length,
    },
  };
}
