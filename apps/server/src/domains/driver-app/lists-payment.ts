import { and, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { companyFacts } from '../bookings/company';
import { driverExpenses } from '../driver-expenses/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';
import { driverEarnings } from './lists-earnings';
import { driverAdjustments } from './schema';

type Period = z.output<typeof schemas.driverPeriodInput>;

const sumWhen = (amount: unknown, condition: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(${amount}) filter (where ${condition}), 0)::bigint`.mapWith(Number);

/**
 * Driver/GetDriverPaymentSummary. An expense has no date of its own, so it belongs to the company
 * day it was claimed on (createdAt); an adjustment to its effectiveDate.
 */
export async function driverPaymentSummary(ctx: Ctx, period: Period) {
  const driverId = signedInDriverId(ctx);
  const { timezone: tz } = await companyFacts(ctx);
  const earnings = await driverEarnings(ctx, period);
  const claimedDay = sql`(${driverExpenses.createdAt} at time zone ${tz})::date`;
  const [expenses] = await ctx.db
    .select({
      approved: sumWhen(driverExpenses.amountMinor, sql`${driverExpenses.status} = 'approved'`),
      pending: sumWhen(driverExpenses.amountMinor, sql`${driverExpenses.status} = 'pending'`),
    })
    .from(driverExpenses)
    .where(
      and(
        eq(driverExpenses.companyId, ctx.session.companyId),
        eq(driverExpenses.driverId, driverId),
        sql`${claimedDay} between ${period.fromDate}::date and ${period.toDate}::date`,
      ),
    );
  const [adjustments] = await ctx.db
    .select({
      credits: sumWhen(driverAdjustments.amountMinor, sql`${driverAdjustments.kind} = 'credit'`),
      debits: sumWhen(driverAdjustments.amountMinor, sql`${driverAdjustments.kind} = 'debit'`),
    })
    .from(driverAdjustments)
    .where(
      and(
        eq(driverAdjustments.companyId, ctx.session.companyId),
        eq(driverAdjustments.driverId, driverId),
        sql`${driverAdjustments.effectiveDate} between ${period.fromDate}::date and ${period.toDate}::date`,
      ),
    );
  const approvedExpensesMinor = expenses?.approved ?? 0;
  const creditsMinor = adjustments?.credits ?? 0;
  const debitsMinor = adjustments?.debits ?? 0;
  return {
    fromDate: period.fromDate,
    toDate: period.toDate,
    currency: earnings.currency,
    jobs: earnings.jobs,
    earningsMinor: earnings.totalMinor,
    onStatementMinor: earnings.onStatementMinor,
    estimatedMinor: earnings.estimatedMinor,
    estimatedJobs: earnings.estimatedJobs,
    approvedExpensesMinor,
    pendingExpensesMinor: expenses?.pending ?? 0,
    creditsMinor,
    debitsMinor,
    netMinor: earnings.totalMinor + approvedExpensesMinor + creditsMinor - debitsMinor,
  };
}
