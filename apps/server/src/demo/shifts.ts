import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { driverShifts } from '../domains/dispatch/schema';
import { drivers } from '../domains/drivers/schema';
import { vehicles } from '../domains/vehicles/schema';

/**
 * Puts most of a company's active drivers on shift in one of the fleet's vehicles, so that the board's
 * sidebar, the map and the suggestions have someone to show: mostly available, some busy or on a break,
 * the rest offline (the state a driver starts in).
 */
export async function seedDriversOnShift(db: Db, companyId: number, now = new Date()): Promise<void> {
  const people = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.companyId, companyId), eq(drivers.isActive, true)))
    .orderBy(asc(drivers.id));
  const fleet = await db
    .select({ id: vehicles.id, ownerDriverId: vehicles.ownerDriverId })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.isActive, true)))
    .orderBy(asc(vehicles.id));
  const free = fleet.filter((v) => v.ownerDriverId === null);
  let next = 0;
  for (const [i, person] of people.entries()) {
    // One in four stays offline; of the rest, most are available, some busy or on a break.
    if (i % 4 === 3) continue;
    const availability = i % 7 === 1 ? 2 : i % 9 === 2 ? 4 : 1;
    const own = fleet.find((v) => v.ownerDriverId === person.id);
    const vehicle = own ?? free[next++ % Math.max(free.length, 1)];
    await db.insert(driverShifts).values({
      companyId,
      driverId: person.id,
      vehicleId: vehicle?.id ?? null,
      startedAt: new Date(now.getTime() - (2 + (i % 6)) * 3_600_000),
    });
    await db
      .update(drivers)
      .set({ availability })
      .where(and(eq(drivers.companyId, companyId), eq(drivers.id, person.id)));
  }
}

/**
 * The shifts of the past: for each driver and company day before today with done jobs, a shift from
 * a while before setting off to the first job until a while after the last drop-off, in the vehicle
 * of that day's jobs, so the reports' hours on shift, utilisation and revenue per vehicle hour read
 * past months as they would in a company that records its shifts.
 */
export async function seedPastShifts(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`
    insert into driver_shifts (company_id, driver_id, vehicle_id, started_at, ended_at)
    select b.company_id, b.driver_id, min(b.vehicle_id),
      min(b.on_route_at) - interval '40 minutes', max(b.completed_at) + interval '45 minutes'
    from bookings b join companies c on c.id = b.company_id
    where b.company_id = ${companyId} and b.driver_id is not null
      and b.status in ('completed', 'no_show') and b.on_route_at is not null and b.completed_at is not null
      and b.completed_at < (date_trunc('day', now() at time zone c.timezone) at time zone c.timezone) - interval '2 hours'
    group by b.company_id, b.driver_id, (b.pickup_at at time zone c.timezone)::date`);
}
