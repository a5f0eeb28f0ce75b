import type { Config } from '../../config';
import { metresBetween, type Point } from '../../platform/geo';

/** How a journey between placed stops was measured. */
export interface MeasuredRoute {
  distanceMetres: number;
  durationSeconds: number;
  /** `road`: a routing service drove it; `estimate`: the straight line times the road factor. */
  method: 'road' | 'estimate';
}

/** A routing service outside the machine: the driving distance and time through the stops in order. */
export interface Router {
  readonly name: string;
  /** Throws when the service does not answer or finds no route. */
  route(points: readonly Point[]): Promise<{ distanceMetres: number; durationSeconds: number }>;
}

/** Average speed of the offline estimate, over town and main roads. */
export const ESTIMATE_SPEED_KMH = 40;

/** The offline answer: straight lines between the stops times the road factor, at an average speed. */
export function estimateRoute(points: readonly Point[], roadFactor: number): MeasuredRoute {
  let straight = 0;
  for (let i = 1; i < points.length; i++) straight += metresBetween(points[i - 1] as Point, points[i] as Point);
  const distanceMetres = Math.round(straight * roadFactor);
  return {
    distanceMetres,
    durationSeconds: Math.round((distanceMetres / 1000 / ESTIMATE_SPEED_KMH) * 3600),
    method: 'estimate',
  };
}

/** OSRM's route service (and compatible ones): GET {url}/route/v1/driving/{lng,lat;…}?overview=false. */
export function osrm(baseUrl: string): Router {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    name: 'osrm',
    async route(points) {
      const path = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
      const url = new URL(`route/v1/driving/${path}`, base);
      url.searchParams.set('overview', 'false');
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { code?: string; routes?: { distance?: number; duration?: number }[] };
      const best = body.routes?.[0];
      if (body.code !== 'Ok' || typeof best?.distance !== 'number' || typeof best.duration !== 'number') {
        throw new Error(`no route (${body.code ?? 'no code'})`);
      }
      return { distanceMetres: Math.round(best.distance), durationSeconds: Math.round(best.duration) };
    },
  };
}

/** The routing service configuration selects (ROUTING_API_URL); none by default (the offline estimate). */
export function routerOf(config: Pick<Config, 'routingApiUrl'>): Router | null {
  return config.routingApiUrl ? osrm(config.routingApiUrl) : null;
}

/**
 * The journey's distance and driving time: the routing service when one is set and answers, else the
 * offline estimate. A price is never refused because a service outside the machine is down.
 */
export async function measureRoute(
  router: Router | null,
  points: readonly Point[],
  roadFactor: number,
  onFailure?: (error: unknown) => void,
): Promise<MeasuredRoute> {
  if (points.length < 2) return { distanceMetres: 0, durationSeconds: 0, method: 'estimate' };
  if (router) {
    try {
      return { ...(await router.route(points)), method: 'road' };
    } catch (error) {
      onFailure?.(error);
    }
  }
  return estimateRoute(points, roadFactor);
}
