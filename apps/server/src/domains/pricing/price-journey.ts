import { InstallationCache } from '../../platform/installation-cache';
import { and, eq, inArray } from 'drizzle-orm';
import { type Discount, PricingInputError, quote, type Quote } from '@cabdesk/fare-engine';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { type AppError, fieldError } from '../../platform/http/errors';
import { insidePolygon, type Point } from '../../platform/geo';
import { outwardOf } from '../flights/outward-codes';
import { type ZoneList, zonesOf } from '../bookings/zones';
import { knownLocations } from '../reference-data/schema';
import { isBuiltIn, companyRules } from './company-rules';
import { estimateRoute, measureRoute, routerOf, type MeasuredRoute } from './routing';
import type { PriceBreakdown } from './breakdown';
import { providersOf } from '../provider-settings/effective';

type Ctx = CallContext<Session>;

/** A stop of the journey as the booking holds it: placed (a point) or not. */
export interface StopToPrice {
  point: Point | null;
  postcode?: string | null | undefined;
  knownLocationId?: number | null | undefined;
}

export interface JourneyToPrice {
  stops: StopToPrice[];
  pickupAt: Date;
  clientId?: number | null | undefined;
  vehicleTypeId?: number | null | undefined;
  hireMinutes?: number | null | undefined;
  passengers?: number | null | undefined;
  discount?: Discount | null | undefined;
  /** Price under this model alone ("try a fare"), whatever the precedence would pick. */
  modelId?: number | null | undefined;
  /** Waited at the pick-up (a done job's final price). */
  waitingSeconds?: number | null | undefined;
  /** Priced on this distance instead of the measured route's (a done job's distance driven), and its extras. */
  distanceMetres?: number | null | undefined;
  extras?: { expenseTypeId: number; quantity: number }[] | undefined;
}

export interface PricedJourney {
  /** The engine's answer with the built-in tariffs named 0: what bookings store and callers see. */
  breakdown: PriceBreakdown;
  route: MeasuredRoute;
  /** The stored version that priced it (null: a built-in tariff). */
  versionId: number | null;
  pickupZoneId: number | null;
  dropoffZoneId: number | null;
}

/** The engine's journey fields as the caller of a pricing call names them. */
const callerField: Record<string, string> = {
  hours: 'hireMinutes',
  modelId: 'pricingModelID',
  distanceMetres: 'stops',
  vehicleTypeId: 'vehicleTypeId',
  clientId: 'clientId',
  passengers: 'passengerCount',
};

/** A refusal of the engine as a 400 naming the caller's field. */
function refusal(error: PricingInputError): AppError {
  const first = error.errors[0];
  const root = first?.field.split('.')[0] ?? '';
  const field = callerField[root] ?? first?.field ?? 'stops';
  return fieldError(field, first?.message ?? error.message);
}

/** The known places of the ends: known location ids with their type (an airport pick-up waits longer). */
async function knownPlaces(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: knownLocations.id, type: knownLocations.locationType })
    .from(knownLocations)
    .where(and(eq(knownLocations.companyId, ctx.session.companyId), inArray(knownLocations.id, ids)));
  return new Map(rows.map((r) => [r.id, r.type]));
}

const zoneLists = new InstallationCache<number, { stamp: string; list: ZoneList }>(1000);

/** The company's zones, read again only when they changed (`stamp` from the rules' query). */
async function zonesCached(ctx: Ctx, stamp: string): Promise<ZoneList> {
  const hit = zoneLists.get(ctx.services, ctx.session.companyId);
  if (hit?.stamp === stamp) return hit.list;
  const list = await zonesOf(ctx);
  zoneLists.set(ctx.services, ctx.session.companyId, { stamp, list });
  return list;
}

/** The engine's place keys of one end: its known location, its postcode district, the zones it is in. */
function placeKeys(stop: StopToPrice | undefined, zoneIds: number[]): string[] {
  if (!stop) return [];
  const keys: string[] = [];
  if (stop.knownLocationId) keys.push(`location:${stop.knownLocationId}`);
  const outward = stop.postcode ? outwardOf(stop.postcode).replace(/[^A-Z0-9]/g, '') : '';
  if (outward) keys.push(`postcode:${outward}`);
  for (const id of zoneIds) keys.push(`zone:${id}`);
  return keys;
}

