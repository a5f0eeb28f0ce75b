import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { LiveBus } from '../../platform/events/bus';
import { notFound } from '../../platform/http/errors';
import { bookings } from '../bookings/schema';
import { driverLocations, driverPositions } from '../dispatch/schema';
import { drivers } from '../drivers/schema';
import type { LivePosition } from './positions';
import { type PositionPoint, screenPoints } from './screen-points';

interface Pending {
  companyId: number;
  driverId: number;
  kept: ReturnType<typeof screenPoints>['kept'];
  resolve: (stored: number) => void;
  reject: (error: unknown) => void;
}

/** Statuses in which a driver's positions belong to the journey of the job. */
const JOURNEY = sql.raw(`('on_route', 'arrived', 'on_board')`);

/**
 * Positions arriving over drivers' sockets, written together: frames that come within a few
 * milliseconds of each other — from any drivers of any companies — share one statement. A fleet of
 * ten thousand phones sends thousands of frames a second; one statement each would keep the
 * database busy committing, while one statement per flush carries them all. The rules are those of
 * recordPositions (screenPoints; the newest point of a driver replaces the latest position only when
 * it is newer), and the answer to each frame waits for the statement that carried it.
 */
export class PositionWriter {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly options = { delayMs: 15, maxFrames: 400 },
  ) {}

  /** Checks a frame at once (400 naming the point), then stores it with its neighbours in time. */
  submit(companyId: number, driverId: number, points: readonly PositionPoint[]): Promise<number> {
    const { kept } = screenPoints(points);
    if (!kept.length) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ companyId, driverId, kept, resolve, reject });
      if (this.queue.length >= this.options.maxFrames) this.flushSoon(0);
      else this.flushSoon(this.options.delayMs);
    });
  }

  /** Writes what is waiting (on close). */
  async drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private flushSoon(delay: number) {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private flush(): Promise<void> {
    // One statement at a time: frames keep their order, and the pool stays free for calls.
    this.flushing = this.flushing.then(() => this.write(this.queue.splice(0)));
    return this.flushing;
  }

  private async write(batch: Pending[]): Promise<void> {
    if (!batch.length) return;
    const rows = batch.flatMap((f) =>
      f.kept.map((p) => ({
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
    try {
      const result = await this.db.execute<{
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
        else if (r.p) moved.set(r.c, [...(moved.get(r.c) ?? []), r.p]);
      }
      for (const f of batch) {
        if (found.has(`${f.companyId}:${f.driverId}`)) f.resolve(f.kept.length);
        else f.reject(notFound('Driver'));
      }
      for (const [companyId, positions] of moved) {
        void this.bus
          .publish({ companyId, seq: null, type: 'driver.positions', payload: { positions }, officeOnly: true })
          .catch(() => undefined);
      }
    } catch (error) {
      for (const f of batch) f.reject(error);
    }
  }
}
