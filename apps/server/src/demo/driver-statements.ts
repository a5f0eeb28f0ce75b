import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { companyFacts } from '../domains/company/facts';
import { addAdjustment } from '../domains/driver-pay/adjustments';
import { approveStatements } from '../domains/driver-pay/approve';
import { generatePeriod } from '../domains/driver-pay/generate';
import { driverModels } from '../domains/driver-pay/jobs';
import { driverStatements } from '../domains/driver-pay/schema';
import { settleStatements } from '../domains/driver-pay/settle';
import { NEGATIVE_NET_LIMIT } from '../domains/driver-pay/totals';
import { drivers } from '../domains/drivers/schema';
import { demoContext } from './invoices';

/*
 * The demo's driver statements (docs/driver-pay.md): last month's weeks (Monday to Sunday, each
 * starting in last month on the company's calendar) made for the drivers with a pay model through the
 * same functions as the calls — generated, approved (ledger postings and numbers included), the
 * oldest week settled by bank transfer — and the latest week left generated for the office to look
 * at, one of its statements in attention.
 */

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The weeks of the month before `today`'s: each Monday of that month to its Sunday, all before today. */
export function lastMonthWeeks(today: string): { fromDate: string; toDate: string }[] {
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  const month = first.toISOString().slice(0, 7);
  const weeks: { fromDate: string; toDate: string }[] = [];
  const offset = (8 - first.getUTCDay()) % 7; // days to the month's first Monday
  for (let day = addDays(`${month}-01`, offset); day.startsWith(month); day = addDays(day, 7)) {
    if (addDays(day, 6) < today) weeks.push({ fromDate: day, toDate: addDays(day, 6) });
  }
  return weeks;
}

export async function seedDriverStatements(db: Db, companyId: number): Promise<void> {
  const ctx = demoContext(db, companyId);
  const { timezone } = await companyFacts(ctx);
  const today = (
    await db.execute<{ d: string }>(sql`select to_char((now() at time zone ${timezone})::date, 'YYYY-MM-DD') as d`)
  ).rows[0]!.d;
  const weeks = lastMonthWeeks(today);
  if (!weeks.length) return;

  // The drivers with a pay model (their own or their type's) are paid; they get bank details, so
  // their statements need a person only for what the demo means them to.
  const all = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.companyId, companyId));
  const models = await driverModels(
    ctx,
    all.map((d) => d.id),
  );
  const paid = [...models].filter(([, model]) => model !== null).map(([id]) => id);
  if (!paid.length) return;
  for (const id of paid) {
    await db
      .update(drivers)
      .set({ bankSortCode: '20-00-00', bankAccountNumber: String(40_000_000 + id).slice(-8) })
      .where(and(eq(drivers.companyId, companyId), eq(drivers.id, id), isNull(drivers.bankAccountNumber)));
  }

  // The office validated last month's done jobs (at their price: nothing to post, as for invoices).
  const from = weeks[0]!.fromDate;
  const to = weeks.at(-1)!.toDate;
  await db.execute(sql`
    insert into booking_validations (company_id, booking_id, status, accepted_minor, validated_at)
    select b.company_id, b.id, 'validated', b.price_minor, coalesce(b.completed_at, b.pickup_at) + interval '1 day'
    from bookings b
    where b.company_id = ${companyId} and b.driver_id is not null and b.status in ('completed', 'no_show')
      and b.price_minor > 0
      and (b.pickup_at at time zone ${timezone})::date between ${from}::date and ${to}::date
    on conflict do nothing`);

  const made: number[][] = [];
  for (const week of weeks) {
    try {
      made.push((await generatePeriod(ctx, { ...week, driverIDs: paid }, Number.MAX_SAFE_INTEGER)).made);
    } catch (error) {
      // A week with no jobs to pay (409) makes nothing; anything else is a fault of the demo.
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      made.push([]);
    }
  }
  const latest = made.at(-1)!;
  const earlier = made.slice(0, -1).flat();
  if (earlier.length) await approveStatements(ctx, earlier);
  const oldest = made[0]!;
  if (made.length > 1 && oldest.length) {
    const due = await db
      .select({ id: driverStatements.id })
      .from(driverStatements)
      .where(
        and(
          eq(driverStatements.companyId, companyId),
          inArray(driverStatements.id, oldest),
          eq(driverStatements.status, 'approved'),
        ),
      );
    const paidAt = addDays(weeks[0]!.toDate, 5);
    if (due.length) {
      await settleStatements(ctx, {
        ids: due.map((s) => s.id),
        method: 'bank',
        reference: `BACS ${weeks[0]!.fromDate}`,
        paidAt: `${paidAt < today ? paidAt : today}T10:00:00Z`,
      });
    }
  }

  // The latest week stays generated; its statement netting lowest gets the excess of a damage
  // claim, which takes it below the limit a person must look at (attention).
  if (!latest.length) return;
  const [lowest] = await db
    .select({ id: driverStatements.id, netMinor: driverStatements.netMinor })
    .from(driverStatements)
    .where(and(eq(driverStatements.companyId, companyId), inArray(driverStatements.id, latest)))
    .orderBy(driverStatements.netMinor, driverStatements.id)
    .limit(1);
  if (!lowest) return;
  const excess = Math.ceil((Math.max(lowest.netMinor, 0) + NEGATIVE_NET_LIMIT + 10_000) / 5_000) * 5_000;
  await addAdjustment(ctx, {
    statementId: lowest.id,
    amountMinor: -excess,
    reason: 'Insurance excess: rear bumper damage, company car',
  });
}
