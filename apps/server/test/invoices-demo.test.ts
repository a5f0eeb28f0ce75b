import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBookingHistory } from '../src/demo/bookings';
import { seedInvoices } from '../src/demo/invoices';
import { seedPayments } from '../src/demo/payments';
import { seedRegister } from '../src/demo/people';
import { expectEvery } from './assertions';
import { callData } from './client';
import { createCompany, signIn } from './factories';
import { day, ledgerFaults } from './factories-invoices';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let companyId = 0;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  await t.db.transaction(async (tx) => {
    await seedRegister(tx, companyId, `demo${companyId}.test`, company.roleIds);
    await seedBookingHistory(tx, companyId, 5, 180);
    await seedPayments(tx, companyId);
    await seedInvoices(tx, companyId);
  });
  token = (await signIn(t.app, company.adminEmail)).accessToken;
}, 180_000);

describe('the demo invoices', () => {
  it('has validated jobs and invoices of every state, the ledger exact', async () => {
    const states = await t.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from invoices where company_id = ${companyId} group by 1 order by 1`,
    );
    const byStatus = Object.fromEntries(states.rows.map((r) => [r.status, r.n]));
    expect(Object.keys(byStatus).sort()).toEqual(['approved', 'cancelled', 'draft', 'paid', 'part_paid', 'sent']);
    const validated = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from booking_validations where company_id = ${companyId}`,
    );
    expect(validated.rows[0]!.n).toBeGreaterThan(0);
    expect(await ledgerFaults(t, companyId)).toEqual({ entries: 0, accounts: 0 });
  });

  it('reconciles with nothing differing', async () => {
    const rec = await callData(
      t.app,
      'PaymentTransaction/GetReconciliation',
      { fromDate: day(-110), toDate: day(1) },
      token,
    );
    expect(rec.differing).toBe(0);
    expect(rec.bookings.invoiced).toBeGreaterThan(0);
    expect(rec.ledger.invoiced).toBe(rec.bookings.invoiced);
    expect(rec.ledger.owed).toBe(rec.bookings.owed);
  });

  it('spreads the issue dates over the months, some invoices overdue, unpaid or part paid', async () => {
    const rows = await t.db.execute<{
      issue_date: string;
      due_date: string;
      status: string;
      left: string;
      today: string;
    }>(sql`
      select i.issue_date::text, i.due_date::text, i.status, i.gross_minor - i.paid_minor - i.credited_minor as left,
        (now() at time zone co.timezone)::date::text as today
      from invoices i join companies co on co.id = i.company_id
      where i.company_id = ${companyId} and i.status <> 'draft'`);
    const today = rows.rows[0]!.today;
    expect(new Set(rows.rows.map((r) => r.issue_date)).size).toBeGreaterThanOrEqual(4);
    expectEvery(rows.rows, (r) => r.issue_date <= today && r.due_date > r.issue_date);
    const overdue = rows.rows.filter((r) => r.due_date < today && Number(r.left) > 0);
    expect(overdue.map((r) => r.status)).toEqual(expect.arrayContaining(['approved', 'part_paid']));
    // Invoice numbers follow the issue dates.
    const numbers = await t.db.execute<{ invoice_no: string; issue_date: string }>(sql`
      select invoice_no, issue_date::text from invoices where company_id = ${companyId} and status <> 'draft'
      order by number_year, number`);
    const days = numbers.rows.map((r) => r.issue_date);
    expect(days).toEqual([...days].sort());
  });

  it('has a statement whose ageing fills the overdue buckets', async () => {
    const late = await t.db.execute<{ client_id: number }>(sql`
      select client_id from invoices where company_id = ${companyId} and status in ('approved', 'part_paid')
        and due_date < now()::date - 31 group by client_id order by count(*) desc limit 1`);
    const due = await callData(t.app, 'Client/InvoiceDeAmount', { clientID: late.rows[0]!.client_id }, token);
    const { ageing } = due;
    const overdueBuckets = [ageing.days31to60Minor, ageing.days61to90Minor, ageing.days90plusMinor].filter(
      (v) => v > 0,
    );
    expect(overdueBuckets.length).toBeGreaterThanOrEqual(2);
    expect(due.balanceMinor).toBe(due.totalDueMinor - due.creditMinor);
    // The statement's entries are dated when they happened: invoices on their issue days, payments when received.
    const dates = due.statement.entries.map((e) => e.date.slice(0, 10));
    expect(new Set(dates).size).toBeGreaterThan(2);
  });

  it('has a whole credit note, one of a line, and a payment allocated over two invoices', async () => {
    const notes = await t.db.execute<{ kind: string; status: string; n: number }>(sql`
      select n.kind, n.status, count(*)::int as n from (
        select case when exists (select 1 from credit_note_lines l where l.company_id = c.company_id
                                   and l.credit_note_id = c.id and l.invoice_line_id is not null)
                     and c.gross_minor < (select i.gross_minor from invoices i where i.company_id = c.company_id and i.id = c.invoice_id)
                    then 'lines' else 'whole' end as kind, c.status
        from credit_notes c where c.company_id = ${companyId}) n group by 1, 2 order by 1`);
    expect(notes.rows).toEqual([
      { kind: 'lines', status: 'issued', n: 1 },
      { kind: 'whole', status: 'issued', n: 1 },
    ]);
    const split = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select payment_transaction_id from invoice_allocations
        where company_id = ${companyId} and payment_transaction_id is not null
        group by 1 having count(distinct invoice_id) = 2) x`);
    expect(split.rows[0]!.n).toBe(1);
  });

  it('bills a child account billed through its parent on the parent’s invoices', async () => {
    const own = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from invoices i join clients c on c.company_id = i.company_id and c.id = i.client_id
      where i.company_id = ${companyId} and c.invoice_group = 'parent'`);
    expect(own.rows[0]!.n).toBe(0);
    const lines = await t.db.execute<{ reference: string | null; name: string }>(sql`
      select l.reference, c.name from invoice_lines l
      join invoices i on i.company_id = l.company_id and i.id = l.invoice_id
      join bookings b on b.company_id = l.company_id and b.id = l.booking_id
      join clients c on c.company_id = b.company_id and c.id = b.client_id
      where l.company_id = ${companyId} and b.client_id <> i.client_id`);
    expectEvery(lines.rows, (r) => (r.reference ?? '').startsWith(r.name));
  });

  it('keeps each client’s receivable equal to its invoices less its payments and credit notes', async () => {
    const rows = await t.db.execute<{ client_id: number; invoiced: string; paid: string; balance: string | null }>(sql`
      select i.client_id, sum(i.gross_minor) as invoiced, sum(i.paid_minor + i.credited_minor) as paid,
        (select balance_minor from ledger_accounts a where a.company_id = ${companyId} and a.kind = 'clientReceivable'
           and a.owner_id = i.client_id) as balance
      from invoices i where i.company_id = ${companyId} and i.status <> 'draft' group by i.client_id`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(Number(r.balance)).toBe(Number(r.invoiced) - Number(r.paid));
  });
});
