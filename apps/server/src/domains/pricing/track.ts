import { sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { metresBetween, type Point } from '../../platform/geo';

type Ctx = CallContext<Session>;

/** Fixes less certain than this are left out of a track: a phone indoors can be a street off. */
export const TRACK_ACCURACY_METRES = 100;
/** A hop faster than this between two fixes is a GPS jump, not driving. */
export const TRACK_MAX_SPEED_KMH = 200;

export interface TrackFix extends Point {
  at: number;
  accuracy: number | null;
}

/**
 * The length of a recorded track in metres: consecutive fixes summed, leaving out uncertain fixes and
 * jumps no car could drive. Null when fewer than two fixes remain (no track: the priced distance stands).
 */
export function trackLength(fixes: readonly TrackFix[]): number | null {
  const usable = fixes.filter((f) => f.accuracy === null || f.accuracy <= TRACK_ACCURACY_METRES);
  if (usable.length < 2) return null;
  let metres = 0;
  let last = usable[0] as TrackFix;
  for (const fix of usable.slice(1)) {
    const hop = metresBetween(last, fix);
    const hours = Math.max(1, fix.at - last.at) / 3_600_000;
    if (hop / 1000 / hours > TRACK_MAX_SPEED_KMH) continue;
    metres += hop;
    last = fix;
  }
  return Math.round(metres);
}

/**
 * The distance driven between two moments of a job, from the positions tagged with it: with the
 * passenger on board (on-board to drop-off), or to the pick-up (setting off to arrival).
 */
export async function drivenMetres(ctx: Ctx, bookingId: number, from: Date | null, to: Date): Promise<number | null> {
  const { rows } = await ctx.db.execute<{ lat: number; lng: number; accuracy: number | null; at: string }>(sql`
    select lat, lng, accuracy, recorded_at as at from driver_positions
    where company_id = ${ctx.session.companyId} and booking_id = ${bookingId}
      and recorded_at <= ${to.toISOString()}::timestamptz
      and (${from?.toISOString() ?? null}::timestamptz is null or recorded_at >= ${from?.toISOString() ?? null}::timestamptz)
    order by recorded_at`);
  return trackLength(
    rows.map((r) => ({ lat: Number(r.lat), lng: Number(r.lng), accuracy: r.accuracy, at: Date.parse(r.at) })),
  );
}
