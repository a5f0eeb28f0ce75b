import { and, asc, eq } from 'drizzle-orm';
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
