import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { bookings } from '../bookings/schema';
import { driverLocations, driverPositions } from '../dispatch/schema';
import { drivers } from '../drivers/schema';
import type { LivePosition } from './positions';
import type { ScreenedPoint } from './screen-points';

/** Statuses in which a driver's positions belong to the journey of the job. */
const JOURNEY = sql.raw(`('on_route', 'arrived', 'on_board')`);

export interface DriverPoints {
  companyId: number;
  driverId: number;
  points: readonly ScreenedPoint[];
}

export interface StoredPositions {
  /** `company:driver` of every driver found (another company's driver is not). */
  found: Set<string>;
  /** The positions that became their driver's latest, by company. */
  moved: Map<number, LivePosition[]>;
}

/**
 * Stores screened points of any drivers in one statement: every point into the history (tagged
 * with the job the driver is driving), the newest of each driver into the latest position unless a
 * newer one is already there (points arrive out of order over mobile networks). The transaction
 * commits without waiting for the disk (synchronous_commit off, for it only): a crash may lose the
 * last fraction of a second of positions, which the next fix replaces anyway.
 */
export async function storePositions(db: Db, batch: readonly DriverPoints[]): Promise<StoredPositions> {
  const rows = batch.flatMap((f) =>
    f.points.map((p) => ({
      c: f.companyId,
      d: f.driverId,
      lat: p.lat,
      lng: p.lng,
      heading: p.heading,
      speed: p.speed,
      accuracy: p.accuracy,
      at: p.recordedAt.toISOString(),
    })),
  );
  const result = await db.execute<{
    kind: 'found' | 'moved';
    c: number;
    d: number;
    p: LivePosition | null;
  }>(sql`
        with quick as (select set_config('synchronous_commit', 'off', true)),
        pts as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as p(c int, d int, lat float8, lng float8, heading real, speed real, accuracy real, at timestamptz)
        ),
        drv as (
          select d.company_id as c, d.id as d,
            (select b.id from ${bookings} b
              where b.company_id = d.company_id and b.driver_id = d.id and b.status in ${JOURNEY}
              order by b.on_route_at desc nulls last limit 1) as booking_id
          from ${drivers} d where (d.company_id, d.id) in (select distinct c, d from pts)
        ),
        hist as (
          insert into ${driverPositions} (company_id, driver_id, booking_id, lat, lng, heading, speed, accuracy, recorded_at)
          select p.c, p.d, drv.booking_id, p.lat, p.lng, p.heading, p.speed, p.accuracy, p.at
          from pts p join drv on drv.c = p.c and drv.d = p.d
          returning 1
        ),
        newest as (select distinct on (c, d) * from pts order by c, d, at desc),
        latest as (
          insert into ${driverLocations} as l (driver_id, company_id, lat, lng, heading, speed, accuracy, booking_id, recorded_at, received_at)
          select n.d, n.c, n.lat, n.lng, n.heading, n.speed, n.accuracy, drv.booking_id, n.at, now()
          from newest n join drv on drv.c = n.c and drv.d = n.d
          on conflict (driver_id) do update set
            lat = excluded.lat, lng = excluded.lng, heading = excluded.heading, speed = excluded.speed,
            accuracy = excluded.accuracy, booking_id = excluded.booking_id, recorded_at = excluded.recorded_at,
            received_at = excluded.received_at
          where l.recorded_at < excluded.recorded_at
          returning l.company_id as c, l.driver_id as d, l.lat, l.lng, l.heading, l.speed, l.booking_id, l.recorded_at
        )
        select 'found' as kind, c, d, null::json as p from drv
          where (select count(*) from quick) >= 0 and (select count(*) from hist) >= 0
        union all
        select 'moved', c, d, json_build_object('driverId', d, 'lat', lat, 'lng', lng, 'heading', heading,
          'speed', speed, 'bookingId', booking_id,
          'recordedAt', to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from latest
      `);
  const found = new Set<string>();
  const moved = new Map<number, LivePosition[]>();
  for (const r of result.rows) {
    if (r.kind === 'found') found.add(`${r.c}:${r.d}`);
    else if (r.p) {
      const list = moved.get(r.c);
      if (list) list.push(r.p);
      else moved.set(r.c, [r.p]);
    }
  }
  return { found, moved };
}
