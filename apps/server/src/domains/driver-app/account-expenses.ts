import { and, eq } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { fieldError } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import { companies } from '../company/schema';
import { driverExpenses } from '../driver-expenses/schema';
import { bookingExpenseTypes } from '../reference-data/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

/** An active expense type of the company that the office made available in the driver app. */
async function driverAppExpenseType(ctx: Ctx, id: number) {
  const [type] = await ctx.db
    .select()
    .from(bookingExpenseTypes)
    .where(
      and(
        eq(bookingExpenseTypes.companyId, ctx.session.companyId),
        eq(bookingExpenseTypes.id, id),
        eq(bookingExpenseTypes.isActive, true),
        eq(bookingExpenseTypes.isAvailableInDriverApp, true),
      ),
    );
  if (!type) throw fieldError('expenseTypeId', 'must be an expense type offered in the driver app');
  return type;
}

/** A booking of the signed-in driver; anyone else's booking is answered as if it did not exist. */
async function checkOwnBooking(ctx: Ctx, bookingId: number) {
  const [job] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, ctx.session.companyId),
        eq(bookings.id, bookingId),
        eq(bookings.driverId, signedInDriverId(ctx)),
      ),
    );
  if (!job) throw fieldError('bookingId', 'must be one of your own jobs');
}

/**
 * Driver/AddDriverExpenseFromDriverApp: a pending expense the office approves or declines later.
 * The receipt is stored last, once every check has passed, so a refused expense leaves no file.
 */
export async function addOwnExpense(ctx: Ctx, input: z.output<typeof schemas.driverExpenseAddInput>) {
  const driverId = signedInDriverId(ctx);
  const type = await driverAppExpenseType(ctx, input.expenseTypeId);
  if (input.bookingId !== undefined) await checkOwnBooking(ctx, input.bookingId);
  if (type.requiresReceipt && !input.receipt) throw fieldError('receipt', `is required for ${type.name}`);
  const [company] = await ctx.db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  const receiptKey = input.receipt
    ? await ctx.services.files.save(ctx.session.companyId, 'driver-expenses', input.receipt, 'receipt')
    : null;
  const [row] = await ctx.db
    .insert(driverExpenses)
    .values({
      companyId: ctx.session.companyId,
      driverId,
      bookingId: input.bookingId ?? null,
      expenseTypeId: type.id,
      amountMinor: input.amountMinor,
      currency: company?.currency ?? 'GBP',
      note: input.note || null,
      receiptKey,
      createdBy: ctx.session.userId,
    })
    .returning();
  if (!row) throw new Error('expense insert answered nothing');
  await recordAudit(ctx, {
    entityType: 'driver_expense',
    entityId: row.id,
    action: 'created',
    source: 'driver',
    changes: {
      expenseType: { before: null, after: type.name },
      amountMinor: { before: null, after: row.amountMinor },
      bookingId: { before: null, after: row.bookingId },
    },
  });
  return {
    data: {
      id: row.id,
      expenseTypeId: type.id,
      expenseTypeName: type.name,
      bookingId: row.bookingId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      note: row.note,
      hasReceipt: row.receiptKey !== null,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    },
    message: `Expense of ${type.name} sent for approval.`,
  };
}
