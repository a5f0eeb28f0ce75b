import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { driverStatementJobs, driverStatementLines } from './schema';

type Ctx = CallContext<Session>;

/**
 * What people typed on statements not yet approved: adjustments and jobs' pay set by hand, each with
 * its reason. Generating the period again makes those statements anew from the jobs; this work is
 * carried onto the new one, so a late validated job never erases a fine or a bonus someone entered.
 */
export interface HandWork {
  adjustments: { amountMinor: number; reason: string; createdBy: number | null }[];
  jobPay: Map<number, { payMinor: number; reason: string }>;
}

export async function handWorkOn(ctx: Ctx, statementIds: number[]): Promise<HandWork> {
  const work: HandWork = { adjustments: [], jobPay: new Map() };
  if (!statementIds.length) return work;
  const companyId = ctx.session.companyId;
  const adjustments = await ctx.db
    .select({
      amountMinor: driverStatementLines.amountMinor,
      reason: driverStatementLines.reason,
      createdBy: driverStatementLines.createdBy,
    })
    .from(driverStatementLines)
    .where(
      and(
        eq(driverStatementLines.companyId, companyId),
        inArray(driverStatementLines.statementId, statementIds),
        eq(driverStatementLines.kind, 'adjustment'),
      ),
    )
    .orderBy(driverStatementLines.id);
  work.adjustments.push(...adjustments);
  const corrected = await ctx.db
    .select({
      bookingId: driverStatementJobs.bookingId,
      payMinor: driverStatementJobs.payMinor,
      reason: driverStatementJobs.correctionReason,
    })
    .from(driverStatementJobs)
    .where(
      and(
        eq(driverStatementJobs.companyId, companyId),
        inArray(driverStatementJobs.statementId, statementIds),
        isNotNull(driverStatementJobs.correctionReason),
      ),
    );
  for (const c of corrected) work.jobPay.set(c.bookingId, { payMinor: c.payMinor, reason: c.reason! });
  return work;
}

/** The adjustments typed before, as lines of the statement made again. */
export async function putAdjustmentsBack(ctx: Ctx, statementId: number, work: HandWork): Promise<void> {
  if (!work.adjustments.length) return;
  await ctx.db.insert(driverStatementLines).values(
    work.adjustments.map((a) => ({
      companyId: ctx.session.companyId,
      statementId,
      kind: 'adjustment' as const,
      ...a,
    })),
  );
}
