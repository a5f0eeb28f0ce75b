import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { LiveBus } from '../../platform/events/bus';
import { notFound } from '../../platform/http/errors';
import { bookings } from '../bookings/schema';
import { driverLocations, driverPositions } from '../dispatch/schema';
import { drivers } from '../drivers/schema';
import { type PositionPoint, screenPoints } from './screen-points';

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

/** Statuses in which a driver's positions belong to the journey of the job. */
const JOURNEY = sql.raw(`('on_route', 'arrived', 'on_board')`);

/**
 * Stores a batch of one driver's positions: every fresh point into the history, the newest into
 * the driver's latest position unless a newer one is already there (points arrive out of order
 * over mobile networks). One statement per batch, whatever its size: the driver check, the
 * current job, the history insert and the latest-position upsert travel together, so a fleet's
 * thousands of points a second cost a few hundred statements, not thousands. A driver of another
 * company is "not found" and nothing is written.
 *
 * The transaction commits without waiting for the disk (synchronous_commit off, for this
 * transaction only): a crash may lose the last fraction of a second of positions, which the next
 * fix replaces anyway, and the commit no longer waits on a flush — the difference between a few
 * hundred and many thousands of points a second here.
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
  const batch = JSON.stringify(
    kept.map((p) => ({
      lat: p.lat,
      lng: p.lng,
      heading: p.heading,
      speed: p.speed,
      accuracy: p.accuracy,
      recorded_at: p.recordedAt.toISOString(),
    })),
  );
  const result = await db.execute<{ found: number; stored: number; moved: number; booking_id: number | null }>(sql`
    with quick as (select set_config('synchronous_commit', 'off', true)),
    drv as (
      select d.id,
        (select b.id from ${bookings} b
          where b.company_id = d.company_id and b.driver_id = d.id and b.status in ${JOURNEY}
          order by b.on_route_at desc nulls last limit 1) as booking_id
      from ${drivers} d where d.company_id = ${companyId} and d.id = ${driverId}
    ),
    pts as (
      select * from jsonb_to_recordset(${batch}::jsonb)
        as p(lat float8, lng float8, heading real, speed real, accuracy real, recorded_at timestamptz)
    ),
    hist as (
      insert into ${driverPositions} (company_id, driver_id, booking_id, lat, lng, heading, speed, accuracy, recorded_at)
      select ${companyId}, drv.id, drv.booking_id, p.lat, p.lng, p.heading, p.speed, p.accuracy, p.recorded_at
      from pts p cross join drv
      returning 1
    ),
    latest as (
      insert into ${driverLocations} as l (driver_id, company_id, lat, lng, heading, speed, accuracy, booking_id, recorded_at, received_at)
      select drv.id, ${companyId}, p.lat, p.lng, p.heading, p.speed, p.accuracy, drv.booking_id, p.recorded_at, now()
      from (select * from pts order by recorded_at desc limit 1) p cross join drv
      on conflict (driver_id) do update set
        lat = excluded.lat, lng = excluded.lng, heading = excluded.heading, speed = excluded.speed,
        accuracy = excluded.accuracy, booking_id = excluded.booking_id, recorded_at = excluded.recorded_at,
        received_at = excluded.received_at
      where l.recorded_at < excluded.recorded_at
      returning 1
    )
    select (select count(*) from quick)::int * 0 + (select count(*) from drv)::int as found, (select count(*) from hist)::int as stored,
      (select count(*) from latest)::int as moved, (select booking_id from drv) as booking_id
  `);
  const row = result.rows[0];
  if (!row?.found) throw notFound('Driver');
  const newest = kept[kept.length - 1]!;
  const latest: LivePosition | null = row.moved
    ? {
        driverId,
        lat: newest.lat,
        lng: newest.lng,
        heading: newest.heading,
        speed: newest.speed,
        bookingId: row.booking_id,
        recordedAt: newest.recordedAt.toISOString(),
      }
    : null;
  if (latest) announce(target, companyId, latest);
  return { stored: row.stored, stale, latest };
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
