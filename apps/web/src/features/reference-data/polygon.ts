/** [latitude, longitude], the zone API's point. */
export type LatLng = [number, number];

export const LONDON: LatLng = [51.5074, -0.1278];

/** Six decimals are about 10 cm: more than a click can mean, and what known locations store. */
export function roundPoint([lat, lng]: LatLng): LatLng {
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return [r(lat), r(Math.max(-180, Math.min(180, lng)))];
}

export function appendPoint(points: readonly LatLng[], point: LatLng): LatLng[] {
  return [...points, roundPoint(point)];
}

/** Puts a point between `index` and the next one (the edge a midpoint handle sits on). */
export function insertAfter(points: readonly LatLng[], index: number, point: LatLng): LatLng[] {
  return [...points.slice(0, index + 1), roundPoint(point), ...points.slice(index + 1)];
}

export function movePoint(points: readonly LatLng[], index: number, point: LatLng): LatLng[] {
  return points.map((p, i) => (i === index ? roundPoint(point) : p));
}

export function removePoint(points: readonly LatLng[], index: number): LatLng[] {
  return points.filter((_, i) => i !== index);
}

export function removeLast(points: readonly LatLng[]): LatLng[] {
  return points.slice(0, -1);
}

/**
 * The handles between neighbouring points, including the closing edge once the outline is a
 * polygon; `index` is the point the edge starts at.
 */
export function midpoints(points: readonly LatLng[]): { index: number; point: LatLng }[] {
  if (points.length < 2) return [];
  const edges = points.length >= 3 ? points.length : 1;
  return Array.from({ length: edges }, (_, index) => {
    const a = points[index]!;
    const b = points[(index + 1) % points.length]!;
    return { index, point: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as LatLng };
  });
}

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The box around every point of several outlines; null when there is no point. */
export function boundsOf(outlines: readonly (readonly LatLng[])[]): Bounds | null {
  const all = outlines.flat();
  if (!all.length) return null;
  const lats = all.map((p) => p[0]);
  const lngs = all.map((p) => p[1]);
  return {
    south: Math.min(...lats),
    west: Math.min(...lngs),
    north: Math.max(...lats),
    east: Math.max(...lngs),
  };
}

/** A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `target` parts. */
export function niceStep(span: number, target = 6): number {
  if (!(span > 0)) return 1;
  const raw = span / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  const factor = scaled < 1.5 ? 1 : scaled < 3.5 ? 2 : scaled < 7.5 ? 5 : 10;
  return factor * power;
}

/** The latitudes and longitudes of a coordinate grid over the visible box, on round values. */
export function gridLines(bounds: Bounds, target = 6): { lats: number[]; lngs: number[]; step: number } {
  const step = niceStep(Math.max(bounds.north - bounds.south, bounds.east - bounds.west), target);
  const lines = (from: number, to: number) => {
    const out: number[] = [];
    // Counted in whole steps so rounding errors do not pile up; `+ 0` turns -0 into 0.
    for (let i = Math.ceil(from / step); i * step <= to && out.length < 200; i++) {
      out.push(Number((i * step).toFixed(10)) + 0);
    }
    return out;
  };
  return {
    lats: lines(Math.max(bounds.south, -90), Math.min(bounds.north, 90)),
    lngs: lines(Math.max(bounds.west, -180), Math.min(bounds.east, 180)),
    step,
  };
}

/** A grid value with as many decimals as the step needs (0.005 → 3). */
export function formatCoordinate(value: number, step: number): string {
  const decimals = Math.max(0, Math.min(6, Math.ceil(-Math.log10(step) - 1e-9)));
  return value.toFixed(decimals);
}

/**
 * An outline as an SVG path inside a `size` square, north up, longitudes shrunk by the cosine of
 * the latitude so shapes keep their proportions. Used for the list's small previews.
 */
export function svgPath(points: readonly LatLng[], size: number, padding = 2): string {
  const box = boundsOf([points]);
  if (!box || points.length < 2) return '';
  const cos = Math.cos((((box.north + box.south) / 2) * Math.PI) / 180);
  const width = (box.east - box.west) * cos;
  const height = box.north - box.south;
  const scale = (size - padding * 2) / Math.max(width, height, 1e-9);
  const offsetX = (size - width * scale) / 2;
  const offsetY = (size - height * scale) / 2;
  const xy = ([lat, lng]: LatLng) =>
    `${((lng - box.west) * cos * scale + offsetX).toFixed(1)} ${((box.north - lat) * scale + offsetY).toFixed(1)}`;
  return `M${points.map(xy).join(' L')} Z`;
}
