import { and, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { listPage } from '../../platform/http/list';
import { minor } from '../payments/finance-filters';
import { postEntry, reverseEntry } from '../ledger/post';
import { driverNameOf } from './lists';
import { driverStatementSettlements, driverStatements } from './schema';
import { lockStatement, statementName } from './totals';

type Ctx = CallContext<Session>;
type Kind = 'bill' | 'invoice';

/*
 * Settling (docs/driver-pay.md#ledger): a 'bill' payment pays an approved statement's pay-to to the
 * driver (driverBalance ← bank), an 'invoice' payment takes its collect-from from them (bank ←
 * driverBalance). Never more than is due; the statement is settled when all of it is paid. A
 * deleted payment is reversed in the ledger and counts no more.
 */

const words: Record<Kind, { due: string; none: string }> = {
  bill: { due: 'to pay to the driver', none: 'owes the driver nothing' },
  invoice: { due: 'to collect from the driver', none: 'has nothing to collect from the driver' },
};

export interface PaymentInput {
  statementId: number;
  amountMinor: number;
  method: 'bank' | 'cash';
  reference?: string | undefined;
  paidAt?: string | undefined;
}

/** Records one payment against an approved statement; answers the payment's id. */
export async function recordPayment(ctx: Ctx, kind: Kind, input: PaymentInput): Promise<number> {
  const s = await lockStatement(ctx, input.statementId);
  if (s.status !== 'approved' && s.status !== 'settled') {
    throw conflict(`Driver statement ${statementName(s)} is ${s.status}: approve it before settling.`, {
      id: s.id,
      status: s.status,
    });
  }
  const total = kind === 'bill' ? s.payToDriverMinor : s.collectFromDriverMinor;
  if (total === 0) throw conflict(`Driver statement ${statementName(s)} ${words[kind].none}.`, { id: s.id });
  const due = total - s.settledMinor;
  if (input.amountMinor > due) {
    throw conflict(
      `Driver statement ${statementName(s)} has ${due} left ${words[kind].due}: ${input.amountMinor} is more than is due.`,
      { id: s.id, dueMinor: due, amountMinor: input.amountMinor },
    );
  }
  const companyId = ctx.session.companyId;
  const balance = { kind: 'driverBalance' as const, ownerId: s.driverId };
  const bank = { kind: 'bank' as const };
  const [count] = (
    await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from driver_statement_settlements where company_id = ${companyId} and statement_id = ${s.id}`,
    )
  ).rows;
  const entry = await postEntry(ctx, {
    kind: kind === 'bill' ? 'driverPaid' : 'driverCollected',
    description: `Driver statement ${statementName(s)}: ${kind === 'bill' ? 'paid to' : 'collected from'} the driver`,
    idempotencyKey: `driver-statement:${s.id}:${kind}:${(count?.n ?? 0) + 1}`,
    lines:
      kind === 'bill'
        ? [
            { account: balance, amount: input.amountMinor },
            { account: bank, amount: -input.amountMinor },
          ]
        : [
            { account: bank, amount: input.amountMinor },
            { account: balance, amount: -input.amountMinor },
          ],
  });
  const [payment] = await ctx.db
    .insert(driverStatementSettlements)
    .values({
      companyId,
      statementId: s.id,
      kind,
      amountMinor: input.amountMinor,
      method: input.method,
      reference: input.reference?.trim() || null,
      paidAt: input.paidAt ? new Date(input.paidAt) : new Date(),
      journalEntryId: entry.id,
      createdBy: ctx.session.userId || null,
    })
    .returning({ id: driverStatementSettlements.id });
  const settled = s.settledMinor + input.amountMinor;
  await ctx.db
    .update(driverStatements)
    .set({
      settledMinor: settled,
      status: settled === total ? 'settled' : 'approved',
      version: sql`${driverStatements.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(driverStatements.companyId, companyId), eq(driverStatements.id, s.id)));
  return payment!.id;
}

/** SettlePayments: each statement's whole rest, to or from the driver as it nets. */
export async function settleStatements(
  ctx: Ctx,
  input: { ids: number[]; method: 'bank' | 'cash'; reference?: string | undefined; paidAt?: string | undefined },
): Promise<number[]> {
  const made: number[] = [];
  for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
    const s = await lockStatement(ctx, id);
    const kind: Kind = s.payToDriverMinor > 0 ? 'bill' : 'invoice';
    const due = (kind === 'bill' ? s.payToDriverMinor : s.collectFromDriverMinor) - s.settledMinor;
    if (s.status === 'settled' || due <= 0) {
      throw conflict(`Driver statement ${statementName(s)} has nothing left to settle.`, { id, status: s.status });
    }
    made.push(await recordPayment(ctx, kind, { ...input, statementId: id, amountMinor: due }));
  }
  return made;
}

