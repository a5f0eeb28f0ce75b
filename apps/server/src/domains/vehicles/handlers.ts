import { and, asc, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { handlers, type CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { fixedLookup, inMemory } from '../reference-data/lookups';
import { tags } from '../reference-data/schema';
import { ownerStatisticsHandlers } from '../statistics/owner-handlers';
import { listVehicles } from './list';
import { createVehicle, deleteVehicle, updateVehicle } from './register';
import { vehicles, vehicleTypes } from './schema';

type Ctx = CallContext<Session>;

/** Statistics of another company's vehicle answer 404, like a missing one. */
async function ensureVehicle(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.id, id)));
  if (!row) throw notFound(`Vehicle ${id}`);
}

const vehicleName = (v: { registration: string; make: string | null; model: string | null }) => {
  const car = [v.make, v.model].filter(Boolean).join(' ');
  return car ? `${v.registration} — ${car}` : v.registration;
};

export const vehiclesHandlers = handlers({
  'Vehicle/GetTableSummary': (input, ctx) => listVehicles(ctx, input),
  'Vehicle/Create': (input, ctx) => createVehicle(ctx, input),
  'Vehicle/Update': (input, ctx) => updateVehicle(ctx, input),
  'Vehicle/Delete': (input, ctx) => deleteVehicle(ctx, input.id),

  'Vehicle/GetVehicleClassList': fixedLookup('vehicleClass'),

  'Vehicle/GetVehicleTypeList': async (input, ctx) => {
    const rows = await ctx.db
      .select({
        id: vehicleTypes.id,
        name: vehicleTypes.name,
        maxPassengers: vehicleTypes.maxPassengers,
        maxLuggage: vehicleTypes.maxLuggage,
      })
      .from(vehicleTypes)
      .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.isActive, true)))
      .orderBy(asc(vehicleTypes.sortOrder), asc(vehicleTypes.name));
    return inMemory(rows, input);
  },

  'Vehicle/GetVehicleTagList': async (input, ctx) => {
    const rows = await ctx.db
      .select({ id: tags.id, name: tags.name, colour: tags.colour })
      .from(tags)
      .where(and(eq(tags.companyId, ctx.session.companyId), eq(tags.tagType, 'vehicle'), eq(tags.isActive, true)))
      .orderBy(asc(tags.name));
    return inMemory(rows, input);
  },

  'Vehicle/GetVehicleList': async (input, ctx) => {
    const rows = await ctx.db
      .select({
        id: vehicles.id,
        registration: vehicles.registration,
        make: vehicles.make,
        model: vehicles.model,
        vehicleTypeId: vehicles.vehicleTypeId,
      })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.isActive, true)))
      .orderBy(asc(vehicles.registration), asc(vehicles.id));
    return inMemory(
      rows.map((v) => ({
        id: v.id,
        registration: v.registration,
        name: vehicleName(v),
        vehicleTypeId: v.vehicleTypeId,
      })),
      input,
    );
  },

  ...ownerStatisticsHandlers('vehicle', ensureVehicle, {
    statistics: 'Vehicle/GetVehicleStatistics',
    count: 'Vehicle/GetVehicleBookingCount',
    weekDays: 'Vehicle/GetVehicleWeekDays',
    trends: 'Vehicle/GetvehicleBookingTrends',
  }),
});
