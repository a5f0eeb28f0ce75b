import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { users } from '../domains/auth/schema';
import { companies } from '../domains/company/schema';
import { driverExpenses } from '../domains/driver-expenses/schema';
import { bookingExpenseTypes } from '../domains/reference-data/schema';

/*
 * The demo's driver expenses (docs/driver-expenses.md): what drivers claimed for recent jobs, in all
 * three states — waiting for the office, approved (one a client pays, billed with its job) and
 * declined with a reason — so Finance → Driver expenses has work on every tab.
 */

interface Plan {
  type: string;
  amountMinor: number;
  status: 'pending' | 'approved' | 'declined';
  note?: string;
  paidBy?: 'company' | 'client';
  declineReason?: string;
}

const plans: Plan[] = [
  { type: 'Parking', amountMinor: 650, status: 'pending', note: 'NCP at the station, waited for the passenger' },
  { type: 'Tolls', amountMinor: 250, status: 'pending' },
  { type: 'Congestion charge', amountMinor: 1500, status: 'pending', note: 'Central London pick-up' },
  { type: 'Airport drop-off fee', amountMinor: 700, status: 'pending' },
  { type: 'Parking', amountMinor: 1180, status: 'pending', note: 'Hospital car park, two hours' },
  { type: 'Tolls', amountMinor: 520, status: 'pending', note: 'Dartford crossing both ways' },
  { type: 'Parking', amountMinor: 480, status: 'approved' },
  { type: 'Airport drop-off fee', amountMinor: 700, status: 'approved', paidBy: 'client', note: 'Terminal 5' },
  { type: 'Congestion charge', amountMinor: 1500, status: 'approved' },
  { type: 'Tolls', amountMinor: 250, status: 'approved' },
  { type: 'Parking', amountMinor: 2400, status: 'declined', declineReason: 'Parking fine, not an expense of the job.' },
  {
    type: 'Tolls',
    amountMinor: 900,
    status: 'declined',
    declineReason: 'Claimed twice: see the expense of the day before.',
  },
];

const HOUR = 3_600_000;

export async function seedDriverExpenses(db: Db, companyId: number): Promise<void> {
  const types = new Map(
    (
      await db
        .select({ id: bookingExpenseTypes.id, name: bookingExpenseTypes.name })
        .from(bookingExpenseTypes)
        .where(eq(bookingExpenseTypes.companyId, companyId))
    ).map((t) => [t.name, t.id]),
  );
  const [company] = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'admin')))
    .orderBy(asc(users.id))
    .limit(1);
  // Done jobs of the last two weeks, not billed yet: a client's first, for the expense a client pays.
  const jobs = (
    await db.execute<{ id: number; driver_id: number; client_id: number | null; done_at: Date | string }>(sql`
      select b.id, b.driver_id, b.client_id, coalesce(b.completed_at, b.pickup_at) as done_at
      from bookings b
      where b.company_id = ${companyId} and b.status = 'completed' and b.driver_id is not null
        and b.pickup_at between now() - interval '14 days' and now() - interval '2 hours'
        and not exists (select 1 from invoice_lines l where l.company_id = b.company_id and l.booking_id = b.id)
      order by b.pickup_at desc limit 40`)
  ).rows;
  const withClient = jobs.filter((j) => j.client_id !== null);
  const rest = jobs.filter((j) => j.client_id === null);
  const values = plans.flatMap((plan, i) => {
    const typeId = types.get(plan.type);
    const job = plan.paidBy === 'client' ? withClient[0] : (rest[i] ?? withClient[i + 1]);
    if (!typeId || !job) return [];
    const createdAt = new Date(Math.min(new Date(job.done_at).getTime() + HOUR / 2, Date.now() - HOUR));
    const decided = plan.status !== 'pending';
    return [
      {
        companyId,
        driverId: Number(job.driver_id),
        bookingId: Number(job.id),
        expenseTypeId: typeId,
        amountMinor: plan.amountMinor,
        currency: company?.currency ?? 'GBP',
        note: plan.note ?? null,
        status: plan.status,
        paidBy: plan.paidBy ?? 'company',
        declineReason: plan.declineReason ?? null,
        decidedBy: decided ? (admin?.id ?? null) : null,
        decidedAt: decided ? new Date(Math.min(createdAt.getTime() + 20 * HOUR, Date.now())) : null,
        version: decided ? 2 : 1,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (values.length) await db.insert(driverExpenses).values(values);
}
