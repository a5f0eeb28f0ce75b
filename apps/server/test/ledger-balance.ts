import { sql } from 'drizzle-orm';
import type { TestApp } from './harness';

/**
 * An account's balance as the sum of its journal lines (0 when never used): right for every kind,
 * whether it keeps a running balance (owned accounts) or not (company-wide ones; docs/ledger.md#balances).
 */
export async function accountBalance(t: TestApp, companyId: number, kind: string, ownerId = 0): Promise<number> {
  const res = await t.db.execute<{ b: string | null }>(sql`
    select sum(l.amount_minor)::bigint as b from ledger_accounts a
    join journal_lines l on l.company_id = a.company_id and l.account_id = a.id
    where a.company_id = ${companyId} and a.kind = ${kind} and a.owner_id = ${ownerId}`);
  return Number(res.rows[0]?.b ?? 0);
}
