import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { driverExpenses } from '../driver-expenses/schema';
import { bookingExpenseTypes } from '../reference-data/schema';
import { driverStatementLines } from './schema';

type Ctx = CallContext<Session>;

/**
 * Approved expenses the company pays go on the driver's next statement (docs/driver-expenses.md):
 * every one not yet on a statement, added up to the end of the period, becomes an `expense` line and
 * is marked with the statement, so it is paid back once. Expenses a client pays are on its invoice.
 */
export async function addExpenseLines(ctx: Ctx, driverId: number, statementId: number, until: Date): Promise<number> {
  const companyId = ctx.session.companyId;
  const due = await ctx.db
    .select({
      id: driverExpenses.id,
      amount: driverExpenses.amountMinor,
      bookingId: driverExpenses.bookingId,
      type: bookingExpenseTypes.name,
    })
    .from(driverExpenses)
    .leftJoin(
      bookingExpenseTypes,
      and(eq(bookingExpenseTypes.companyId, companyId), eq(bookingExpenseTypes.id, driverExpenses.expenseTypeId)),
    )
    .where(
      and(
        eq(driverExpenses.companyId, companyId),
        eq(driverExpenses.driverId, driverId),
        eq(driverExpenses.status, 'approved'),
        eq(driverExpenses.paidBy, 'company'),
        isNull(driverExpenses.statementId),
        lte(driverExpenses.createdAt, until),
      ),
    )
    .orderBy(driverExpenses.createdAt, driverExpenses.id)
    .for('update', { of: driverExpenses });
  if (!due.length) return 0;
  await ctx.db.insert(driverStatementLines).values(
    due.map((e) => ({
      companyId,
      statementId,
      kind: 'expense' as const,
      amountMinor: e.amount,
      bookingId: e.bookingId,
      reason: `Expense ${e.id}: ${e.type ?? 'expense'}${e.bookingId ? ` on job ${e.bookingId}` : ''}`,
      createdBy: ctx.session.userId || null,
    })),
  );
  await ctx.db
    .update(driverExpenses)
    .set({ statementId, version: sql`${driverExpenses.version} + 1` })
    .where(
      and(
        eq(driverExpenses.companyId, companyId),
        inArray(
          driverExpenses.id,
          due.map((e) => e.id),
        ),
      ),
    );
  return due.length;
}

/** Statements made again or deleted before approval give their expenses back to the next one. */
export async function releaseExpenses(ctx: Ctx, statementIds: number[]): Promise<void> {
  if (!statementIds.length) return;
  await ctx.db
    .update(driverExpenses)
    .set({ statementId: null })
    .where(and(eq(driverExpenses.companyId, ctx.session.companyId), inArray(driverExpenses.statementId, statementIds)));
}
