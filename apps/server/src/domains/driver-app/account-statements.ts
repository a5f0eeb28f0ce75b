import { sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { listPage } from '../../platform/http/list';
import { statementRowOf } from '../driver-pay/lists';
import { signedInDriverId, type Ctx } from './signed-in-driver';

type Row = z.output<typeof schemas.driverOwnStatementRow>;

/**
 * Driver/GetDriverStatementsDrvApp: only the signed-in driver's statements, and only approved or
 * settled ones: before approval the office may still change or delete a statement, so the driver
 * would see figures that are not yet theirs. The office's row is made by driver pay's own mapping
 * (statementRowOf) so the two never disagree on what is due.
 */
export function listOwnStatements(ctx: Ctx, input: z.output<typeof schemas.driverOwnStatementListInput>) {
  const where = sql`s.company_id = ${ctx.session.companyId} and s.driver_id = ${signedInDriverId(ctx)}
    and s.status in ('approved', 'settled')`;
  return listPage(input, {
    count: async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from driver_statements s where ${where}`))
          .rows[0]?.n ?? 0,
      ),
    rows: async (limit, offset) =>
      (
        await ctx.db.execute(
          sql`select s.* from driver_statements s where ${where}
            order by s.period_from desc, s.id desc limit ${limit} offset ${offset}`,
        )
      ).rows.map((r): Row => {
        const row = statementRowOf(r);
        return {
          id: row.id,
          statementNo: row.statementNo,
          status: row.status as Row['status'],
          periodFrom: row.periodFrom,
          periodTo: row.periodTo,
          earnedMinor: row.earnedMinor,
          bonusesMinor: row.bonusesMinor,
          expensesMinor: row.expensesMinor,
          adjustmentsMinor: row.adjustmentsMinor,
          deductionsMinor: row.deductionsMinor,
          cashCollectedMinor: row.cashCollectedMinor,
          netMinor: row.netMinor,
          settledMinor: row.settledMinor,
          dueMinor: row.dueMinor,
          approvedAt: row.approvedAt,
        };
      }),
  });
}
