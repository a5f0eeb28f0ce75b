import { sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, searchWords } from '../../platform/http/list';
import { companyFacts } from '../company/facts';
import { dayRange, joinAnd, orderBy } from '../payments/finance-filters';
import type { driverExpenseStatuses } from './schema';

type Ctx = CallContext<Session>;
type Status = (typeof driverExpenseStatuses)[number];
type ListInput = z.output<typeof schemas.officeExpenseListInput>;
export type OfficeExpenseRow = z.output<typeof schemas.officeExpenseRow>;

const driverName = sql`trim(concat_ws(' ', d.first_name, d.last_name))`;

/** The expense `e` with its driver `d` and type `t`; the invoice line `l` and invoice `i` it is billed on, if any. */
const from = sql`driver_expenses e
  join drivers d on d.company_id = e.company_id and d.id = e.driver_id
  join booking_expense_types t on t.company_id = e.company_id and t.id = e.expense_type_id`;
const billedOn = sql`left join invoice_lines l on l.company_id = e.company_id and l.driver_expense_id = e.id
  left join invoices i on i.company_id = l.company_id and i.id = l.invoice_id`;

const sortable: Record<string, SQL> = {
  createdAt: sql`e.created_at`,
  amountMinor: sql`e.amount_minor`,
  driverName,
  expenseTypeName: sql`t.name`,
  bookingId: sql`e.booking_id`,
  decidedAt: sql`e.decided_at`,
};

interface Raw extends Record<string, unknown> {
  id: number;
  driver_id: number;
  driver_name: string;
  booking_id: number | null;
  expense_type_id: number;
  expense_type_name: string;
  amount_minor: string | number;
  currency: string;
  note: string | null;
  receipt_key: string | null;
  status: Status;
  paid_by: 'company' | 'client';
  decline_reason: string | null;
  decided_at: Date | string | null;
  decided_by_name: string | null;
  statement_id: number | null;
  invoice_id: number | null;
  invoice_no: string | null;
  version: number;
  created_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const columns = sql`e.id, e.driver_id, ${driverName} as driver_name, e.booking_id, e.expense_type_id,
  t.name as expense_type_name, e.amount_minor, e.currency, e.note, e.receipt_key, e.status, e.paid_by,
  e.decline_reason, e.decided_at, (select u.full_name from users u where u.id = e.decided_by) as decided_by_name,
  e.statement_id, l.invoice_id, i.invoice_no, e.version, e.created_at`;

function rowOf(ctx: Ctx, r: Raw): OfficeExpenseRow {
  const invoiceId = r.invoice_id === null ? null : Number(r.invoice_id);
  const statementId = r.statement_id === null ? null : Number(r.statement_id);
  return {
    id: Number(r.id),
    driverId: Number(r.driver_id),
    driverName: r.driver_name,
    bookingId: r.booking_id === null ? null : Number(r.booking_id),
    expenseTypeId: Number(r.expense_type_id),
    expenseTypeName: r.expense_type_name,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    note: r.note,
    hasReceipt: r.receipt_key !== null,
    receiptUrl: ctx.services.files.url(r.receipt_key),
    status: r.status,
    paidBy: r.paid_by,
    declineReason: r.decline_reason,
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
    decidedByName: r.decided_by_name,
    statementId,
    invoiceId,
    invoiceNo: r.invoice_no,
    isLocked: invoiceId !== null || statementId !== null,
    version: Number(r.version),
    createdAt: iso(r.created_at),
  };
}

/** "#123" finds the expenses of booking 123; "123" those and expense 123 too; words search names, type, note. */
function searchOf(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const booking = /^#(\d{1,9})$/.exec(term)?.[1];
  if (booking) return sql`e.booking_id = ${Number(booking)}`;
  const words = searchWords(term, [driverName, sql`coalesce(d.callsign, '')`, sql`t.name`, sql`coalesce(e.note, '')`]);
  const number = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return number === null ? words : sql`(e.booking_id = ${number} or e.id = ${number} or ${words})`;
}

/** GetPendingBookExpenses, GetApprovedBookExpenses, GetDeclinedBookExpenses: one status each, newest first. */
export async function listOfficeExpenses(ctx: Ctx, status: Status, input: ListInput) {
  const { timezone } = await companyFacts(ctx);
  const parts: SQL[] = [
    sql`e.company_id = ${ctx.session.companyId}`,
    sql`e.status = ${status}`,
    ...dayRange(sql`e.created_at`, input, timezone),
  ];
  if (input.driverID) parts.push(sql`e.driver_id = ${input.driverID}`);
  if (input.bookingID) parts.push(sql`e.booking_id = ${input.bookingID}`);
  if (input.expenseTypeID) parts.push(sql`e.expense_type_id = ${input.expenseTypeID}`);
  const search = searchOf(input.q);
  if (search) parts.push(search);
  const where = joinAnd(parts);
  const order = orderBy(input, sortable, 'createdAt', sql`e.id`);
  return listPage(input, {
    count: async () =>
      (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${where}`)).rows[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const found = await ctx.db.execute<Raw>(
        sql`select ${columns} from ${from} ${billedOn} where ${where} order by ${order} limit ${limit} offset ${offset}`,
      );
      return found.rows.map((r) => rowOf(ctx, r));
    },
  });
}

/** One expense of the caller's company as the lists show it, or undefined. */
export async function officeExpenseById(ctx: Ctx, id: number): Promise<OfficeExpenseRow | undefined> {
  const found = await ctx.db.execute<Raw>(
    sql`select ${columns} from ${from} ${billedOn} where e.company_id = ${ctx.session.companyId} and e.id = ${id}`,
  );
  const raw = found.rows[0];
  return raw ? rowOf(ctx, raw) : undefined;
}
