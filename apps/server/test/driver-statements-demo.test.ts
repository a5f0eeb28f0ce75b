import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBookingHistory } from '../src/demo/bookings';
import { lastMonthWeeks, seedDriverStatements } from '../src/demo/driver-statements';
import { seedPayModels } from '../src/demo/pay-models';
import { seedRegister } from '../src/demo/people';
import { expectEvery } from './assertions';
import { createCompany } from './factories';
import { ledgerFaults } from './factories-invoices';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let companyId = 0;

type Row = {
  id: number;
  status: string;
  period_from: string;
  net_minor: number;
  settled_minor: number;
  pay_to_driver_minor: number;
  collect_from_driver_minor: number;
  statement_no: string | null;
  attention_reasons: string[];
  balance_moved: number;
};

const rows = async () =>
  (
    await t.db.execute<Row>(sql`
      select s.id, s.status, s.period_from::text, s.net_minor, s.settled_minor, s.pay_to_driver_minor,
        s.collect_from_driver_minor, s.statement_no, s.attention_reasons,
        coalesce((select sum(l.amount_minor) from journal_entries e
          join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
          join ledger_accounts a on a.company_id = l.company_id and a.id = l.account_id
          where e.company_id = s.company_id and e.idempotency_key like 'driver-statement:' || s.id || ':%'
            and a.kind = 'driverBalance'), 0)::int as balance_moved
      from driver_statements s where s.company_id = ${companyId} order by s.period_from, s.id`)
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  await t.db.transaction(async (tx) => {
    await seedRegister(tx, companyId, `demo${companyId}.test`, company.roleIds);
    await seedBookingHistory(tx, companyId, 8, 70);
    await seedPayModels(tx, companyId);
    await seedDriverStatements(tx, companyId);
  });
}, 240_000);

describe('the demo driver statements', () => {
  it('covers last month’s weeks, Monday to Sunday, all before today', () => {
    expect(lastMonthWeeks('2026-11-27')).toEqual([
      { fromDate: '2026-10-05', toDate: '2026-10-11' },
      { fromDate: '2026-10-12', toDate: '2026-10-18' },
      { fromDate: '2026-10-19', toDate: '2026-10-25' },
      { fromDate: '2026-10-26', toDate: '2026-11-01' },
    ]);
    // A week ending today is not over yet.
    expect(lastMonthWeeks('2026-03-01').at(-1)).toEqual({ fromDate: '2026-02-16', toDate: '2026-02-22' });
    expect(lastMonthWeeks('2026-03-02').at(-1)).toEqual({ fromDate: '2026-02-23', toDate: '2026-03-01' });
  });

  it('has last month’s weeks approved, the oldest settled, the latest generated with one in attention', async () => {
    const all = await rows();
    const weeks = [...new Set(all.map((r) => r.period_from))].sort();
    expect(weeks.length).toBeGreaterThanOrEqual(3);
    const latest = all.filter((r) => r.period_from === weeks.at(-1));
    const earlier = all.filter((r) => r.period_from !== weeks.at(-1));
    expectEvery(latest, (r) => r.status === 'generated' || r.status === 'attention');
    const attention = all.filter((r) => r.status === 'attention');
    expect(attention).toHaveLength(1);
    expect(attention[0]!.attention_reasons).toEqual([expect.stringMatching(/owes more than/)]);
    expectEvery(earlier, (r) => (r.status === 'approved' || r.status === 'settled') && r.statement_no !== null);
    expect(earlier.length).toBeGreaterThan(latest.length);
    expectEvery(
      all.filter((r) => r.period_from === weeks[0]),
      (r) => r.status === 'settled',
    );
    expect(earlier.some((r) => r.status === 'approved')).toBe(true);
  });

  it('balances the ledger: approval moves the driver’s balance by the net, settlement brings it back', async () => {
    expect(await ledgerFaults(t, companyId)).toEqual({ entries: 0, accounts: 0 });
    for (const r of await rows()) {
      if (r.status === 'generated' || r.status === 'attention') expect(r.balance_moved).toBe(0);
      else if (r.status === 'settled') expect(r.balance_moved).toBe(0);
      else
        expect(r.balance_moved).toBe(-r.net_minor + (r.pay_to_driver_minor > 0 ? r.settled_minor : -r.settled_minor));
    }
  });
});
