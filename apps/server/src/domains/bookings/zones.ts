import { and, asc, desc, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { postcodeProviderOf } from '../flights/providers';
import { zones } from '../reference-data/schema';
import { insidePolygon, type Point } from '../../platform/geo';
import { providersOf } from '../provider-settings/effective';

type Ctx = CallContext<Session>;

export interface ZoneHit {
  id: number;
  name: string;
  description: string | null;
}

/** The company's active zones, highest priority first (an inner zone drawn over a wider one wins). */
export async function zonesOf(ctx: Ctx) {
  return ctx.db
    .select({ id: zones.id, name: zones.name, description: zones.description, polygon: zones.polygon })
    .from(zones)
    .where(and(eq(zones.companyId, ctx.session.companyId), eq(zones.isActive, true)))
    .orderBy(desc(zones.priority), asc(zones.id));
}

export type ZoneList = Awaited<ReturnType<typeof zonesOf>>;

export function zoneIn(list: ZoneList, point: Point | null): ZoneHit | null {
  if (!point) return null;
  const hit = list.find((z) => insidePolygon(point, z.polygon));
  return hit ? { id: hit.id, name: hit.name, description: hit.description } : null;
}

/** A stop's point: its coordinates, else the centre of its postcode when one is known. */
export async function pointOf(
  ctx: Ctx,
  stop: { lat?: number | null | undefined; lng?: number | null | undefined; postcode?: string | null | undefined },
): Promise<Point | null> {
  if (typeof stop.lat === 'number' && typeof stop.lng === 'number') return { lat: stop.lat, lng: stop.lng };
  if (!stop.postcode) return null;
  const place = await postcodeProviderOf(await providersOf(ctx, 'postcode')).locate(stop.postcode);
  return place ? { lat: place.lat, lng: place.lng } : null;
}

/** Booking/GetZoneID and GetZoneNameDescription. */
export async function zoneOfPoint(
  ctx: Ctx,
  input: { lat?: number | undefined; lng?: number | undefined; postcode?: string | undefined },
) {
  const point = await pointOf(ctx, input);
  if (!point) throw fieldError('postcode', 'is not a postcode we can place; send lat and lng');
  const zone = zoneIn(await zonesOf(ctx), point);
  return {
    zoneId: zone?.id ?? null,
    name: zone?.name ?? null,
    description: zone?.description ?? null,
    lat: point.lat,
    lng: point.lng,
  };
}
