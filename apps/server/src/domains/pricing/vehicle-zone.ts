import { and, asc, eq } from 'drizzle-orm';
import { multiply } from '@cabdesk/money';
import type { schemas } from '@cabdesk/contract';
import type { MileageStep, VehicleModel, ZoneModel } from '@cabdesk/fare-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { listPage, searchAny } from '../../platform/http/list';
import { zones } from '../reference-data/schema';
import { vehicleTypes } from '../vehicles/schema';
import { createModel, modelDetail, modelRow, modelsPage, updateModel } from './models';
import { pricingModels } from './schema';

type Ctx = CallContext<Session>;

const steps = (bands: readonly MileageStep[]) =>
  bands.map((s, index) => ({ index, fromKm: s.fromKm, toKm: s.toKm ?? null, ratePerKm: s.ratePerKm }));

const pageOf = <R>(input: { page: number; perPage: number }, rows: R[]) =>
  listPage(input, {
    count: async () => rows.length,
    rows: async (limit, offset) => rows.slice(offset, offset + limit),
  });

/* ---------------------------------------------------------------------------------------------- */
/* Vehicle models                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

/** A vehicle model of the company (another kind answers 404, like a missing one). */
async function vehicleModel(ctx: Ctx, id: number, version?: number) {
  const detail = await modelDetail(ctx, id, version);
  if (detail.mode !== 'vehicle') throw notFound(`Vehicle pricing model ${id}`);
  return detail;
}

export async function vehicleModelDetail(ctx: Ctx, id: number, version?: number) {
  return vehicleModel(ctx, id, version);
}

/** Pricing/GetVehiclePricingModel: the vehicle models, default first then by name. */
export async function listVehicleModels(ctx: Ctx, input: z.output<typeof schemas.vehicleModelListInput>) {
  const where = and(
    eq(pricingModels.companyId, ctx.session.companyId),
    eq(pricingModels.mode, 'vehicle'),
    input.id ? eq(pricingModels.id, input.id) : undefined,
    input.isActive === undefined ? undefined : eq(pricingModels.isActive, input.isActive),
    searchAny(input.q, [pricingModels.name]),
  );
  return modelsPage(ctx, input, where);
}

/** Pricing/CreateVehicle. */
export function createVehicleModel(ctx: Ctx, input: z.output<typeof schemas.vehicleModelInput>) {
  return createModel(ctx, { ...input, kind: 'vehicle' });
}

/** Pricing/UpdateVehicle: only a vehicle model. */
export async function updateVehicleModel(ctx: Ctx, input: z.output<typeof schemas.vehicleModelUpdateInput>) {
  const row = await modelRow(ctx, input.id);
  if (row.mode !== 'vehicle') throw notFound(`Vehicle pricing model ${input.id}`);
  return updateModel(ctx, { ...input, kind: 'vehicle' });
}

async function vehicleTypeName(ctx: Ctx, id: number) {
  const [type] = await ctx.db
    .select({ name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.id, id)));
  if (!type) throw notFound(`Vehicle type ${id}`);
  return type.name;
}

/**
 * The bands a vehicle type pays in a vehicle model: its own tariff's, else the standard tariff's
 * (with a multiplier the fare of those bands is multiplied; the bands themselves are the standard's).
 */
export async function vehicleSteps(ctx: Ctx, id: number, vehicleTypeID: number | null) {
  const detail = await vehicleModel(ctx, id);
  if (vehicleTypeID) await vehicleTypeName(ctx, vehicleTypeID);
  const model = detail.model as VehicleModel | null;
  const rate = vehicleTypeID ? model?.vehicles.find((v) => v.vehicleTypeId === vehicleTypeID) : undefined;
  const source: 'standard' | 'own' | 'multiplier' = rate?.tariff ? 'own' : rate?.multiplier ? 'multiplier' : 'standard';
  const bands = rate?.tariff ? rate.tariff.mileageSteps : (model?.standard.mileageSteps ?? []);
  return {
    id: detail.id,
    name: detail.name,
    kind: detail.kind,
    version: detail.version,
    vehicleTypeID: vehicleTypeID ?? 0,
    source,
    multiplier: rate?.multiplier ?? null,
    mileageSteps: steps(bands),
  };
}

/** Pricing/GetVehiclePricingModelMileageSteps: the bands as a list; with a multiplier, each rate as multiplied. */
export async function listVehicleSteps(ctx: Ctx, input: z.output<typeof schemas.vehicleStepsListInput>) {
  const found = await vehicleSteps(ctx, input.pricingModelID, input.vehicleTypeID);
  const multiplier = found.multiplier;
  const rows = multiplier
    ? found.mileageSteps.map((s) => ({ ...s, ratePerKm: multiply(s.ratePerKm, multiplier, 'half-up') }))
    : found.mileageSteps;
  return pageOf(input, rows);
}

