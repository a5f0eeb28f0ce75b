import { sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { invoiceLines } from './schema';
import { lineMoney } from './totals';

type Ctx = CallContext<Session>;

/*
 * A driver's expense the client pays (docs/driver-expenses.md) is billed on the invoice that bills
 * its job: one line per approved client-paid expense, described by its expense type, with the type's
 * VAT rate (0 without one). The amount is what the driver paid, VAT included. The unique index
 * invoice_lines_driver_expense_key bills an expense once whatever races.
 */

interface ExpenseRaw extends Record<string, unknown> {
  id: number;
  booking_id: number;
  amount_minor: string | number;
  type_name: string;
  rate_bp: number | null;
  service_date: string | null;
}

/**
 * Adds the approved client-paid expenses of these bookings that are on no invoice yet to the end of
 * an invoice's lines. The caller resets the invoice's totals.
 */
export async function addExpenseLines(ctx: Ctx, invoiceId: number, bookingIds: number[], tz: string): Promise<number> {
  if (!bookingIds.length) return 0;
  const companyId = ctx.session.companyId;
  const ids = sql.join(
    bookingIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await ctx.db.execute<ExpenseRaw>(sql`
    select e.id, e.booking_id, e.amount_minor, t.name as type_name, x.rate_bp,
      to_char((b.pickup_at at time zone ${tz})::date, 'YYYY-MM-DD') as service_date
    from driver_expenses e
    join booking_expense_types t on t.company_id = e.company_id and t.id = e.expense_type_id
    left join taxes x on x.company_id = t.company_id and x.id = t.tax_id
    join bookings b on b.company_id = e.company_id and b.id = e.booking_id
    where e.company_id = ${companyId} and e.booking_id in (${ids})
      and e.status = 'approved' and e.paid_by = 'client'
      and not exists (select 1 from invoice_lines l where l.company_id = e.company_id and l.driver_expense_id = e.id)
    order by e.booking_id, e.id`);
  if (!found.rows.length) return 0;
  const [last] = (
    await ctx.db.execute<{ position: number }>(
      sql`select coalesce(max(position), 0)::int as position from invoice_lines
          where company_id = ${companyId} and invoice_id = ${invoiceId}`,
    )
  ).rows;
  let position = last?.position ?? 0;
  const values = found.rows.map((e) => {
    position += 1;
    const amount = Number(e.amount_minor);
    return {
      companyId,
      invoiceId,
      driverExpenseId: Number(e.id),
      position,
      serviceDate: e.service_date,
      description: e.type_name,
      reference: `Job ${e.booking_id}`,
      quantity: 1,
      unitPriceMinor: amount,
      ...lineMoney(amount, e.rate_bp ?? 0, true),
    };
  });
  await ctx.db.insert(invoiceLines).values(values);
  return values.length;
}

/** Takes off an invoice the expense lines whose job is no longer on it. */
export async function dropOrphanExpenseLines(ctx: Ctx, invoiceId: number): Promise<void> {
  const companyId = ctx.session.companyId;
  await ctx.db.execute(sql`
    delete from invoice_lines l using driver_expenses e
    where l.company_id = ${companyId} and l.invoice_id = ${invoiceId} and e.company_id = l.company_id
      and e.id = l.driver_expense_id
      and not exists (select 1 from invoice_lines j where j.company_id = l.company_id and j.invoice_id = l.invoice_id
                      and j.booking_id = e.booking_id)`);
}
