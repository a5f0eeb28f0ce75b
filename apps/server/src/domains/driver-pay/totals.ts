import { and, eq, sql } from 'drizzle-orm';
import { netStatement } from '@cabdesk/pay-engine';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { drivers } from '../drivers/schema';
import { driverStatementJobs, driverStatementLines, driverStatements } from './schema';

type Ctx = CallContext<Session>;
export type StatementRow = typeof driverStatements.$inferSelect;

/** A net below minus this (minor units) needs a person before approval. */
export const NEGATIVE_NET_LIMIT = 50_000;

/** The company's statement, locked for a change (changes of one statement wait for each other). */
export async function lockStatement(ctx: Ctx, id: number): Promise<StatementRow> {
  const [row] = await ctx.db
    .select()
    .from(driverStatements)
    .where(and(eq(driverStatements.companyId, ctx.session.companyId), eq(driverStatements.id, id)))
    .for('update');
  if (!row) throw notFound(`Driver statement ${id}`);
  return row;
}

export const statementName = (s: Pick<StatementRow, 'id' | 'statementNo'>) => s.statementNo ?? `#${s.id}`;

/** Only a statement not yet approved may change; an approved one is corrected on a later statement. */
export function ensureOpen(s: StatementRow): void {
  if (s.status === 'approved' || s.status === 'settled') {
    throw conflict(`Driver statement ${statementName(s)} is ${s.status}: it can no longer change.`, {
      id: s.id,
      status: s.status,
    });
  }
}

/**
 * Makes a statement's totals and attention reasons again from its jobs and lines (netStatement of
 * @cabdesk/pay-engine), and its status: attention when a reason stands, else generated.
 */
export async function resetTotals(ctx: Ctx, id: number): Promise<void> {
  const companyId = ctx.session.companyId;
  const [statement] = await ctx.db
    .select()
    .from(driverStatements)
    .where(and(eq(driverStatements.companyId, companyId), eq(driverStatements.id, id)));
  if (!statement) throw notFound(`Driver statement ${id}`);
  const jobs = await ctx.db
    .select()
    .from(driverStatementJobs)
    .where(and(eq(driverStatementJobs.companyId, companyId), eq(driverStatementJobs.statementId, id)));
  const lines = await ctx.db
    .select()
    .from(driverStatementLines)
    .where(and(eq(driverStatementLines.companyId, companyId), eq(driverStatementLines.statementId, id)));
  const totals = netStatement({
    jobs: jobs.map((j) => ({
      bookingId: j.bookingId,
      fare: j.fareMinor ?? 0,
      paymentMethod: j.paymentMethod as 'cash' | 'card' | 'account',
      pay: j.payMinor,
    })),
    expenses: lines.filter((l) => l.kind === 'expense').map((l) => ({ id: l.id, amount: l.amountMinor })),
    adjustments: lines
      .filter((l) => l.kind !== 'expense')
      .map((l) => ({ id: l.id, amount: l.amountMinor, reason: l.reason })),
    bonuses: statement.bonusItems.map((b) => ({ amount: Number(b.amount ?? 0) })),
    deductions: statement.deductionItems.map((d) => ({ amount: Number(d.amount ?? 0) })),
  });
  const reasons: string[] = [];
  const unpriced = jobs.filter((j) => j.fareMinor === null).map((j) => j.bookingId);
  if (unpriced.length) reasons.push(`Job${unpriced.length > 1 ? 's' : ''} ${unpriced.join(', ')} without a price`);
  if (totals.net < -NEGATIVE_NET_LIMIT) {
    reasons.push(`The driver owes more than ${(NEGATIVE_NET_LIMIT / 100).toFixed(2)}`);
  }
  if (totals.payToDriver > 0) {
    const [driver] = await ctx.db
      .select({ sortCode: drivers.bankSortCode, accountNumber: drivers.bankAccountNumber })
      .from(drivers)
      .where(and(eq(drivers.companyId, companyId), eq(drivers.id, statement.driverId)));
    if (!driver?.sortCode?.trim() || !driver.accountNumber?.trim()) reasons.push('The driver has no bank details');
  }
  await ctx.db
    .update(driverStatements)
    .set({
      earnedMinor: totals.earned,
      cashCollectedMinor: totals.cashCollected,
      expensesMinor: totals.expenses,
      adjustmentsMinor: totals.adjustments,
      bonusesMinor: totals.bonuses,
      deductionsMinor: totals.deductions,
      netMinor: totals.net,
      payToDriverMinor: totals.payToDriver,
      collectFromDriverMinor: totals.collectFromDriver,
      attentionReasons: reasons,
      status: reasons.length ? 'attention' : 'generated',
      version: sql`${driverStatements.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(driverStatements.companyId, companyId), eq(driverStatements.id, id)));
}
