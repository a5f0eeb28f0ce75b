import { schemas } from '@cabdesk/contract';
import { fieldError } from '../../platform/http/errors';

const { MAX_POSITIONS_PER_BATCH } = schemas;

/** A device's clock may run a little ahead of ours; further ahead is a broken clock. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** Older points are of no use to the map or a route any more. */
export const STALE_AFTER_MS = 24 * 60 * 60_000;

export interface PositionPoint {
  lat: number;
  lng: number;
  heading?: number | null | undefined;
  speed?: number | null | undefined;
  accuracy?: number | null | undefined;
  recordedAt: string | Date;
}

export interface ScreenedPoint {
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  recordedAt: Date;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function optional(value: unknown, field: string, min: number, max: number): number | null {
  if (value === undefined || value === null) return null;
  if (!finite(value) || value < min || value > max) throw fieldError(field, `must be a number from ${min} to ${max}`);
  return value;
}

/**
 * Checks a batch of positions and keeps those worth storing. Impossible values and points from the
 * future are the sender's mistake (400 naming the field); stale points are dropped quietly, because
 * a phone that was offline for a day sends its backlog in good faith. Points are returned oldest
 * first, one per instant.
 */
export function screenPoints(
  points: readonly PositionPoint[],
  now = Date.now(),
): { kept: ScreenedPoint[]; stale: number } {
  if (!Array.isArray(points) || points.length === 0) throw fieldError('points', 'needs at least one position');
  if (points.length > MAX_POSITIONS_PER_BATCH) {
    throw fieldError('points', `may have at most ${MAX_POSITIONS_PER_BATCH} positions`);
  }
  const byInstant = new Map<number, ScreenedPoint>();
  let stale = 0;
  points.forEach((p, i) => {
    const at = `points.${i}`;
    if (!p || typeof p !== 'object') throw fieldError(at, 'must be a position');
    if (!finite(p.lat) || p.lat < -90 || p.lat > 90) throw fieldError(`${at}.lat`, 'must be a latitude');
    if (!finite(p.lng) || p.lng < -180 || p.lng > 180) throw fieldError(`${at}.lng`, 'must be a longitude');
    // 0,0 is in the Gulf of Guinea: in practice it is a phone reporting before it has a fix.
    if (p.lat === 0 && p.lng === 0) throw fieldError(`${at}.lat`, 'must be a real fix (0, 0 means no GPS fix)');
    const heading = optional(p.heading, `${at}.heading`, 0, 360);
    const speed = optional(p.speed, `${at}.speed`, 0, 120);
    const accuracy = optional(p.accuracy, `${at}.accuracy`, 0, 100_000);
    const recordedAt = p.recordedAt instanceof Date ? p.recordedAt : new Date(String(p.recordedAt ?? ''));
    const time = recordedAt.getTime();
    if (!Number.isFinite(time)) throw fieldError(`${at}.recordedAt`, 'must be an ISO 8601 date-time with a zone');
    if (time > now + CLOCK_SKEW_MS) throw fieldError(`${at}.recordedAt`, 'must not be in the future');
    if (time < now - STALE_AFTER_MS) {
      stale++;
      return;
    }
    byInstant.set(time, { lat: p.lat, lng: p.lng, heading, speed, accuracy, recordedAt });
  });
  const kept = [...byInstant.values()].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  return { kept, stale };
}