/** DeleteBillPayments / DeleteInvoicePayments: the payment is reversed; the statement is due again. */
export async function deletePayment(ctx: Ctx, kind: Kind, id: number): Promise<number> {
  const companyId = ctx.session.companyId;
  const [payment] = await ctx.db
    .select()
    .from(driverStatementSettlements)
    .where(
      and(
        eq(driverStatementSettlements.companyId, companyId),
        eq(driverStatementSettlements.id, id),
        eq(driverStatementSettlements.kind, kind),
      ),
    );
  if (!payment) throw notFound(`${kind === 'bill' ? 'Bill' : 'Invoice'} payment ${id}`);
  const s = await lockStatement(ctx, payment.statementId);
  if (payment.reversalEntryId !== null) throw conflict(`Payment ${id} is already deleted.`, { id });
  const reversal = await reverseEntry(
    ctx,
    payment.journalEntryId,
    `Driver statement ${statementName(s)}: payment deleted`,
  );
  await ctx.db
    .update(driverStatementSettlements)
    .set({ reversalEntryId: reversal.id, updatedAt: new Date() })
    .where(and(eq(driverStatementSettlements.companyId, companyId), eq(driverStatementSettlements.id, id)));
  await ctx.db
    .update(driverStatements)
    .set({
      settledMinor: s.settledMinor - payment.amountMinor,
      status: 'approved',
      version: sql`${driverStatements.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(driverStatements.companyId, companyId), eq(driverStatements.id, s.id)));
  return payment.statementId;
}

type PaymentRow = z.output<typeof schemas.settlementRow>;

const paymentColumns = sql`p.*, s.statement_no, s.driver_id, ${driverNameOf} as driver_name`;
const paymentFrom = sql`driver_statement_settlements p join driver_statements s on s.company_id = p.company_id and s.id = p.statement_id`;

const paymentOf = (r: Record<string, unknown>): PaymentRow => ({
  id: Number(r.id),
  statementId: Number(r.statement_id),
  statementNo: (r.statement_no as string | null) ?? null,
  driverId: Number(r.driver_id),
  driverName: String(r.driver_name ?? ''),
  kind: r.kind as Kind,
  amountMinor: minor(r.amount_minor),
  method: String(r.method),
  reference: (r.reference as string | null) ?? null,
  paidAt: (r.paid_at instanceof Date ? r.paid_at : new Date(String(r.paid_at))).toISOString(),
  journalEntryId: Number(r.journal_entry_id),
});

export async function paymentRows(ctx: Ctx, ids: number[]): Promise<PaymentRow[]> {
  if (!ids.length) return [];
  const res = await ctx.db.execute(sql`select ${paymentColumns} from ${paymentFrom}
    where p.company_id = ${ctx.session.companyId} and p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by p.id`);
  return res.rows.map(paymentOf);
}

/** GetBillPayments / GetDriversInvoice: the payments recorded (deleted ones left out). */
export async function listPayments(ctx: Ctx, kind: Kind, input: z.output<typeof schemas.paymentListInput>) {
  const parts = [sql`p.company_id = ${ctx.session.companyId}`, sql`p.kind = ${kind}`, sql`p.reversal_entry_id is null`];
  if (input.statementId) parts.push(sql`p.statement_id = ${input.statementId}`);
  if (input.driverID) parts.push(sql`s.driver_id = ${input.driverID}`);
  const where = sql.join(parts, sql` and `);
  return listPage(input, {
    count: async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${paymentFrom} where ${where}`)).rows[0]
          ?.n ?? 0,
      ),
    rows: async (limit, offset) =>
      (
        await ctx.db.execute(
          sql`select ${paymentColumns} from ${paymentFrom} where ${where} order by p.paid_at desc, p.id desc limit ${limit} offset ${offset}`,
        )
      ).rows.map(paymentOf),
  });
}

/** GetDriversBillTotalPayment / GetDriversInvoiceTotalPayment: per driver, what approved statements owe and what is paid. */
export async function paymentTotals(ctx: Ctx, kind: Kind, input: z.output<typeof schemas.paymentTotalsInput>) {
  const amount = kind === 'bill' ? sql`s.pay_to_driver_minor` : sql`s.collect_from_driver_minor`;
  const parts = [
    sql`s.company_id = ${ctx.session.companyId}`,
    sql`s.status in ('approved', 'settled')`,
    sql`${amount} > 0`,
  ];
  if (input.driverID) parts.push(sql`s.driver_id = ${input.driverID}`);
  if (input.fromDate) parts.push(sql`s.period_to >= ${input.fromDate}`);
  if (input.toDate) parts.push(sql`s.period_from <= ${input.toDate}`);
  const where = sql.join(parts, sql` and `);
  const res = await ctx.db.execute(sql`
    select s.driver_id, min(${driverNameOf}) as driver_name, count(*)::int as statements,
      sum(${amount})::bigint as total, sum(s.settled_minor)::bigint as paid
    from driver_statements s where ${where} group by s.driver_id order by min(${driverNameOf}), s.driver_id`);
  const rows = res.rows.map((r) => ({
    driverId: Number(r.driver_id),
    driverName: String(r.driver_name ?? ''),
    statements: Number(r.statements),
    totalMinor: minor(r.total),
    paidMinor: minor(r.paid),
    dueMinor: minor(r.total) - minor(r.paid),
  }));
  return listPage(input, {
    count: async () => rows.length,
    rows: async (limit, offset) => rows.slice(offset, offset + limit),
  });
}
