import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict } from '../../platform/http/errors';
import { companyFacts } from '../company/facts';
import { takeNumber } from '../invoicing/numbering';
import { postEntry, type EntryLine } from '../ledger/post';
import { driverStatements } from './schema';
import { lockStatement, statementName, type StatementRow } from './totals';

type Ctx = CallContext<Session>;

/**
 * The approval's journal entry (docs/driver-pay.md#ledger), one entry whose lines are the four
 * postings netted per account: the driver's earnings (pay, bonuses, expenses, positive adjustments)
 * from driverPay, negative adjustments back to it, deductions to driverDeductions and the cash the
 * driver holds moved from driverCash, all against the driver's balance, which moves by −net.
 */
export function approvalLines(s: StatementRow, negativeAdjustments: number): EntryLine[] {
  const earnings = s.earnedMinor + s.bonusesMinor + s.expensesMinor + (s.adjustmentsMinor + negativeAdjustments);
  const driver = s.driverId;
  return [
    { account: { kind: 'driverPay' as const }, amount: earnings - negativeAdjustments },
    {
      account: { kind: 'driverBalance' as const, ownerId: driver },
      amount: -earnings + negativeAdjustments + s.deductionsMinor + s.cashCollectedMinor,
    },
    { account: { kind: 'driverDeductions' as const }, amount: -s.deductionsMinor },
    { account: { kind: 'driverCash' as const, ownerId: driver }, amount: -s.cashCollectedMinor },
  ].filter((l) => l.amount !== 0);
}

/** The jobs of a statement that are no longer done and validated (changed since generation). */
async function invalidJobs(ctx: Ctx, id: number): Promise<number[]> {
  const res = await ctx.db.execute<{ booking_id: number }>(sql`
    select j.booking_id from driver_statement_jobs j
    join bookings b on b.company_id = j.company_id and b.id = j.booking_id
    left join booking_validations v on v.company_id = b.company_id and v.booking_id = b.id
    where j.company_id = ${ctx.session.companyId} and j.statement_id = ${id}
      and (b.status not in ('completed', 'no_show') or v.status is distinct from 'validated'
           or j.fare_minor is null)
    order by j.booking_id`);
  return res.rows.map((r) => Number(r.booking_id));
}

async function approveOne(ctx: Ctx, id: number, today: string): Promise<void> {
  const s = await lockStatement(ctx, id);
  if (s.status === 'approved' || s.status === 'settled') {
    throw conflict(`Driver statement ${statementName(s)} is already ${s.status}.`, { id, status: s.status });
  }
  const invalid = await invalidJobs(ctx, id);
  if (invalid.length) {
    throw conflict(
      `Driver statement #${id} has job${invalid.length > 1 ? 's' : ''} ${invalid.join(', ')} that ${
        invalid.length > 1 ? 'are' : 'is'
      } no longer validated or without a price: generate the period again.`,
      { id, bookingIds: invalid },
    );
  }
  const [neg] = (
    await ctx.db.execute<{ total: string | null }>(sql`select -sum(amount_minor) as total from driver_statement_lines
      where company_id = ${ctx.session.companyId} and statement_id = ${id} and kind <> 'expense' and amount_minor < 0`)
  ).rows;
  const number = await takeNumber(ctx, 'driverStatement', today);
  const lines = approvalLines(s, Number(neg?.total ?? 0));
  const entry = lines.length
    ? await postEntry(ctx, {
        kind: 'driverStatementApproved',
        description: `Driver statement ${number.text}`,
        idempotencyKey: `driver-statement:${id}:approved`,
        lines,
      })
    : null;
  const settled = s.payToDriverMinor === 0 && s.collectFromDriverMinor === 0;
  await ctx.db
    .update(driverStatements)
    .set({
      status: settled ? 'settled' : 'approved',
      number: number.number,
      numberYear: number.year,
      statementNo: number.text,
      journalEntryId: entry?.id ?? null,
      approvedBy: ctx.session.userId || null,
      approvedAt: new Date(),
      version: sql`${driverStatements.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(driverStatements.companyId, ctx.session.companyId), eq(driverStatements.id, id)));
}

/** DrvrPayment/ApprovePayments: all or none, in id order (two approvals at once never wait in a circle). */
export async function approveStatements(ctx: Ctx, ids: number[]): Promise<number[]> {
  const { timezone } = await companyFacts(ctx);
  const [today] = (
    await ctx.db.execute<{ d: string }>(sql`select to_char((now() at time zone ${timezone})::date, 'YYYY-MM-DD') as d`)
  ).rows;
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  for (const id of unique) await approveOne(ctx, id, today!.d);
  return unique;
}