/** Built-in tariffs take engine ids; callers and stored breakdowns see them as 0. */
function named(q: Quote): PriceBreakdown {
  if (!isBuiltIn(q.pricedBy.id)) return q;
  return {
    ...q,
    pricedBy: { ...q.pricedBy, id: 0 },
    considered: q.considered.map((c) => (c.id !== null && isBuiltIn(c.id) ? { ...c, id: 0 } : c)),
  };
}

/**
 * The price of a journey under the company's rules: measures it (routing service or the road-factor
 * estimate), resolves its ends to zones, known places and postcode districts, loads the rules of its
 * parties and asks the fare engine. The one place the server prices anything (docs/pricing.md).
 */
export async function priceJourney(ctx: Ctx, journey: JourneyToPrice): Promise<PricedJourney> {
  const hourly = Boolean(journey.hireMinutes);
  const points = journey.stops.map((s) => s.point);
  const placed = points.every((p): p is Point => p !== null);
  if (!placed && !hourly) {
    const index = points.findIndex((p) => p === null);
    throw fieldError(`stops.${index}`, 'is not placed on the map, so the journey cannot be priced');
  }
  const { rules, setting, versionIds, zonesStamp } = await companyRules(ctx, journey);
  const zoneList = await zonesCached(ctx, zonesStamp);
  const pickup = journey.stops[0];
  const dropoff = journey.stops.length > 1 ? journey.stops[journey.stops.length - 1] : undefined;
  const zonesAt = (point: Point | null | undefined) =>
    point ? zoneList.filter((z) => insidePolygon(point, z.polygon)).map((z) => z.id) : [];
  const pickupZoneIds = zonesAt(pickup?.point);
  const dropoffZoneIds = zonesAt(dropoff?.point);
  const [measured, places] = await Promise.all([
    placed
      ? measureRoute(routerOf(await providersOf(ctx, 'routing')), points as Point[], setting.roadFactor)
      : Promise.resolve<MeasuredRoute>({ distanceMetres: 0, durationSeconds: 0, method: 'estimate' }),
    knownPlaces(
      ctx,
      [pickup?.knownLocationId].filter((id): id is number => typeof id === 'number' && id > 0),
    ),
  ]);
  const route = journey.distanceMetres != null ? { ...measured, distanceMetres: journey.distanceMetres } : measured;
  const deadMileageMetres =
    setting.base && pickup?.point ? estimateRoute([setting.base, pickup.point], setting.roadFactor).distanceMetres : 0;
  let answer: Quote;
  try {
    answer = quote(
      {
        distanceMetres: route.distanceMetres,
        durationSeconds: hourly ? (journey.hireMinutes as number) * 60 : route.durationSeconds,
        isAirportPickup: pickup?.knownLocationId ? places.get(pickup.knownLocationId) === 'airport' : false,
        vehicleTypeId: journey.vehicleTypeId ?? null,
        clientId: journey.clientId ?? null,
        pickupZoneIds,
        dropoffZoneIds,
        pickupLocationKeys: placeKeys(pickup, pickupZoneIds),
        dropoffLocationKeys: placeKeys(dropoff, dropoffZoneIds),
        deadMileageMetres,
        hours: hourly ? (journey.hireMinutes as number) / 60 : null,
        passengers: journey.passengers ?? 1,
        discount: journey.discount ?? null,
        ...(journey.waitingSeconds ? { waitingSeconds: journey.waitingSeconds } : {}),
        ...(journey.extras?.length ? { extras: journey.extras } : {}),
      },
      rules,
      journey.pickupAt.toISOString(),
      { modelId: journey.modelId ?? null },
    );
  } catch (error) {
    if (error instanceof PricingInputError) throw refusal(error);
    throw error;
  }
  return {
    breakdown: named(answer),
    route,
    versionId: versionIds.get(answer.pricedBy.id) ?? null,
    pickupZoneId: pickupZoneIds[0] ?? null,
    dropoffZoneId: dropoffZoneIds[0] ?? null,
  };
}

/** The parts of a price the booking form's older fields show: base fare, hire and the rest. */
export function priceParts(breakdown: PriceBreakdown) {
  const sum = (codes: string[]) =>
    breakdown.items.filter((i) => codes.includes(i.code)).reduce((total, i) => total + i.amount, 0);
  const baseFareMinor = sum(['base']);
  const hireMinor = sum(['hourly']);
  const discountMinor = -sum(['discount']);
  return {
    baseFareMinor,
    hireMinor,
    discountMinor,
    distanceMinor: breakdown.price - baseFareMinor - hireMinor + discountMinor,
  };
}
