import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../platform/auth/tokens';
import type { Db } from '../platform/db/client';
import type { CallContext } from '../platform/http/context';
import { approveInvoices } from '../domains/invoicing/approve';
import { billableJobs } from '../domains/invoicing/billable';
import { addJobLines, invoiceClient, invoiceCompany, newDraft } from '../domains/invoicing/drafts';
import { invoiceAllocations, invoices } from '../domains/invoicing/schema';
import { recordClientPayment } from '../domains/payments/manual-payments';

/*
 * The demo's invoices (docs/invoicing.md): account jobs' fares moved to the clients' unbilled
 * accounts (the rule since invoicing, one entry per job so every booking still reconciles), the done
 * account jobs of earlier months validated for most clients, and their invoices made through the same
 * functions as the calls — some paid, some part paid, one sent, approved ones, and drafts of last month.
 */

/** A context for the invoicing functions, which read only the database and the company. */
function demoContext(db: Db, companyId: number): CallContext<Session> {
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
  const months = (
    await db.execute<{ client_id: number; month: string }>(sql`
      select distinct b.client_id, to_char(date_trunc('month', b.pickup_at at time zone ${company.timezone}), 'YYYY-MM-DD') as month
      from bookings b join booking_validations v on v.company_id = b.company_id and v.booking_id = b.id
      where b.company_id = ${c} order by 2, 1`)
  ).rows;
  const allMonths = [...new Set(months.map((m) => m.month))].sort();
  const lastMonth = allMonths.at(-1);
  const toApprove: number[] = [];
  for (const { client_id: clientId, month } of months) {
    const client = await invoiceClient(ctx, Number(clientId), company);
    const end = new Date(`${month}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + 1);
    end.setUTCDate(0);
    const toDate = end.toISOString().slice(0, 10);
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
  if (!toApprove.length) return;
  await approveInvoices(ctx, toApprove);

  // Payments: the oldest months paid in full, the one before last paid in part; one of last month's sent.
  const issued = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), sql`${invoices.status} <> 'draft'`));
  const partMonth = allMonths.at(-2);
  let sentOne = false;
  for (const inv of issued) {
    const month = inv.periodFrom ?? '';
    const share = month === lastMonth ? 0 : month === partMonth ? 0.5 : 1;
    if (share === 0) {
      if (!sentOne) {
        sentOne = true;
        await db
          .update(invoices)
          .set({ status: 'sent', sentAt: new Date() })
          .where(and(eq(invoices.companyId, companyId), eq(invoices.id, inv.id)));
      }
      continue;
    }
    const amount = share === 1 ? inv.grossMinor : Math.floor(inv.grossMinor / 2);
    if (amount <= 0) continue;
    const paymentId = await recordClientPayment(ctx, {
      clientID: inv.clientId,
      amount,
      method: 'bank_transfer',
      reference: inv.invoiceNo ?? undefined,
    });
    await db
      .insert(invoiceAllocations)
      .values({ companyId, invoiceId: inv.id, paymentTransactionId: paymentId, amountMinor: amount });
    const paid = amount === inv.grossMinor;
    await db
      .update(invoices)
      .set({ paidMinor: amount, status: paid ? 'paid' : 'part_paid', paidAt: paid ? new Date() : null })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, inv.id)));
    if (paid) {
      await db.execute(sql`
        update bookings b set payment_status = 'paid' from invoice_lines l
        where l.company_id = ${c} and l.invoice_id = ${inv.id} and b.company_id = ${c} and b.id = l.booking_id`);
    }
  }
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
