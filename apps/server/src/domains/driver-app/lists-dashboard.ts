import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { doneStatuses } from '@cabdesk/contract';
import { notFound } from '../../platform/http/errors';
import { companyFacts } from '../bookings/company';
import { driverJobRowsWhere } from './job-rows';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';
import { driverEarnings } from './lists-earnings';
import { driverUpcoming } from './lists-jobs';
import { mondayOf } from './lists-week';

const availabilityNames: Record<number, string> = { 1: 'Available', 2: 'Busy', 3: 'Offline', 4: 'On break' };

/** Booking/GetDriverDashboardDetails */
export async function driverDashboard(ctx: Ctx) {
  const driverId = signedInDriverId(ctx);
  const { timezone: tz, currency } = await companyFacts(ctx);
  const [me] = await ctx.db
    .select({ availability: drivers.availability, today: sql<string>`to_char(now() at time zone ${tz}, 'YYYY-MM-DD')` })
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driverId)));
  if (!me) throw notFound('Driver');
  const todayJobs = await driverJobRowsWhere(
    ctx,
    and(
      eq(bookings.companyId, ctx.session.companyId),
      eq(bookings.driverId, driverId),
      notInArray(bookings.status, ['cancelled', 'rejected']),
      sql`${bookings.pickupAt} >= ((${me.today}::date)::timestamp at time zone ${tz})`,
      sql`${bookings.pickupAt} < ((${me.today}::date + 1)::timestamp at time zone ${tz})`,
    ),
    [asc(bookings.pickupAt), asc(bookings.id)],
    100,
  );
  const week = await driverEarnings(ctx, { fromDate: mondayOf(me.today), toDate: me.today });
  const { booking: nextJob } = await driverUpcoming(ctx);
  return {
    today: me.today,
    currency,
    availability: me.availability,
    availabilityName: availabilityNames[me.availability] ?? 'Unknown',
    todayJobs,
    todayJobCount: todayJobs.length,
    todayDoneCount: todayJobs.filter((j) => doneStatuses.includes(j.status)).length,
    earningsTodayMinor: week.days.at(-1)?.earningsMinor ?? 0,
    earningsWeekMinor: week.totalMinor,
    earningsTodayEstimatedMinor: week.days.at(-1)?.estimatedMinor ?? 0,
    earningsWeekEstimatedMinor: week.estimatedMinor,
    nextJob,
  };
}
