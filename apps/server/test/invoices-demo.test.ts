import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBookingHistory } from '../src/demo/bookings';
import { seedInvoices } from '../src/demo/invoices';
import { seedPayments } from '../src/demo/payments';
import { seedRegister } from '../src/demo/people';
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
    await seedBookingHistory(tx, companyId, 6, 100);
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
    expect(Object.keys(byStatus).sort()).toEqual(['approved', 'draft', 'paid', 'part_paid', 'sent']);
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

  it('keeps each client’s receivable equal to its invoices less its payments', async () => {
    const rows = await t.db.execute<{ client_id: number; invoiced: string; paid: string; balance: string | null }>(sql`
      select i.client_id, sum(i.gross_minor) as invoiced, sum(i.paid_minor) as paid,
        (select balance_minor from ledger_accounts a where a.company_id = ${companyId} and a.kind = 'clientReceivable'
           and a.owner_id = i.client_id) as balance
      from invoices i where i.company_id = ${companyId} and i.status <> 'draft' group by i.client_id`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(Number(r.balance)).toBe(Number(r.invoiced) - Number(r.paid));
  });
});
