import { metresBetween, type Point } from '../../platform/geo';

/**
 * Rates of the estimate until the pricing work gives companies their own: minor units of the
 * company currency. docs/bookings.md lists them.
 */
export const quoteDefaults = {
  baseFareMinor: 350,
  perKmMinor: 130,
  minimumFareMinor: 600,
  perHourMinor: 3500,
  /** Roads are longer than the straight line between two points. */
  roadFactor: 1.3,
  averageSpeedKmh: 40,
  /** Vehicle types seating six or more cost this much more. */
  largeVehicleFactor: 1.3,
  largeVehicleSeats: 6,
} as const;

export interface JourneyToQuote {
  points: Point[];
  hireMinutes?: number | null | undefined;
  vehicleSeats?: number | null | undefined;
}

export interface JourneyQuote {
  priceMinor: number;
  baseFareMinor: number;
  distanceMinor: number;
  hireMinor: number;
  distanceMetres: number | null;
  durationSeconds: number | null;
  method: 'distance' | 'hourly';
  note: string;
}

const roundTo10 = (minor: number) => Math.round(minor / 10) * 10;

/**
 * The price of a journey: the one place that prices bookings, so the pricing work can replace it.
 * Hourly hire: base fare plus the hours booked. Otherwise: base fare plus the straight-line distance
 * between consecutive stops times the road factor, at a rate per kilometre, never under the minimum.
 */
export function quoteJourney(journey: JourneyToQuote): JourneyQuote {
  const r = quoteDefaults;
  const factor = (journey.vehicleSeats ?? 0) >= r.largeVehicleSeats ? r.largeVehicleFactor : 1;
  let straight = 0;
  for (let i = 1; i < journey.points.length; i++) {
    straight += metresBetween(journey.points[i - 1] as Point, journey.points[i] as Point);
  }
  const distanceMetres = journey.points.length > 1 ? Math.round(straight * r.roadFactor) : null;
  const drivingSeconds =
    distanceMetres === null ? null : Math.round((distanceMetres / 1000 / r.averageSpeedKmh) * 3600);
  if (journey.hireMinutes) {
    const hireMinor = roundTo10((journey.hireMinutes / 60) * r.perHourMinor * factor);
    const baseFareMinor = roundTo10(r.baseFareMinor * factor);
    return {
      priceMinor: baseFareMinor + hireMinor,
      baseFareMinor,
      distanceMinor: 0,
      hireMinor,
      distanceMetres,
      durationSeconds: journey.hireMinutes * 60,
      method: 'hourly',
      note: 'Estimate: base fare plus the hours booked; the pricing models will replace it.',
    };
  }
  const baseFareMinor = roundTo10(r.baseFareMinor * factor);
  const distanceMinor = roundTo10(((distanceMetres ?? 0) / 1000) * r.perKmMinor * factor);
  const priceMinor = Math.max(roundTo10(r.minimumFareMinor * factor), baseFareMinor + distanceMinor);
  return {
    priceMinor,
    baseFareMinor,
    distanceMinor: priceMinor - baseFareMinor,
    hireMinor: 0,
    distanceMetres,
    durationSeconds: drivingSeconds,
    method: 'distance',
    note: 'Estimate: straight-line distance between the stops times 1.3 for roads, at a rate per kilometre; the pricing models will replace it.',
  };
}
