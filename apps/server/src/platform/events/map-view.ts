/**
 * What part of the map an office screen shows: the positions it is sent. A screen that never said
 * (the board, a list) hears every driver of its company; a map says its visible areas and the drivers
 * it follows wherever they are (a booking's trail).
 */
export interface MapArea {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapView {
  areas: MapArea[];
  drivers: ReadonlySet<number>;
}

/** A screen follows at most this many areas and drivers: enough for maps side by side and trails. */
export const MAX_VIEW_AREAS = 20;
export const MAX_VIEW_DRIVERS = 500;

export class MapViewError extends Error {}

const inRange = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/**
 * Reads a view frame ({type: 'view', areas, drivers}); `areas: null` means every driver again.
 * An area crossing the antimeridian has west > east.
 */
export function readMapView(frame: { areas?: unknown; drivers?: unknown }): MapView | null {
  if (frame.areas === null) return null;
  const areas = frame.areas ?? [];
  const drivers = frame.drivers ?? [];
  if (!Array.isArray(areas) || areas.length > MAX_VIEW_AREAS)
    throw new MapViewError(`areas must be a list of at most ${MAX_VIEW_AREAS} areas, or null for every driver`);
  if (!Array.isArray(drivers) || drivers.length > MAX_VIEW_DRIVERS)
    throw new MapViewError(`drivers must be a list of at most ${MAX_VIEW_DRIVERS} driver ids`);
  const checked = areas.map((a: Partial<MapArea> | null, i) => {
    if (
      !a ||
      !inRange(a.south, -90, 90) ||
      !inRange(a.north, -90, 90) ||
      !inRange(a.west, -180, 180) ||
      !inRange(a.east, -180, 180) ||
      a.south > a.north
    ) {
      throw new MapViewError(`areas.${i} must have south ≤ north (latitudes) and west, east (longitudes)`);
    }
    return { south: a.south, west: a.west, north: a.north, east: a.east };
  });
  drivers.forEach((d: unknown, i) => {
    if (!Number.isInteger(d) || (d as number) < 1) throw new MapViewError(`drivers.${i} must be a driver id`);
  });
  return { areas: checked, drivers: new Set(drivers as number[]) };
}

export function inView(view: MapView, driverId: number, lat: number, lng: number): boolean {
  if (view.drivers.has(driverId)) return true;
  return view.areas.some(
    (a) =>
      lat >= a.south &&
      lat <= a.north &&
      (a.west <= a.east ? lng >= a.west && lng <= a.east : lng >= a.west || lng <= a.east),
  );
}
