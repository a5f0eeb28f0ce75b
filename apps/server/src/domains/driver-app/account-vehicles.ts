import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { listPage, searchAny } from '../../platform/http/list';
import { companyToday, documentRank, stateOfRank } from '../documents/owner-documents';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

const typeOfVehicle = and(eq(vehicleTypes.companyId, vehicles.companyId), eq(vehicleTypes.id, vehicles.vehicleTypeId));

/**
 * Driver/GetDriverVehicleListDrvApp: active vehicles of the fleet and the driver's own car. Another
 * driver's own car is that driver's, so it is left out. The driver's own car comes first, then the
 * vehicles nobody has on an open shift (AddDriverShift refuses those with 409 anyway).
 */
export function ownVehicleChoices(ctx: Ctx, input: z.output<typeof schemas.driverAppVehicleListInput>) {
  const driverId = signedInDriverId(ctx);
  const where = and(
    eq(vehicles.companyId, ctx.session.companyId),
    eq(vehicles.isActive, true),
    or(isNull(vehicles.ownerDriverId), eq(vehicles.ownerDriverId, driverId)),
    searchAny(input.q, [vehicles.registration, vehicles.make, vehicles.model]),
  );
  const isAssigned = sql<boolean>`coalesce(${vehicles.ownerDriverId} = ${driverId}, false)`;
  const takenBy = sql<string | null>`(select d.first_name || ' ' || d.last_name
    from driver_shifts s join drivers d on d.company_id = s.company_id and d.id = s.driver_id
    where s.company_id = ${vehicles.companyId} and s.vehicle_id = ${vehicles.id} and s.ended_at is null
      and s.driver_id <> ${driverId}
    order by s.started_at desc limit 1)`;
  return listPage(input, {
    count: async () =>
      (await ctx.db.select({ n: count() }).from(vehicles).innerJoin(vehicleTypes, typeOfVehicle).where(where))[0]?.n ??
      0,
    rows: async (limit, offset) => {
      const today = await companyToday(ctx);
      const rows = await ctx.db
        .select({
          id: vehicles.id,
          registration: vehicles.registration,
          make: vehicles.make,
          model: vehicles.model,
          colour: vehicles.colour,
          vehicleTypeId: vehicles.vehicleTypeId,
          vehicleTypeName: vehicleTypes.name,
          isAssigned,
          takenBy,
          documentRank: documentRank('vehicle', vehicles, today),
        })
        .from(vehicles)
        .innerJoin(vehicleTypes, typeOfVehicle)
        .where(where)
        .orderBy(desc(isAssigned), sql`${takenBy} is not null`, asc(vehicles.registration), asc(vehicles.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ documentRank: rank, ...r }) => ({
        ...r,
        name: [r.registration, [r.make, r.model].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
        documentState: stateOfRank(rank),
      }));
    },
  });
}