/* ---------------------------------------------------------------------------------------------- */
/* Zone models                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

async function companyZones(ctx: Ctx) {
  return ctx.db
    .select({ id: zones.id, name: zones.name, colour: zones.colour, isActive: zones.isActive })
    .from(zones)
    .where(eq(zones.companyId, ctx.session.companyId))
    .orderBy(asc(zones.name), asc(zones.id));
}

/** Pricing/GetZonePricingModelForEdit: the model, its routes with zone names, the peaks and the zones. */
export async function zoneModelForEdit(ctx: Ctx, id: number, version?: number) {
  const detail = await modelDetail(ctx, id, version);
  if (detail.mode !== 'zone') throw notFound(`Zone pricing model ${id}`);
  const model = detail.model as ZoneModel | null;
  const all = await companyZones(ctx);
  const names = new Map(all.map((z) => [z.id, z.name]));
  const { model: _m, versionCreatedAt: _c, ...row } = detail;
  return {
    ...row,
    routes: (model?.routes ?? []).map((r, index) => ({
      index,
      fromZoneID: r.fromZoneId,
      fromZoneName: names.get(r.fromZoneId) ?? null,
      toZoneID: r.toZoneId,
      toZoneName: names.get(r.toZoneId) ?? null,
      reverseAlsoMatches: r.reverseAlsoMatches,
      price: r.price ?? null,
      tariff: r.tariff ?? null,
    })),
    peakTimes: model?.peakTimes ?? [],
    peakPeriods: model?.peakPeriods ?? [],
    zones: all,
  };
}

async function checkZone(ctx: Ctx, id: number) {
  const [hit] = await ctx.db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.companyId, ctx.session.companyId), eq(zones.id, id)));
  if (!hit) throw notFound(`Zone ${id}`);
}

/** A zone model's rules in force, locked for the change. */
async function zoneModelToChange(ctx: Ctx, id: number) {
  const row = await modelRow(ctx, id, true);
  if (row.mode !== 'zone') throw notFound(`Zone pricing model ${id}`);
  const detail = await modelDetail(ctx, id);
  return { row, model: detail.model as ZoneModel | null };
}

/** Writes a zone model's new rules as its next version, keeping its settings. */
function saveZoneModel(ctx: Ctx, id: number, model: Omit<ZoneModel, 'id' | 'version'>) {
  const { kind: _k, ...rules } = model;
  return updateModel(ctx, { ...rules, kind: 'zone', id });
}

/** Pricing/CreateZone: adds or replaces the route between two zones → a new version (or a new model). */
export async function putZoneRoute(ctx: Ctx, input: z.output<typeof schemas.zoneRouteInput>) {
  await checkZone(ctx, input.fromZoneID);
  await checkZone(ctx, input.toZoneID);
  const route = {
    fromZoneId: input.fromZoneID,
    toZoneId: input.toZoneID,
    reverseAlsoMatches: input.reverseAlsoMatches,
    price: input.price ?? null,
    tariff: input.tariff ?? null,
  };
  if (!input.pricingModelID) {
    if (!input.name) throw fieldError('name', 'is required for a new zone model (or name pricingModelID)');
    const made = await createModel(ctx, {
      kind: 'zone',
      name: input.name,
      routes: [route],
      peakTimes: [],
      peakPeriods: [],
      isDefault: false,
      isActive: true,
    });
    return zoneModelForEdit(ctx, made.id);
  }
  const { row, model } = await zoneModelToChange(ctx, input.pricingModelID);
  const routes = [...(model?.routes ?? [])];
  const at = routes.findIndex((r) => r.fromZoneId === route.fromZoneId && r.toZoneId === route.toZoneId);
  if (at >= 0) routes[at] = route;
  else routes.push(route);
  await saveZoneModel(ctx, row.id, {
    kind: 'zone',
    name: row.name,
    routes,
    peakTimes: model?.peakTimes ?? [],
    peakPeriods: model?.peakPeriods ?? [],
  });
  return zoneModelForEdit(ctx, row.id);
}

/** Pricing/DeleteZone: removes one route → a new version. */
export async function deleteZoneRoute(ctx: Ctx, input: z.output<typeof schemas.zoneRouteKeyInput>) {
  const { row, model } = await zoneModelToChange(ctx, input.pricingModelID);
  const routes = model?.routes ?? [];
  const kept = routes.filter((r) => !(r.fromZoneId === input.fromZoneID && r.toZoneId === input.toZoneID));
  if (kept.length === routes.length) {
    throw notFound(`The route from zone ${input.fromZoneID} to zone ${input.toZoneID} of pricing model ${row.id}`);
  }
  if (kept.length === 0) {
    throw conflict(`That is the last route of ${row.name}; a zone model keeps at least one. Delete the model instead.`);
  }
  await saveZoneModel(ctx, row.id, {
    kind: 'zone',
    name: row.name,
    routes: kept,
    peakTimes: model?.peakTimes ?? [],
    peakPeriods: model?.peakPeriods ?? [],
  });
  return zoneModelForEdit(ctx, row.id);
}

/** Pricing/getZonePricingModelMileageSteps: the bands of one route's tariff (none for a fixed price). */
export async function listZoneSteps(ctx: Ctx, input: z.output<typeof schemas.zoneStepsListInput>) {
  const detail = await modelDetail(ctx, input.pricingModelID);
  if (detail.mode !== 'zone') throw notFound(`Zone pricing model ${input.pricingModelID}`);
  const model = detail.model as ZoneModel | null;
  const route = model?.routes.find((r) => r.fromZoneId === input.fromZoneID && r.toZoneId === input.toZoneID);
  if (!route) {
    throw notFound(
      `The route from zone ${input.fromZoneID} to zone ${input.toZoneID} of pricing model ${input.pricingModelID}`,
    );
  }
  return pageOf(input, steps(route.tariff?.mileageSteps ?? []));
}
