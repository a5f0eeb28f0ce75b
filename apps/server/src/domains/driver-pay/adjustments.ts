import { and, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { removeStatements } from './generate';
import { statementRowById } from './lists';
import { driverStatementJobs, driverStatementLines } from './schema';
import { ensureOpen, lockStatement, resetTotals } from './totals';

type Ctx = CallContext<Session>;

/** AddDriverPaymentAdjustments: a line by hand, with its reason, before approval. */
export async function addAdjustment(
  ctx: Ctx,
  input: { statementId: number; amountMinor: number; reason: string },
): Promise<number> {
  ensureOpen(await lockStatement(ctx, input.statementId));
  await ctx.db.insert(driverStatementLines).values({
    companyId: ctx.session.companyId,
    statementId: input.statementId,
    kind: 'adjustment',
    amountMinor: input.amountMinor,
    reason: input.reason,
    createdBy: ctx.session.userId || null,
  });
  await resetTotals(ctx, input.statementId);
  return input.statementId;
}

/** DeleteDriverPaymentAdjustment: answers the statement it was on. Corrections and expenses are not typed by hand. */
export async function deleteAdjustment(ctx: Ctx, id: number): Promise<number> {
  const [line] = await ctx.db
    .select()
    .from(driverStatementLines)
    .where(and(eq(driverStatementLines.companyId, ctx.session.companyId), eq(driverStatementLines.id, id)));
  if (!line) throw notFound(`Adjustment ${id}`);
  ensureOpen(await lockStatement(ctx, line.statementId));
  if (line.kind !== 'adjustment') {
    throw conflict(
      `Line ${id} is ${line.kind === 'correction' ? 'a correction' : 'an expense'}, not an adjustment made by hand.`,
      {
        id,
        kind: line.kind,
      },
    );
  }
  await ctx.db
    .delete(driverStatementLines)
    .where(and(eq(driverStatementLines.companyId, ctx.session.companyId), eq(driverStatementLines.id, id)));
  await resetTotals(ctx, line.statementId);
  return line.statementId;
}

/** updateCommissionsGeneratedPaymentsViews: a job's pay set by hand with the reason, before approval. */
export async function correctJobPay(
  ctx: Ctx,
  input: { statementId: number; bookingId: number; payMinor: number; reason: string },
): Promise<number> {
  ensureOpen(await lockStatement(ctx, input.statementId));
  const where = and(
    eq(driverStatementJobs.companyId, ctx.session.companyId),
    eq(driverStatementJobs.statementId, input.statementId),
    eq(driverStatementJobs.bookingId, input.bookingId),
  );
  const [job] = await ctx.db.select({ id: driverStatementJobs.id }).from(driverStatementJobs).where(where);
  if (!job) throw notFound(`Job ${input.bookingId} on driver statement #${input.statementId}`);
  await ctx.db
    .update(driverStatementJobs)
    .set({ payMinor: input.payMinor, correctionReason: input.reason })
    .where(where);
  await resetTotals(ctx, input.statementId);
  return input.statementId;
}

/**
 * DeleteGeneratedPayment (and DeletePayToDriver / DeleteCollectFromDriver, which name the way the
 * statement must net): only before approval; its jobs may be paid again. Answers the row as it was.
 */
export async function deleteStatement(ctx: Ctx, id: number, only?: 'payToDriver' | 'collectFromDriver') {
  const s = await lockStatement(ctx, id);
  ensureOpen(s);
  if (only === 'payToDriver' && s.netMinor < 0) {
    throw conflict(`Driver statement #${id} collects from the driver; it pays nothing to them.`, { id });
  }
  if (only === 'collectFromDriver' && s.netMinor > 0) {
    throw conflict(`Driver statement #${id} pays the driver; it collects nothing from them.`, { id });
  }
  const row = await statementRowById(ctx, id);
  await removeStatements(ctx, [id]);
  return row;
}
