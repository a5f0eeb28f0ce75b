/** Points, distances and shapes on the earth, for quotes, zones, suggestions and routes. */
export interface Point {
  lat: number;
  lng: number;
}

const EARTH_METRES = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres. */
export function metresBetween(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a path in whole metres. */
export function pathMetres(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += metresBetween(points[i - 1]!, points[i]!);
  return Math.round(total);
}

/**
 * At most `max` points of a path, evenly spread, always keeping the first and the last: a long
 * journey's thousands of fixes draw the same line with a fraction of them.
 */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  if (max < 2) return points.slice(-1);
  const step = (points.length - 1) / (max - 1);
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(points[Math.round(i * step)]!);
  return out;
}

/**
 * Whether a point lies inside a polygon of [lat, lng] vertices (ray casting). Zones are city-sized,
 * so treating degrees as a plane is exact enough; a point on an edge may fall either way.
 */
export function insidePolygon(point: Point, polygon: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i] as readonly [number, number];
    const [yj, xj] = polygon[j] as readonly [number, number];
    const crosses = yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi;
    if (crosses) inside = !inside;
  }
  return inside;
}
