import { and, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { badRequest, conflict, fieldError, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import { companyFacts } from '../company/facts';
import { notifyDriverOfExpense } from '../driver-app/notify-driver';
import { addExpenseLines } from '../invoicing/expense-lines';
import { resetTotals } from '../invoicing/drafts';
import { bookingExpenseTypes } from '../reference-data/schema';
import { driverExpenses } from './schema';

type Ctx = CallContext<Session>;
type Expense = typeof driverExpenses.$inferSelect;
type UpdateInput = z.output<typeof schemas.officeExpenseUpdateInput>;
type Payer = Expense['paidBy'];

/** The expense, locked for the change; another company's is answered as if it did not exist. */
async function lockExpense(ctx: Ctx, id: number): Promise<Expense> {
  const [row] = await ctx.db
    .select()
    .from(driverExpenses)
    .where(and(eq(driverExpenses.companyId, ctx.session.companyId), eq(driverExpenses.id, id)))
    .for('update');
  if (!row) throw notFound(`Expense ${id}`);
  return row;
}

/** The invoice an expense is billed on, if any. */
async function invoiceOf(ctx: Ctx, expenseId: number) {
  const found = await ctx.db.execute<{ id: number; invoice_no: string | null }>(sql`
    select i.id, i.invoice_no from invoice_lines l join invoices i on i.company_id = l.company_id and i.id = l.invoice_id
    where l.company_id = ${ctx.session.companyId} and l.driver_expense_id = ${expenseId}`);
  return found.rows[0];
}

/** An expense on a driver's statement or a client's invoice is settled money: it never changes again. */
async function refuseSettled(ctx: Ctx, row: Expense, doing: string): Promise<void> {
  if (row.statementId !== null) {
    throw conflict(`Expense ${row.id} is on driver statement ${row.statementId}: it cannot be ${doing}.`, {
      statementId: row.statementId,
    });
  }
  const invoice = await invoiceOf(ctx, row.id);
  if (invoice) {
    throw conflict(
      `Expense ${row.id} is billed on invoice ${invoice.invoice_no ?? `draft #${invoice.id}`}: it cannot be ${doing}. Take its line off the draft first.`,
      { invoiceId: Number(invoice.id) },
    );
  }
}

/** An active expense type of the company (any type, not only those offered in the driver app). */
async function officeExpenseType(ctx: Ctx, id: number) {
  const [type] = await ctx.db
    .select({ id: bookingExpenseTypes.id, name: bookingExpenseTypes.name })
    .from(bookingExpenseTypes)
    .where(
      and(
        eq(bookingExpenseTypes.companyId, ctx.session.companyId),
        eq(bookingExpenseTypes.id, id),
        eq(bookingExpenseTypes.isActive, true),
      ),
    );
  if (!type) throw fieldError('expenseTypeId', 'must be an active expense type of the company');
  return type;
}

/** The booking's client and the invoice its job is on, when a client is to pay the expense. */
async function clientJob(ctx: Ctx, bookingId: number | null) {
  if (bookingId === null) throw fieldError('paidBy', 'can be client only for an expense of a booking');
  const [job] = await ctx.db
    .select({ clientId: bookings.clientId })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  if (!job?.clientId) throw fieldError('paidBy', `can be client only when booking ${bookingId} has a client`);
  const found = await ctx.db.execute<{ id: number; status: string; invoice_no: string | null }>(sql`
    select i.id, i.status, i.invoice_no from invoice_lines l join invoices i on i.company_id = l.company_id and i.id = l.invoice_id
    where l.company_id = ${ctx.session.companyId} and l.booking_id = ${bookingId}`);
  return found.rows[0];
}

/**
 * Who bears an expense approved without saying: the company. (Expense types carry no such flag yet;
 * when they do, the type's choice goes here.)
 */
const defaultPayer = (): Payer => 'company';

/**
 * DriverBookingExpense/Update: a decision and/or an edit, in one transaction with its audit row, the
 * driver's notification and, for an approved expense the client pays whose job is on a draft
 * invoice, its invoice line.
 */
export async function updateOfficeExpense(ctx: Ctx, input: UpdateInput): Promise<void> {
  const asked = ['status', 'declineReason', 'amountMinor', 'expenseTypeId', 'paidBy'] as const;
  if (!asked.some((k) => input[k] !== undefined)) {
    throw badRequest('Nothing to change: send status, declineReason, amountMinor, expenseTypeId or paidBy.');
  }
  const row = await lockExpense(ctx, input.id);
  if (input.version !== undefined && input.version !== row.version) {
    throw conflict(`Expense ${row.id} changed meanwhile; look again.`, { version: row.version, status: row.status });
  }
  await refuseSettled(ctx, row, 'changed');

  const status = input.status ?? row.status;
  const decided = status !== row.status;
  if (input.declineReason !== undefined && status !== 'declined') {
    throw fieldError('declineReason', 'is only for a decline (status declined)');
  }
  if (decided && status === 'declined' && input.declineReason === undefined) {
    throw fieldError('declineReason', 'is required to decline an expense');
  }
  const paidBy: Payer = input.paidBy ?? (decided && status === 'approved' ? defaultPayer() : row.paidBy);
  const billedJob = paidBy === 'client' ? await clientJob(ctx, row.bookingId) : undefined;
  if (status === 'approved' && paidBy === 'client' && billedJob && billedJob.status !== 'draft') {
    throw conflict(
      `Booking ${row.bookingId} is already billed on issued invoice ${billedJob.invoice_no}: its client cannot pay this expense on it. Let the company pay it, or bill it by hand.`,
      { invoiceId: Number(billedJob.id) },
    );
  }
  const typeName =
    input.expenseTypeId !== undefined && input.expenseTypeId !== row.expenseTypeId
      ? (await officeExpenseType(ctx, input.expenseTypeId)).name
      : undefined;

  const set = {
    status,
    paidBy,
    amountMinor: input.amountMinor ?? row.amountMinor,
    expenseTypeId: input.expenseTypeId ?? row.expenseTypeId,
    declineReason: status === 'declined' ? (input.declineReason ?? row.declineReason) : null,
    ...(decided
      ? {
          decidedBy: status === 'pending' ? null : ctx.session.userId,
          decidedAt: status === 'pending' ? null : new Date(),
        }
      : {}),
  };
  const changes = changesOf(row, set);
  if (!Object.keys(changes).length) return;
  if (typeName) changes.expenseType = { before: row.expenseTypeId, after: typeName };
  await ctx.db
    .update(driverExpenses)
    .set({ ...set, version: row.version + 1, updatedAt: new Date() })
    .where(and(eq(driverExpenses.companyId, ctx.session.companyId), eq(driverExpenses.id, row.id)));
  await recordAudit(ctx, {
    entityType: 'driver_expense',
    entityId: row.id,
    action: decided ? { approved: 'approved', declined: 'declined', pending: 'reopened' }[status] : 'updated',
    changes,
  });
  if (status === 'approved' && paidBy === 'client' && billedJob) {
    const { timezone } = await companyFacts(ctx);
    await addExpenseLines(ctx, Number(billedJob.id), [row.bookingId as number], timezone);
    await resetTotals(ctx, Number(billedJob.id));
  }
  if (decided && status !== 'pending') {
    await notifyDriverOfExpense(ctx, {
      driverId: row.driverId,
      bookingId: row.bookingId,
      expenseId: row.id,
      status,
      amountMinor: set.amountMinor,
      currency: row.currency,
      reason: set.declineReason,
    });
  }
}

function changesOf(before: Expense, after: Partial<Expense>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    const was = before[key as keyof Expense];
    const same = was instanceof Date || value instanceof Date ? false : was === value;
    if (!same && key !== 'decidedBy' && key !== 'decidedAt') changes[key] = { before: was, after: value };
  }
  return changes;
}

/** DriverBookingExpense/DeleteExpense: a pending or declined expense, never settled money; its receipt after the commit. */
export async function deleteOfficeExpense(ctx: Ctx, id: number): Promise<void> {
  const row = await lockExpense(ctx, id);
  await refuseSettled(ctx, row, 'deleted');
  if (row.status === 'approved') {
    throw conflict(`Expense ${row.id} is approved: decline it or take the approval back before deleting it.`, {
      status: row.status,
    });
  }
  await ctx.db
    .delete(driverExpenses)
    .where(and(eq(driverExpenses.companyId, ctx.session.companyId), eq(driverExpenses.id, row.id)));
  await recordAudit(ctx, {
    entityType: 'driver_expense',
    entityId: row.id,
    action: 'deleted',
    changes: {
      status: { before: row.status, after: null },
      amountMinor: { before: row.amountMinor, after: null },
      driverId: { before: row.driverId, after: null },
    },
  });
  const receipt = row.receiptKey;
  if (receipt) ctx.afterCommit(() => ctx.services.files.remove(receipt));
}
