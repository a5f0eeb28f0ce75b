import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { LiveBus } from '../../platform/events/bus';
import { notFound } from '../../platform/http/errors';
import { drivers } from '../drivers/schema';
import { type PositionPoint, screenPoints } from './screen-points';
import { storePositions } from './store-positions';

export type { PositionPoint } from './screen-points';

/** The shape the live map receives (apps/web/src/api/live.ts LivePosition). */
export interface LivePosition {
  driverId: number;
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
  bookingId: number | null;
  recordedAt: string;
}

export interface RecordedPositions {
  /** Points written to the history. */
  stored: number;
  /** Points older than a day, dropped. */
  stale: number;
  /** The newest point, when it became the driver's latest (null when older than the stored one). */
  latest: LivePosition | null;
}

/**
 * Where positions are written and announced:
 * - a call's context (in a transaction): announced after the commit;
 * - a database with a bus (a driver's socket, no transaction): announced at once;
 * - a bare database (demo data, scripts): not announced.
 */
export type PositionsTarget =
  | Db
  | { db: Db; services: { bus: LiveBus }; afterCommit: (effect: () => void | Promise<void>) => void }
  | { db: Db; bus: LiveBus };

/**
 * Stores a batch of one driver's positions in one statement (store-positions.ts): every fresh point
 * into the history, the newest into the latest position unless a newer one is there. A driver of
 * another company is "not found" and nothing is written.
 */
export async function recordPositions(
  target: PositionsTarget,
  companyId: number,
  driverId: number,
  points: readonly PositionPoint[],
): Promise<RecordedPositions> {
  const { kept, stale } = screenPoints(points);
  const db = 'select' in target ? target : target.db;
  if (!kept.length) {
    // Every point was stale: nothing to store, but the driver must still be one of the company's.
    const [known] = await db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.companyId, companyId), eq(drivers.id, driverId)));
    if (!known) throw notFound('Driver');
    return { stored: 0, stale, latest: null };
  }
  const { found, moved } = await storePositions(db, [{ companyId, driverId, points: kept }]);
  if (!found.has(`${companyId}:${driverId}`)) throw notFound('Driver');
  const latest = moved.get(companyId)?.[0] ?? null;
  if (latest) announce(target, companyId, latest);
  return { stored: kept.length, stale, latest };
}

/**
 * Positions take the hub's light path: no live_events row (they are never replayed), gathered per
 * company and sent to office screens every 50 ms. Only a point that moved the driver's latest
 * position is announced; an older one would move the marker backwards.
 */
function announce(target: PositionsTarget, companyId: number, position: LivePosition): void {
  if ('select' in target) return;
  const bus = 'bus' in target ? target.bus : target.services.bus;
  const publish = () =>
    bus.publish({
      companyId,
      seq: null,
      type: 'driver.positions',
      payload: { positions: [position] },
      officeOnly: true,
    });
  if ('afterCommit' in target) target.afterCommit(publish);
  else void publish().catch(() => undefined);
}
