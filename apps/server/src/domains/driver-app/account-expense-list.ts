import { and, count, eq, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { driverExpenses } from '../driver-expenses/schema';
import { bookingExpenseTypes } from '../reference-data/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

const sortable = {
  createdAt: driverExpenses.createdAt,
  amountMinor: driverExpenses.amountMinor,
  status: driverExpenses.status,
  expenseTypeName: bookingExpenseTypes.name,
};

const typeOfExpense = and(
  eq(bookingExpenseTypes.companyId, driverExpenses.companyId),
  eq(bookingExpenseTypes.id, driverExpenses.expenseTypeId),
);

const columns = {
  id: driverExpenses.id,
  expenseTypeId: driverExpenses.expenseTypeId,
  expenseTypeName: bookingExpenseTypes.name,
  bookingId: driverExpenses.bookingId,
  amountMinor: driverExpenses.amountMinor,
  currency: driverExpenses.currency,
  note: driverExpenses.note,
  receiptKey: driverExpenses.receiptKey,
  status: driverExpenses.status,
  decidedAt: driverExpenses.decidedAt,
  declineReason: driverExpenses.declineReason,
  createdAt: driverExpenses.createdAt,
};

/**
 * Driver/GetTableSummaryDriverExpenseDrvApp: only the signed-in driver's expenses, whatever the
 * payload says; the receipt is answered as a signed address, never as its storage key.
 */
export function listOwnExpenses(ctx: Ctx, input: z.output<typeof schemas.driverOwnExpenseListInput>) {
  const where: SQL | undefined = and(
    eq(driverExpenses.companyId, ctx.session.companyId),
    eq(driverExpenses.driverId, signedInDriverId(ctx)),
    input.status ? eq(driverExpenses.status, input.status) : undefined,
    searchAny(input.q, [bookingExpenseTypes.name, driverExpenses.note]),
  );
  const order = orderFrom(input, sortable, { column: 'createdAt', type: 'desc' }, driverExpenses.id);
  return listPage(input, {
    count: async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(driverExpenses)
          .innerJoin(bookingExpenseTypes, typeOfExpense)
          .where(where)
      )[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const raws = await ctx.db
        .select(columns)
        .from(driverExpenses)
        .innerJoin(bookingExpenseTypes, typeOfExpense)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return raws.map(({ receiptKey, decidedAt, createdAt, ...r }) => ({
        ...r,
        hasReceipt: receiptKey !== null,
        receiptUrl: ctx.services.files.url(receiptKey),
        decidedAt: decidedAt?.toISOString() ?? null,
        createdAt: createdAt.toISOString(),
      }));
    },
  });
}
