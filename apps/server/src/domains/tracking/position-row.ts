import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';

export type Position = z.output<typeof schemas.position>;

interface Stored {
  lat: number | null;
  lng: number | null;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  recordedAt: Date | null;
}

/** A stored latest position as answers carry it, with its age; null when the driver was never seen. */
export function positionOf(r: Stored, now = Date.now()): Position | null {
  if (r.lat === null || r.lng === null || !r.recordedAt) return null;
  return {
    lat: r.lat,
    lng: r.lng,
    heading: r.heading,
    speed: r.speed,
    accuracy: r.accuracy,
    recordedAt: r.recordedAt.toISOString(),
    secondsAgo: Math.max(0, Math.round((now - r.recordedAt.getTime()) / 1000)),
  };
}
