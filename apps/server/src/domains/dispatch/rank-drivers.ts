/**
 * Ranks drivers for a booking: a pure function over rows already loaded, so that a benchmark can
 * call it directly and a board among thousands of online drivers answers in a few milliseconds.
 *
 * ETA is the straight-line (great-circle) distance at an average town speed: honest about being an
 * estimate, and needs no routing service. Drivers that could not be hard-allocated (expired papers,
 * a vehicle of another type) are left out; the rest are ranked by ETA plus penalties in seconds.
 */

import { metresBetween } from '../../platform/geo';

export type PaperState = 'valid' | 'expiring' | 'expired' | 'missing';

export interface DriverCandidate {
  driverId: number;
  driverName: string;
  callsign: string | null;
  vehicleId: number | null;
  vehicleRegistration: string | null;
  vehicleTypeId: number | null;
  vehicleTypeName: string | null;
  lat: number;
  lng: number;
  /** Epoch milliseconds of the latest position. */
  seenAt: number;
  onShift: boolean;
  /** The worst state over the driver's and the shift vehicle's mandatory documents. */
  documentState: PaperState;
  /** Jobs the driver holds that the booking would overlap, in words ("Has job #123 14:00–15:10"). */
  clashes?: readonly string[];
}

export interface RankOptions {
  pickup: { lat: number; lng: number };
  /** The vehicle type the booking asks for; null when any will do. */
  vehicleTypeId: number | null;
  limit: number;
  speedKmh: number;
  now: number;
}

export interface RankedDriver {
  driverId: number;
  driverName: string;
  callsign: string | null;
  vehicleId: number | null;
  vehicleRegistration: string | null;
  vehicleTypeId: number | null;
  vehicleTypeName: string | null;
  distanceMetres: number;
  etaSeconds: number;
  onShift: boolean;
  vehicleTypeFits: boolean;
  documentsValid: boolean;
  lastSeenAt: string;
  score: number;
  reasons: string[];
}

export interface RankResult {
  ranked: RankedDriver[];
  leftOut: { expiredDocuments: number; wrongVehicleType: number };
}

/** Penalties in seconds of ETA: a nearer driver with a flaw still wins over a far one without. */
export const PENALTY = {
  missingDocuments: 600,
  noVehicle: 300,
  offShift: 900,
  stalePosition: 180,
  /** Per overlapping job: allocating needs the dispatcher's confirmation. */
  overlap: 1800,
} as const;

/** A position older than this is not trusted as "where the driver is now". */
export const STALE_AFTER_MS = 10 * 60 * 1000;

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;
const METRES_PER_DEGREE = EARTH_RADIUS_M * RAD;

/** Great-circle distance in metres (the answer's figure; ranking uses a flat approximation). */
export const distanceMetres = metresBetween;

const km = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`);
const minutes = (s: number) => (s < 60 ? 'under a minute' : `about ${Math.round(s / 60)} min`);

interface Scored {
  c: DriverCandidate;
  score: number;
}

export function rankDrivers(candidates: readonly DriverCandidate[], options: RankOptions): RankResult {
  const metresPerSecond = (options.speedKmh * 1000) / 3600;
  const cosLat = Math.cos(options.pickup.lat * RAD);
  const leftOut = { expiredDocuments: 0, wrongVehicleType: 0 };
  // The best `limit` so far, kept sorted by score: one pass, no sort of the whole fleet.
  const best: Scored[] = [];
  for (const c of candidates) {
    if (c.documentState === 'expired') {
      leftOut.expiredDocuments++;
      continue;
    }
    if (options.vehicleTypeId !== null && c.vehicleTypeId !== null && c.vehicleTypeId !== options.vehicleTypeId) {
      leftOut.wrongVehicleType++;
      continue;
    }
    // Flat-earth distance for ranking: no trigonometry per driver, and inside the search box
    // (tens of kilometres) it orders drivers as the great circle does. Answers use the great circle.
    const dy = c.lat - options.pickup.lat;
    const dx = (c.lng - options.pickup.lng) * cosLat;
    let score = (Math.sqrt(dx * dx + dy * dy) * METRES_PER_DEGREE) / metresPerSecond;
    if (c.documentState === 'missing') score += PENALTY.missingDocuments;
    if (c.vehicleId === null) score += PENALTY.noVehicle;
    if (!c.onShift) score += PENALTY.offShift;
    if (options.now - c.seenAt > STALE_AFTER_MS) score += PENALTY.stalePosition;
    if (c.clashes?.length) score += PENALTY.overlap * c.clashes.length;
    if (best.length === options.limit && score >= best[best.length - 1]!.score) continue;
    let i = best.length;
    while (i > 0 && best[i - 1]!.score > score) i--;
    best.splice(i, 0, { c, score });
    if (best.length > options.limit) best.pop();
  }
  return { ranked: best.map((s) => explain(s, options)), leftOut };
}

function explain({ c, score }: Scored, options: RankOptions): RankedDriver {
  const distance = distanceMetres(options.pickup, c);
  const eta = distance / ((options.speedKmh * 1000) / 3600);
  const vehicleTypeFits =
    c.vehicleId !== null
      ? options.vehicleTypeId === null || c.vehicleTypeId === options.vehicleTypeId
      : options.vehicleTypeId === null;
  const documentsValid = c.documentState === 'valid' || c.documentState === 'expiring';
  const ageMs = options.now - c.seenAt;
  const reasons = [
    `${km(distance)} from the pick-up in a straight line, ${minutes(eta)} at ${options.speedKmh} km/h`,
    c.onShift ? 'on shift' : 'not on shift (ranked lower)',
  ];
  if (c.vehicleId === null) reasons.push('no vehicle on the shift (ranked lower)');
  else if (options.vehicleTypeId === null) reasons.push(`drives ${c.vehicleRegistration} (${c.vehicleTypeName})`);
  else reasons.push(`${c.vehicleTypeName} ${c.vehicleRegistration} fits the booking`);
  if (c.documentState === 'missing') reasons.push('a mandatory document is missing (ranked lower)');
  else if (c.documentState === 'expiring') reasons.push('documents valid, one expiring soon');
  else reasons.push('documents valid');
  for (const clash of c.clashes ?? []) reasons.push(`${clash} (ranked lower)`);
  if (ageMs > STALE_AFTER_MS) reasons.push(`position ${Math.round(ageMs / 60_000)} min old (ranked lower)`);
  return {
    driverId: c.driverId,
    driverName: c.driverName,
    callsign: c.callsign,
    vehicleId: c.vehicleId,
    vehicleRegistration: c.vehicleRegistration,
    vehicleTypeId: c.vehicleTypeId,
    vehicleTypeName: c.vehicleTypeName,
    distanceMetres: Math.round(distance),
    etaSeconds: Math.round(eta),
    onShift: c.onShift,
    vehicleTypeFits,
    documentsValid,
    lastSeenAt: new Date(c.seenAt).toISOString(),
    score: Math.round(score),
    reasons,
  };
}
